/**
 * The API Worker's side of the job event object (./job-events-object.ts): the notifier every writer of
 * a job row calls, and the per-request hub of `GET /v2/queue/events` (./remote-job-event-hub.ts).
 * One object, by name, holds every stream (docs/cloudflare.md says why one and what it costs). Plain
 * stub calls, no `cloudflare:workers` import. A stub is made per call: each call's I/O belongs to the
 * invocation that makes it.
 * @module
 */
import type { DurableObjectNamespace } from '@cloudflare/workers-types'
import type { JobEventsObject } from './job-events-object'
import { subscribeUrl } from './job-events-protocol'
import { remoteJobEventHub } from './remote-job-event-hub'

/** The name of the one object. */
export const JOB_EVENTS_OBJECT = 'job-events'

/** Options of {@link durableJobEvents}. */
export interface DurableJobEventsOptions {
  /** Reports a notification that failed or timed out, and a subscription body that broke. */
  report: (e: unknown) => void
  /**
   * How long a writer waits for the object to take a notification, ms (default 2000): it answers at
   * once, so only an object that is stuck (or starting under load) takes longer, and a job must not
   * wait on it.
   */
  notifyTimeoutMs?: number
  /**
   * How long a notifier stays quiet after the object said it holds no stream, ms (default 0: it tells
   * every change). Give the object's poll interval ({@link quietMsFor}): a stream opened meanwhile in
   * another isolate gets the changes not told by that poll, and one opened in this isolate ends the
   * quiet at once. With no stream open a notification reads nothing, so the quiet only saves the calls.
   */
  quietMs?: number
  /** The clock of the quiet window (default Date.now). */
  now?: () => number
}

/**
 * The quiet window for the object's poll interval `pollMs` (`pollMsOf`, ./job-events-protocol.ts): the
 * poll itself, when the object polls within {@link MAX_QUIET_MS}; else 0 (tell every change), since an
 * untold change would wait for the next told one, or a slow poll, to reach a stream.
 */
export function quietMsFor(pollMs: number): number {
  return pollMs > 0 && pollMs <= MAX_QUIET_MS ? pollMs : 0
}

/** The longest quiet window: a new stream may get its first seconds of changes this late. */
export const MAX_QUIET_MS = 5000

/**
 * What the notifiers of one isolate know of the object, shared by every notifier over the same
 * namespace (each origin's build makes its own notifier, src/api/cloudflare/per-origin-builds.ts).
 */
interface QuietState {
  /** Until when changes go untold (ms; 0: tell). */
  until: number
  /** Changes not told, for the test counters. */
  skipped: number
  /** Raised by each stream this isolate opens: a "no streams" answer to a call made before it is stale. */
  opened: number
}
const quietStates = new WeakMap<object, QuietState>()
const quietStateOf = (namespace: object): QuietState => {
  let state = quietStates.get(namespace)
  if (!state) quietStates.set(namespace, (state = { until: 0, skipped: 0, opened: 0 }))
  return state
}

/** The notifier and the hubs over `namespace`. */
export function durableJobEvents(namespace: Pick<DurableObjectNamespace<JobEventsObject>, 'get' | 'idFromName'>, opts: DurableJobEventsOptions) {
  const { report } = opts
  const timeoutMs = opts.notifyTimeoutMs ?? 2000
  const quietMs = opts.quietMs ?? 0
  const now = opts.now ?? Date.now
  const quiet = quietStateOf(namespace)
  const stub = () => namespace.get(namespace.idFromName(JOB_EVENTS_OBJECT))
  return {
    /**
     * A job row changed in this invocation: tells the object, which reads the log, unless it said
     * within the quiet window that it holds no stream. Await it in the invocation that made the change.
     * Never rejects, and resolves within the timeout: a lost notification is reported and the object's
     * poll reads the row a moment later; the job itself is never failed or held for it.
     */
    async changed(): Promise<void> {
      if (quiet.until > now()) {
        quiet.skipped++
        return
      }
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the job event object took no notification within ${timeoutMs} ms`)), timeoutMs)
      })
      const opened = quiet.opened
      try {
        const holdsStreams = await Promise.race([stub().changed(), late])
        if (holdsStreams === false && quietMs > 0 && quiet.opened === opened) quiet.until = now() + quietMs
      } catch (e) {
        report(e)
      } finally {
        clearTimeout(timer)
      }
    },
    /** The hub of one stream of this request: opening it ends this isolate's quiet (its changes are told again). */
    hubFor: () =>
      remoteJobEventHub({
        connect: async (subscription) => {
          quiet.until = 0
          quiet.opened++
          return (await stub().fetch(subscribeUrl(subscription))) as unknown as Response
        },
        report,
      }),
    /** The object's counters, and this isolate's untold changes (TEST_JOB_EVENTS only: src/api/worker.ts). */
    stats: async () => ({ ...(await stub().stats()), untold: quiet.skipped }),
    /** Resets the object (TEST_JOB_EVENTS only). */
    restart: () => stub().restart(),
  }
}

/** The notifier and hubs. */
export type DurableJobEvents = ReturnType<typeof durableJobEvents>
