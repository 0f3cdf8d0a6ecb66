/**
 * The texture PNGs of jobs a submit stored and queued here, kept until the job runs, by job id: the run
 * that follows at once in the same isolate (the API Worker: src/api/cloudflare/queues-job-queue.ts
 * "A job starts at once") signs the bytes its submit had instead of reading back the blob it just wrote.
 * Each is kept with the time of its submit's duplicate lookup, which found no data row for the texture:
 * a run that starts soon after, with no run of the same texture here since, takes that lookup as its own
 * (./lookup-holds.ts) instead of asking D1 again. Bounded: the oldest are dropped, and a
 * job run elsewhere or later reads its blob and looks for a duplicate itself, as always.
 * @module
 */

import { createKeptOnce } from './kept-once'

/** What a submit keeps for its job's run. */
export interface KeptInput {
  /** The texture PNG as stored. */
  png: Uint8Array
  /** When the submit's duplicate lookup found no data row for the texture (epoch ms). */
  lookedUpAt: number
}

/** The store of kept inputs, at most `max`: `keep(jobId, input)`, and `take(jobId)` once. */
export const createJustStored = (max: number) => createKeptOnce<KeptInput>(max)
