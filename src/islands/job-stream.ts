/**
 * Follows the visitor's jobs over the API's event stream (`GET /v2/queue/events`, docs/api.md "Job
 * events") instead of one long-poll per job: one connection for all of them, and each change arrives
 * as it happens. Loaded by the job watcher (./job-watch.ts) only while a job is unfinished, never
 * with the page (DESIGN.md §4 JavaScript budget).
 *
 * The browser's EventSource reconnects by itself and sends `Last-Event-ID`, so a dropped connection
 * loses nothing. A stream that cannot be had — an API that does not offer it (MineSkin, the API
 * Worker's 501), a proxy that holds the answer back, a connection that stays down — is given up, and
 * the watcher polls as before.
 * @module
 */
import { jobAnswerSchema, type JobAnswer } from '../shared/api/generate-api'

/** What the stream needs of an EventSource (tests pass a stand-in). */
export interface EventSourceLike {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  close(): void
}

/** EventSource's `readyState` once it gave up for good (a non-200 answer, a wrong type, or `close()`). */
const CLOSED = 2

/** Time to wait for the stream's `ready`, ms: after it, the stream is taken as unavailable (buffered or down). */
export const STREAM_READY_MS = 8000

/** What the stream reports to; injected so tests drive it without a server or a clock. */
export interface JobStreamDeps {
  /** Opens the stream (the page: an EventSource on `/api/v2/queue/events`). */
  open(): EventSourceLike
  /** A job changed: the answer `GET /v2/queue/{id}` would give at that change. */
  onJob(answer: JobAnswer): void
  /**
   * The stream is live. `fresh`: it starts without the changes made before it (first connection,
   * or after `resync`), so unfinished jobs should be read once; false after a resumed reconnection.
   */
  onReady(fresh: boolean): void
  /** The stream cannot be had: poll instead. Called at most once; the stream is closed by then. */
  onUnavailable(): void
  /** Runs `fn` after `ms`; returns its cancel. */
  timer(ms: number, fn: () => void): () => void
}

/** Opens the stream; the returned function closes it (no job left to follow). */
export function openJobStream(deps: JobStreamDeps): () => void {
  const source = deps.open()
  let ended = false
  let live = false
  let fresh = true
  let cancelWait = () => {}
  const giveUp = () => {
    if (ended) return
    ended = true
    cancelWait()
    source.close()
    deps.onUnavailable()
  }
  /** Until `ready` comes (first connection or a reconnection), the stream has this long. */
  const awaitReady = () => {
    cancelWait()
    cancelWait = deps.timer(STREAM_READY_MS, giveUp)
  }
  awaitReady()
  source.addEventListener('ready', () => {
    if (ended) return
    cancelWait()
    live = true
    deps.onReady(fresh)
    fresh = false
  })
  source.addEventListener('resync', () => {
    fresh = true
  })
  source.addEventListener('job', (event) => {
    if (ended) return
    let data: unknown
    try {
      data = JSON.parse(event.data)
    } catch {
      return
    }
    const answer = jobAnswerSchema.safeParse(data)
    if (answer.success) deps.onJob(answer.data)
  })
  source.addEventListener('error', () => {
    if (ended) return
    // Closed for good (refused, or not an event stream): poll. Otherwise the browser reconnects.
    if (source.readyState === CLOSED) return giveUp()
    if (live) {
      live = false
      awaitReady()
    }
  })
  return () => {
    if (ended) return
    ended = true
    cancelWait()
    source.close()
  }
}
