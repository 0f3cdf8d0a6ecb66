/**
 * Polls unfinished jobs on the SPEC §9 schedule until they finish or their polls run out (see
 * `shared/skin/job-polling.ts` for the stop rule). Every answer updates the queue store; the job
 * watcher turns the resulting status changes into snackbars. Tabs of the same site share the work:
 * a job is polled by one tab at a time (Web Locks), the others follow through the persisted store.
 * @module
 */
import { ApiCallError } from '../shared/api/api-call-error'
import { entryWithJobAnswer, type JobAnswer } from '../shared/api/generate-api'
import { pollDelay, shouldStopPolling } from '../shared/skin/job-polling'
import { $queue, updateQueueEntry, type QueueEntry } from '../shared/stores/queue'

/** What the poller needs; injected so tests run the schedule without waiting. */
export interface JobPollerDeps {
  /** `GET /v2/queue/{id}?t=`; throws ApiCallError for 4xx/5xx. */
  fetchJob(id: string, now: number): Promise<JobAnswer | null>
  now(): number
  /** [0, 1), for the schedule's random part. */
  random(): number
  /** Waits `ms`. */
  wait(ms: number): Promise<void>
  /** Runs `task` unless another tab already polls job `id`. Default: always runs it. */
  exclusive?(id: string, task: () => Promise<void>): Promise<void>
}

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

  /** One polling cycle: up to the poll limit, or until the job finished. */
  async function cycle(id: string) {
    // A new cycle (page load, job list opened) starts counting polls from zero.
    updateQueueEntry(id, (entry) => ({ ...entry, check: { ...entry.check, count: 0 } }))
    for (;;) {
      const before = $queue.get()[id]
      if (!before) return
      await deps.wait(pollDelay(before.check.count, deps.random))
      const entry = $queue.get()[id]
      if (!entry) return
      const now = deps.now()
      let next: QueueEntry
      try {
        const answer = await deps.fetchJob(id, now)
        next = answer ? entryWithJobAnswer(entry, answer, now) : { ...entry, check: { last: now, count: entry.check.count + 1 } }
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 404) next = lost(entry, error, now)
        // Anything else (offline, 5xx after the client's retry) costs this poll; the next one tries again.
        else next = { ...entry, check: { last: now, count: entry.check.count + 1 } }
      }
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
