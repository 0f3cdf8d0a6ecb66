/**
 * One `GET /v2/queue/events` stream (docs/api.md "Job events"; the format is the HTML Standard's
 * "Server-sent events" §9.2): a `ready` event once the stream is live, then a `job` event per change
 * of the caller's jobs, each with the log row's id as its `id:`, and a keep-alive comment when the hub
 * asks. A client that comes back with `Last-Event-ID: N` first gets its rows after N from the log,
 * then the live ones, each once and in order: the stream registers with the hub before it reads that
 * backlog, so a row is either in the backlog or handed over later, and it skips any id it already sent.
 * When the asked id cannot be resumed from (the rows after it were pruned, or it is from another
 * database), a `resync` event tells the client to read its jobs again. Ends when the client goes away
 * or the hub stops; nothing of it is left behind in either case.
 * @module
 */
import type { EventSubscriber, JobEventHub } from './job-event-hub'
import type { JobEventLog, JobEventRow, OwnerKey } from './job-event-log'

/** Options of {@link openEventStream}. */
export interface EventStreamOptions {
  hub: Pick<JobEventHub, 'subscribe' | 'unsubscribe'>
  log: Pick<JobEventLog, 'latest' | 'oldest' | 'ownAfter'>
  /** Whose rows; null for a caller with no identity to follow (the stream only keeps alive). */
  owner: OwnerKey | null
  /** The `Last-Event-ID` the client sent, or null on a first connection. */
  lastEventId: number | null
  /** The `data` of a row's `job` event; null skips the row (its job is gone). */
  render: (event: JobEventRow) => Promise<unknown>
  /** The request's signal: the client went away. */
  signal: AbortSignal
  /** Reconnection delay the client is told (`retry:`), ms. */
  retryMs?: number
  /** A write that failed, or a render that threw (the stream ends; the client reconnects and resumes). */
  report?: (e: unknown) => void
}

const encoder = new TextEncoder()

/**
 * Bytes a client may leave unread before its stream is ended (it reconnects and resumes from its last
 * id): an idle stream holds a few bytes, so only a client that stopped reading gets near this.
 */
export const UNREAD_LIMIT_BYTES = 256 * 1024

/** One event in the stream format; `data` is JSON on a single line. */
export const sseEvent = (id: number | null, event: string, data: unknown): string =>
  `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

/** The comment sent to keep idle connections open (ignored by EventSource). */
export const SSE_KEEP_ALIVE = ': keep-alive\n\n'

/** The stream's body. */
export function openEventStream(o: EventStreamOptions): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let closed = false
  /** The id of the last row sent (or known to have nothing for this owner). */
  let sent = 0
  /** Rows handed over before the backlog was sent, or while one is being rendered. */
  const pending: JobEventRow[] = []
  let live = false
  let chain: Promise<void> = Promise.resolve()

  const write = (text: string) => {
    if (closed) return
    try {
      controller.enqueue(encoder.encode(text))
      if ((controller.desiredSize ?? 0) < 0) end(true)
    } catch (e) {
      end()
      o.report?.(e)
    }
  }
  const sendRow = async (row: JobEventRow) => {
    if (closed || row.id <= sent) return
    const data = await o.render(row)
    if (data !== null && data !== undefined) write(sseEvent(row.id, 'job', data))
    sent = row.id
  }
  const drain = () => {
    chain = chain
      .then(async () => {
        while (live && pending.length && !closed) await sendRow(pending.shift()!)
      })
      .catch((e) => {
        o.report?.(e)
        end(true)
      })
  }
  const sub: EventSubscriber | null = o.owner
    ? {
        owner: o.owner,
        deliver(events) {
          pending.push(...events)
          drain()
        },
        keepAlive: () => write(SSE_KEEP_ALIVE),
        close: () => end(true),
      }
    : null
  const onAbort = () => end()
  /** Ends the stream: closes the body unless the client already went away (`cancel`). */
  function end(closeBody = false) {
    if (closed) return
    closed = true
    if (sub) o.hub.unsubscribe(sub)
    o.signal.removeEventListener('abort', onAbort)
    if (closeBody) {
      try {
        controller.close()
      } catch {
        // Already closed or errored by the client going away.
      }
    }
  }

  /** Registers, sends the backlog (or a resync), then `ready`; live rows follow. */
  const begin = async () => {
    write(`retry: ${o.retryMs ?? 3000}\n\n`)
    if (!sub) {
      write(sseEvent(null, 'ready', { resumed: false }))
      return
    }
    const cursor = await o.hub.subscribe(sub)
    if (closed) return o.hub.unsubscribe(sub)
    let resumed = false
    if (o.lastEventId === null) sent = cursor
    else {
      const [latest, oldest] = [await o.log.latest(), await o.log.oldest()]
      const lost = o.lastEventId > latest || (oldest === null ? o.lastEventId < latest : o.lastEventId < oldest - 1)
      if (lost) {
        // Live from the hub's cursor on; the client reads its jobs again for what came before.
        sent = cursor
        write(sseEvent(sent, 'resync', {}))
      } else {
        sent = o.lastEventId
        resumed = true
        for (;;) {
          const rows = await o.log.ownAfter(sub.owner, sent)
          for (const row of rows) await sendRow(row)
          if (!rows.length || closed) break
        }
        // Every row up to the hub's cursor was committed before the backlog read: none of them is missing.
        sent = Math.max(sent, cursor)
      }
    }
    write(sseEvent(sent, 'ready', { resumed }))
    live = true
    drain()
  }

  // The queue's size is counted in bytes, so `desiredSize` tells how much the client left unread.
  const unread = new ByteLengthQueuingStrategy({ highWaterMark: UNREAD_LIMIT_BYTES })
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        if (o.signal.aborted) return end(true)
        o.signal.addEventListener('abort', onAbort, { once: true })
        chain = begin().catch((e) => {
          o.report?.(e)
          end(true)
        })
      },
      cancel() {
        end()
      },
    },
    unread,
  )
}
