/**
 * Keeps the queue alive on every page (SPEC §4, §9): removes jobs older than 2 days, follows every
 * unfinished job (again on each page load and each time the job list opens — SPEC §9 "a job whose
 * polls ran out is picked up again"), announces status changes, and, when signed in, refreshes the
 * list from `GET /v2/queue` on load and whenever the job list opens. The HTTP client and the poller
 * load only when there is something to poll or refresh.
 *
 * Unfinished jobs are followed over the API's event stream where the browser and the API offer it
 * (./job-stream.ts, docs/api.md "Job events"): one connection while any job is unfinished, closed
 * when none is. Until it is live, and for good once it proves unavailable, each job is long-polled.
 * @module
 */
import { entryWithJobAnswer, getJob, listJobs, type JobAnswer } from '../shared/api/generate-api'
import type { I18nValue } from '../shared/i18n/context'
import { jobFinished, LONG_POLL } from '../shared/skin/job-polling'
import { $auth } from '../shared/stores/auth'
import { $drawerOpen } from '../shared/stores/drawer'
import { $queue, $queueRefreshing, applyServerJobs, purgeExpiredJobs, updateQueueEntry, type QueueEntry } from '../shared/stores/queue'
import { announceJob } from './job-announce'
import type { JobPoller } from './job-poller'
import { loadBrowserApi } from './load-api'

let poller: Promise<JobPoller> | undefined
const loadPoller = () =>
  (poller ??= Promise.all([import('./job-poller'), loadBrowserApi()]).then(([p, api]) =>
    p.createJobPoller({
      fetchJob: (id, now, waitMs) => getJob(api, id, now, waitMs),
      now: Date.now,
      random: Math.random,
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      exclusive: p.webLockExclusive,
      longPollMs: LONG_POLL.waitMs,
    }),
  ))

/** Starts watching the queue; `i18n` words the snackbars. */
export function startJobWatch(i18n: I18nValue): void {
  const polling = new Set<string>()
  /** Jobs whose polls ran out in this page load (or that another tab polls); retried when the job list opens. */
  const paused = new Set<string>()

  purgeExpiredJobs(Date.now())

  /**
   * The event stream: `off` (no unfinished job, or no EventSource), `connecting` (jobs wait for it),
   * `live`, or `unavailable` for the rest of this page (jobs are polled).
   */
  let stream: 'off' | 'connecting' | 'live' | 'unavailable' = typeof EventSource === 'undefined' ? 'unavailable' : 'off'
  let closeStream = () => {}
  const unfinished = () => Object.values($queue.get()).filter((entry) => !jobFinished(entry))
  const applyAnswer = (answer: JobAnswer) => updateQueueEntry(answer.job.id, (entry) => entryWithJobAnswer(entry, answer, Date.now()))
  /** One plain read of each unfinished job: the changes made before the stream started are not in it. */
  const readUnfinished = async () => {
    const api = await loadBrowserApi()
    for (const entry of unfinished()) {
      const answer = await getJob(api, entry.job.id, Date.now()).catch(() => null)
      if (answer) applyAnswer(answer)
    }
  }
  const startStream = () => {
    stream = 'connecting'
    let closed = false
    closeStream = () => {
      closed = true
    }
    void import('./job-stream').then(({ openJobStream }) => {
      if (closed) return
      closeStream = openJobStream({
        open: () => new EventSource('/api/v2/queue/events'),
        onJob: applyAnswer,
        onReady(fresh) {
          stream = 'live'
          if (fresh) void readUnfinished()
        },
        onUnavailable() {
          stream = 'unavailable'
          pollUnfinished()
        },
        timer: (ms, fn) => {
          const id = setTimeout(fn, ms)
          return () => clearTimeout(id)
        },
      })
    }, () => {
      // The stream's code did not load (offline, a new build): poll.
      stream = 'unavailable'
      pollUnfinished()
    })
  }
  /** Opens the stream while a job is unfinished and closes it once none is; true while it follows the jobs. */
  const followByStream = (): boolean => {
    if (stream === 'unavailable') return false
    const any = unfinished().length > 0
    if (any && stream === 'off') startStream()
    if (!any && stream !== 'off') {
      closeStream()
      stream = 'off'
    }
    return any
  }

  const pollUnfinished = () => {
    if (followByStream()) return
    for (const entry of Object.values($queue.get())) {
      const id = entry.job.id
      if (jobFinished(entry) || polling.has(id) || paused.has(id)) continue
      polling.add(id)
      void loadPoller()
        .then((p) => p.poll(id))
        .catch((error: unknown) => console.warn('[jobs] polling failed', error))
        .finally(() => {
          polling.delete(id)
          const after = $queue.get()[id]
          if (after && !jobFinished(after)) paused.add(id)
        })
    }
  }

  let previous: Record<string, QueueEntry> = $queue.get()
  $queue.listen((next) => {
    // SPEC §4: any status change of a known job is announced (here, in the tab that polled it, and in
    // every other open tab through the storage event).
    for (const [id, entry] of Object.entries(next)) {
      const before = previous[id]
      if (before && before.job.status !== entry.job.status) announceJob(entry, i18n)
    }
    previous = next
    pollUnfinished()
  })

  const refreshFromServer = async () => {
    $queueRefreshing.set(true)
    try {
      const jobs = await listJobs(await loadBrowserApi())
      applyServerJobs(jobs)
    } catch (error) {
      console.warn('[jobs] refresh failed', error)
    } finally {
      $queueRefreshing.set(false)
    }
  }
  // The auth check runs on load and each time the job list opens (SPEC §4); its answer triggers the refresh.
  $auth.listen((state) => {
    if (state.status === 'signed-in') void refreshFromServer()
  })
  // The first check may have answered before this module loaded.
  if ($auth.get().status === 'signed-in') void refreshFromServer()
  $drawerOpen.listen((open) => {
    if (!open) return
    paused.clear()
    pollUnfinished()
  })

  pollUnfinished()
}
