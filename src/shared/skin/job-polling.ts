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
 *
 * Long-polls ({@link LONG_POLL}): where the API holds a poll until the job finished, the
 * page's polls go without the schedule's delays and each may last up to `LONG_POLL.waitMs`; the
 * count and the stop rule are the same, so a job is still asked about at most 6 times per page load
 * (then up to a minute in all). The schedule above stays for APIs that answer at once (MineSkin).
 * @module
 */
import { JOB_WAIT_MAX_MS } from '../api/job-wait'

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

/** The page's long-polls (src/islands/job-poller.ts). */
export const LONG_POLL = {
  /** The `wait` each long-poll asks for: the API's cap, so a slow (Mojang) job costs fewest requests. */
  waitMs: JOB_WAIT_MAX_MS,
  /** An unfinished answer this much before the wait ran out was not held: the API ignores `wait`. */
  earlyMs: 1000,
  /**
   * Long-polls open at once per page; further jobs poll on the schedule meanwhile. Over HTTP/1.1 a
   * browser opens about 6 connections per host, and the form's uploads and the page need some.
   */
  maxOpen: 2,
  /**
   * The short wait on the generate form's submits (`POST /v2/queue?wait=`): the API holds only a job
   * it expects to finish within it, so with the local signer the submit's answer is the finished
   * job, and a slower signer's job is answered at once, as without it.
   */
  submitWaitMs: 1000,
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
