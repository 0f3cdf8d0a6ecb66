/**
 * The hub one `GET /v2/queue/events` request of the API Worker hands its stream
 * (src/api/jobs/events/event-stream.ts): `subscribe` opens a subscription at the job event object
 * and resolves with its cursor (or rejects with the ApiError it was refused with), the body's frames
 * become `deliver` and `keepAlive`, and the body ending (the object restarted or let go) becomes
 * `close`, so the client reconnects and resumes from the log. `unsubscribe` cancels the body, which
 * ends the subscription in the object. The protocol: ./job-events-protocol.ts.
 *
 * Built per request: the subscription's I/O belongs to the request that reads it (a Worker may not
 * await one request's I/O from another).
 * @module
 */
import type { EventSubscriber, JobEventHub } from '../jobs/events/job-event-hub'
import { cursorOf, readFrames, refusalOf, type HubCursor, type Subscription } from './job-events-protocol'

/** Options of {@link remoteJobEventHub}. */
export interface RemoteJobEventHubOptions {
  /** Sends the protocol's subscribe request for `subscription` to the object. */
  connect: (subscription: Subscription) => Promise<Response>
  /** Reports a subscription body that broke (its stream ends; the client reconnects and resumes). */
  report: (e: unknown) => void
}

/** The hub of the streams of one request, over the object. */
export function remoteJobEventHub(o: RemoteJobEventHubOptions): Pick<JobEventHub, 'subscribe' | 'unsubscribe'> {
  const bodies = new Map<EventSubscriber, ReadableStreamDefaultReader<Uint8Array>>()
  /** Unsubscribed while its subscription was being opened. */
  const gone = new WeakSet<EventSubscriber>()

  const pump = async (sub: EventSubscriber, reader: ReadableStreamDefaultReader<Uint8Array>) => {
    try {
      for await (const frame of readFrames(reader)) {
        if (bodies.get(sub) !== reader) return
        if (frame === 'keep-alive') sub.keepAlive()
        else sub.deliver(frame.rows)
      }
    } catch (e) {
      if (bodies.get(sub) === reader) o.report(e)
    }
    // The object ended the body: end the stream too (unless it was ours to end).
    if (bodies.get(sub) !== reader) return
    bodies.delete(sub)
    sub.close()
  }

  return {
    async subscribe(sub: EventSubscriber): Promise<HubCursor> {
      const res = await o.connect({ owner: sub.owner, quota: sub.quota })
      if (res.status !== 200) throw await refusalOf(res)
      if (!res.body) throw new Error('the job event object answered without a body')
      const reader = res.body.getReader()
      let cursor: HubCursor
      try {
        cursor = cursorOf(res)
      } catch (e) {
        void reader.cancel().catch(() => {})
        throw e
      }
      if (gone.has(sub)) {
        void reader.cancel().catch(() => {})
        return cursor
      }
      bodies.set(sub, reader)
      void pump(sub, reader)
      return cursor
    },
    unsubscribe(sub: EventSubscriber): void {
      const reader = bodies.get(sub)
      if (!reader) return void gone.add(sub)
      bodies.delete(sub)
      void reader.cancel().catch(() => {})
    },
  }
}
