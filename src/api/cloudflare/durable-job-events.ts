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
}

/** The notifier and the hubs over `namespace`. */
export function durableJobEvents(namespace: Pick<DurableObjectNamespace<JobEventsObject>, 'get' | 'idFromName'>, opts: DurableJobEventsOptions) {
  const { report } = opts
  const timeoutMs = opts.notifyTimeoutMs ?? 2000
  const stub = () => namespace.get(namespace.idFromName(JOB_EVENTS_OBJECT))
  return {
    /**
     * A job row changed in this invocation: tells the object, which reads the log. Await it in the
     * invocation that made the change. Never rejects, and resolves within the timeout: a lost
     * notification is reported and the object's poll reads the row a moment later; the job itself is
     * never failed or held for it.
     */
    async changed(): Promise<void> {
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the job event object took no notification within ${timeoutMs} ms`)), timeoutMs)
      })
      try {
        await Promise.race([stub().changed(), late])
      } catch (e) {
        report(e)
      } finally {
        clearTimeout(timer)
      }
    },
    /** The hub of one stream of this request. */
    hubFor: () => remoteJobEventHub({ connect: async (subscription) => (await stub().fetch(subscribeUrl(subscription))) as unknown as Response, report }),
    /** The object's counters (TEST_JOB_EVENTS only: src/api/worker.ts). */
    stats: () => stub().stats(),
    /** Resets the object (TEST_JOB_EVENTS only). */
    restart: () => stub().restart(),
  }
}

/** The notifier and hubs. */
export type DurableJobEvents = ReturnType<typeof durableJobEvents>
