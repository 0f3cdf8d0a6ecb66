/**
 * The texture PNGs of jobs a submit stored and queued here, kept until the job runs, by job id: the run
 * that follows at once in the same isolate (the API Worker: src/api/cloudflare/queues-job-queue.ts
 * "A job starts at once") signs the bytes its submit had instead of reading back the blob it just wrote.
 * The run still looks for a duplicate itself: another job of the same texture may have finished between
 * its submit's lookup and now. Bounded: the oldest are dropped, and a job run elsewhere or later reads its
 * blob, as always.
 * @module
 */

import { createKeptOnce } from './kept-once'

/** The store of kept PNGs, at most `max`: `keep(jobId, png)`, and `take(jobId)` once. */
export const createJustStored = (max: number) => createKeptOnce<Uint8Array>(max)
