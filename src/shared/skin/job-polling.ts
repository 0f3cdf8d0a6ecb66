/**
 * When the browser asks about a job again, and when it stops (SPEC §4 "Job status item polling",
 * §9 "Polling"): the first poll after 500 ms plus up to 800 ms at random, every next one after 600 ms
 * plus up to 600 ms at random plus 200 ms per poll made so far.
 *
 * Stop rule. SPEC §9 says "stop after more than 5 polls (another reading: 6 polls)". We take the
 * first reading: polling stops once the count of polls made is more than 5, so a job is asked about
 * at most 6 times per page load (about 8 s in all). Both readings end after the sixth poll; this one
 * states the limit as "more than 5", which {@link pollsExhausted} tests literally. An unfinished job
 * whose polls ran out is picked up again on the next page load (and when the job list opens).
 * @module
 */

/** Polling timing constants (SPEC §9). */
export const POLL = {
  firstBaseMs: 500,
  firstJitterMs: 800,
  nextBaseMs: 600,
  nextJitterMs: 600,
  perPollMs: 200,
  /** Polling stops once more than this many polls were made. */
  maxPolls: 5,
} as const

/** Delay before the next poll, given how many polls were made already; `random` returns [0, 1). */
export function pollDelay(pollsMade: number, random: () => number): number {
  if (pollsMade === 0) return POLL.firstBaseMs + random() * POLL.firstJitterMs
  return POLL.nextBaseMs + random() * POLL.nextJitterMs + POLL.perPollMs * pollsMade
}

/** What the stop rule reads of a queue entry. */
export interface PolledJob {
  job: { status: string }
  skin?: string
}

/**
 * SPEC §4, §5: a job is finished when it failed, or when it is no longer waiting or processing and a
 * skin is present ("a job result counts as a completed skin only when the status is completed and the
 * skin is present"). A `completed` answer without a skin is polled again.
 */
export function jobFinished(entry: PolledJob): boolean {
  const { status } = entry.job
  if (status === 'failed') return true
  return status !== 'waiting' && status !== 'processing' && entry.skin !== undefined
}

/** True once more polls than the limit were made (see the module note on the two readings). */
export const pollsExhausted = (pollsMade: number): boolean => pollsMade > POLL.maxPolls

/** Whether to stop polling this entry now. */
export const shouldStopPolling = (entry: PolledJob, pollsMade: number): boolean => jobFinished(entry) || pollsExhausted(pollsMade)
