/**
 * What the job event object (./job-events-object.ts) runs, free of `cloudflare:workers` so Bun tests
 * can drive it: ONE job event hub (src/api/jobs/events/job-event-hub.ts) over the D1 log for every
 * stream the object holds, each stream a subscription whose body carries the protocol's frames
 * (./job-events-protocol.ts). A change it is told of is one `id > cursor` read of the log, whatever
 * the number of streams; the hub's poll while streams are open is the safety net for a lost
 * notification. The hub lives only while streams do: with none open a notification reads nothing,
 * and the next first stream starts from where the log ends then (rows written in between are no
 * stream's live rows).
 * @module
 */
import { ApiError, isApiError } from '../errors'
import { createJobEventHub, type EventSubscriber, type JobEventHub, type JobEventHubOptions } from '../jobs/events/job-event-hub'
import type { JobEventLog, JobEventRow } from '../jobs/events/job-event-log'
import { UNREAD_LIMIT_BYTES } from '../jobs/events/event-stream'
import { acceptedHeaders, KEEP_ALIVE_FRAME, refusalResponse, rowsFrame, type Subscription } from './job-events-protocol'

/** What the fan-out needs of a hub. */
export type FanoutHub = Pick<JobEventHub, 'subscribe' | 'unsubscribe' | 'changed' | 'open'>

/** Options of {@link createJobEventsFanout}. */
export interface JobEventsFanoutOptions {
  /** The log (the Worker's D1, bound to the object as `DB`). */
  log: JobEventLog
  now: () => number
  /** Rows older than this are pruned by the hub, ms (the job list's window). */
  retentionMs: number
  /** Interval of the safety-net read while streams are open, ms (0: none). */
  pollMs: number
  /** Interval of the keep-alive ticks, ms (default: the hub's). */
  keepAliveMs?: number
  /** The hub's timer (tests drive it by hand). */
  every?: JobEventHubOptions['every']
  /** Reports a failed read or a stream that broke. */
  report: (e: unknown) => void
  /** Open streams one quota key may hold (`EVENT_STREAMS_PER_CALLER`), as on Bun. */
  perCaller?: number
  /** Open streams the object holds in all (`EVENT_STREAMS_MAX`). */
  maxStreams?: number
  /** Builds the hub (default createJobEventHub; tests hand in one that refuses). */
  createHub?: (o: JobEventHubOptions) => FanoutHub
  /**
   * Bytes a subscription's body may hold unread before the object ends it (the request reconnects
   * its client, which resumes from the log): the request reads at once, so only a stuck one gets there.
   */
  unreadLimitBytes?: number
}

/** Counters of the object (test/worker reads them under TEST_JOB_EVENTS). */
export interface FanoutStats {
  /** Subscription bodies open. */
  streams: number
  /** Subscribers the hub holds (equal to `streams` unless one leaked). */
  subscriptions: number
  /** Notifications received. */
  notifications: number
}

const encoder = new TextEncoder()

/** Creates the fan-out. */
export function createJobEventsFanout(o: JobEventsFanoutOptions) {
  const createHub = o.createHub ?? createJobEventHub
  let hub: FanoutHub | null = null
  /** Counted before the hub's `subscribe` runs, so the hub is never dropped under a stream joining. */
  let streams = 0
  let notifications = 0

  const hubOptions: JobEventHubOptions = {
    log: o.log,
    now: o.now,
    retentionMs: o.retentionMs,
    pollMs: o.pollMs,
    ...(o.keepAliveMs !== undefined ? { keepAliveMs: o.keepAliveMs } : {}),
    ...(o.every ? { every: o.every } : {}),
    ...(o.perCaller !== undefined ? { perCaller: o.perCaller } : {}),
    ...(o.maxStreams !== undefined ? { maxStreams: o.maxStreams } : {}),
    report: o.report,
  }

  /** Opens a subscription of `owner`, counted against `quota`: its body, or the refusal the hub threw. */
  async function subscribe({ owner, quota }: Subscription): Promise<Response> {
    streams++
    const own = (hub ??= createHub(hubOptions))
    let controller!: ReadableStreamDefaultController<Uint8Array>
    let closed = false
    const end = (closeBody: boolean) => {
      if (closed) return
      closed = true
      own.unsubscribe(sub)
      if (--streams === 0 && hub === own) hub = null
      if (closeBody) {
        try {
          controller.close()
        } catch {
          // Already cancelled by the request.
        }
      }
    }
    const write = (text: string) => {
      if (closed) return
      try {
        controller.enqueue(encoder.encode(text))
        if ((controller.desiredSize ?? 0) < 0) end(true)
      } catch (e) {
        o.report(e)
        end(false)
      }
    }
    const sub: EventSubscriber = {
      owner,
      quota,
      deliver: (rows: JobEventRow[]) => write(rowsFrame(rows)),
      keepAlive: () => write(KEEP_ALIVE_FRAME),
      close: () => end(true),
    }
    const body = new ReadableStream<Uint8Array>(
      {
        start: (c) => void (controller = c),
        cancel: () => end(false),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: o.unreadLimitBytes ?? UNREAD_LIMIT_BYTES }),
    )
    try {
      const cursor = await own.subscribe(sub)
      return new Response(body, { headers: acceptedHeaders(cursor) })
    } catch (e) {
      end(true)
      if (isApiError(e)) return refusalResponse(e)
      o.report(e)
      return refusalResponse(new ApiError('internal_error', 'The job event stream could not be opened', 500))
    }
  }

  return {
    subscribe,
    /** A job row changed: one read of the log for all streams (none when no stream is open). */
    changed(): Promise<void> {
      notifications++
      return hub ? hub.changed() : Promise.resolve()
    },
    /** Whether any stream is open. */
    holdsStreams: (): boolean => streams > 0,
    /** The counters. */
    stats: (): FanoutStats => ({ streams, subscriptions: hub?.open() ?? 0, notifications }),
  }
}

/** The fan-out. */
export type JobEventsFanout = ReturnType<typeof createJobEventsFanout>

/** `log` with its reads of the live log counted (the hub's `after` and `latest`), for the test counters. */
export function countLogReads(log: JobEventLog): { log: JobEventLog; reads: () => number } {
  let reads = 0
  return {
    log: {
      ...log,
      after: (after, limit) => (reads++, log.after(after, limit)),
      latest: () => (reads++, log.latest()),
    },
    reads: () => reads,
  }
}
