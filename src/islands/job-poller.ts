/**
 * Polls unfinished jobs until they finish or their polls run out (see `shared/skin/job-polling.ts`
 * for the stop rule). Every answer updates the queue store; the job watcher turns the resulting
 * status changes into snackbars. Tabs of the same site share the work: a job is polled by one tab at
 * a time (Web Locks), the others follow through the persisted store.
 *
 * Long-polls first: a poll asks the API to hold its answer until the job finished
 * (`wait`, src/shared/api/job-wait.ts), and the first goes at once, so a job is announced when it
 * finishes, not at the first poll of the SPEC §9 schedule 0.5–1.3 s later (a job signed within the
 * submit's own short wait comes back finished and is not polled: ./generate/submit.ts). A long-poll
 * that ends at its wait unfinished counts as a poll and is followed by the next at once.
 * The schedule takes over when a long-poll answers early and unfinished (the API ignores `wait`, as
 * MineSkin's does: from then on for the whole page) or fails, and for the jobs beyond
 * `LONG_POLL.maxOpen` held at once (a browser opens ~6 connections per host over HTTP/1.1).
 * @module
 */
import { ApiCallError } from '../shared/api/api-call-error'
import { entryWithJobAnswer, type JobAnswer } from '../shared/api/generate-api'
import { LONG_POLL, pollDelay, shouldStopPolling } from '../shared/skin/job-polling'
import { $queue, updateQueueEntry, type QueueEntry } from '../shared/stores/queue'

/** What the poller needs; injected so tests run the schedule without waiting. */
export interface JobPollerDeps {
  /** `GET /v2/queue/{id}?t=` (with `wait=waitMs` when > 0); throws ApiCallError for 4xx/5xx. */
  fetchJob(id: string, now: number, waitMs: number): Promise<JobAnswer | null>
  now(): number
  /** [0, 1), for the schedule's random part. */
  random(): number
  /** Waits `ms`. */
  wait(ms: number): Promise<void>
  /** Runs `task` unless another tab already polls job `id`. Default: always runs it. */
  exclusive?(id: string, task: () => Promise<void>): Promise<void>
  /** The `wait` of a long-poll, ms (the page: `LONG_POLL.waitMs`); 0 or absent: the SPEC §9 schedule only. */
  longPollMs?: number
}

/** Still queued or running: an answer with one of these before its wait ran out was not held. */
const pending = (status: string) => status === 'waiting' || status === 'processing'

/** A job the server no longer knows (404) fails with the server's message. */
const lost = (entry: QueueEntry, error: ApiCallError, now: number): QueueEntry => ({
  ...entry,
  job: { ...entry.job, status: 'failed' },
  errors: [{ code: error.code, message: error.message }],
  check: { last: now, count: entry.check.count + 1 },
})

/** Creates the poller: `poll(id)` runs one polling cycle for a job and resolves when it ends. */
export function createJobPoller(deps: JobPollerDeps) {
  const exclusive = deps.exclusive ?? ((_id: string, task: () => Promise<void>) => task())
  const longPollMs = deps.longPollMs ?? 0
  /** False once the API answered a long-poll early with an unfinished job: it does not hold answers. */
  let held = longPollMs > 0
  /** Long-polls open now, over all jobs. */
  let open = 0

  /** One polling cycle: up to the poll limit, or until the job finished. */
  async function cycle(id: string) {
    // A new cycle (page load, job list opened) starts counting polls from zero.
    updateQueueEntry(id, (entry) => ({ ...entry, check: { ...entry.check, count: 0 } }))
    // The first long-poll goes at once; after a short poll, a failure or an early answer, the schedule's delay comes first.
    let paced = false
    for (;;) {
      const before = $queue.get()[id]
      if (!before) return
      const long = held && open < LONG_POLL.maxOpen
      if (!long || paced) await deps.wait(pollDelay(before.check.count, deps.random))
      const entry = $queue.get()[id]
      if (!entry) return
      const now = deps.now()
      let next: QueueEntry
      let early = true
      if (long) open++
      try {
        const answer = await deps.fetchJob(id, now, long ? longPollMs : 0)
        next = answer ? entryWithJobAnswer(entry, answer, now) : { ...entry, check: { last: now, count: entry.check.count + 1 } }
        early = deps.now() - now < longPollMs - LONG_POLL.earlyMs
        if (long && early && answer && pending(answer.job.status)) held = false
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 404) next = lost(entry, error, now)
        // Anything else (offline, 5xx after the client's retry) costs this poll; the next one tries again.
        else next = { ...entry, check: { last: now, count: entry.check.count + 1 } }
      } finally {
        if (long) open--
      }
      paced = !long || early
      updateQueueEntry(id, () => next)
      if (shouldStopPolling(next, next.check.count)) return
    }
  }

  return {
    /** Polls job `id` until it finished or its polls ran out (skipped while another tab polls it). */
    poll: (id: string): Promise<void> => exclusive(id, () => cycle(id)),
  }
}

/** The poller type. */
export type JobPoller = ReturnType<typeof createJobPoller>

/** Web Locks: one tab polls a job; another tab asking at the same time skips it (`ifAvailable`). */
export function webLockExclusive(id: string, task: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return task()
  return navigator.locks
    .request(`ssg:job:${id}`, { ifAvailable: true }, async (lock) => {
      if (lock) await task()
    })
    .then(() => undefined)
}
