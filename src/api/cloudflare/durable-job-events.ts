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

/** The notifier and the hubs over `namespace`. */
export function durableJobEvents(namespace: DurableObjectNamespace<JobEventsObject>, report: (e: unknown) => void) {
  const stub = () => namespace.get(namespace.idFromName(JOB_EVENTS_OBJECT))
  return {
    /**
     * A job row changed in this invocation: tells the object, which reads the log. Await it in the
     * invocation that made the change. Never rejects: a lost notification is reported, and the
     * object's poll reads the row a moment later; the job itself is never failed for it.
     */
    async changed(): Promise<void> {
      try {
        await stub().changed()
      } catch (e) {
        report(e)
      }
    },
    /** The hub of one stream of this request. */
    hubFor: () => remoteJobEventHub({ connect: async (owner) => (await stub().fetch(subscribeUrl(owner))) as unknown as Response, report }),
    /** The object's counters (TEST_JOB_EVENTS only: src/api/worker.ts). */
    stats: () => stub().stats(),
    /** Resets the object (TEST_JOB_EVENTS only). */
    restart: () => stub().restart(),
  }
}

/** The notifier and hubs. */
export type DurableJobEvents = ReturnType<typeof durableJobEvents>
