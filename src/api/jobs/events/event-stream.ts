/**
 * One `GET /v2/queue/events` stream (docs/api.md "Job events"; the format is the HTML Standard's
 * "Server-sent events" §9.2): a `ready` event once the stream is live, then a `job` event per change
 * of the caller's jobs, each with the log row's id, sealed (./event-ids.ts), as its `id:`, and a
 * keep-alive comment when the hub asks. A client that comes back with `Last-Event-ID` first gets its
 * rows after that one from the log, then the live ones, each once and in order: the stream registers
 * with the hub before it reads that backlog, so a row is either in the backlog or handed over later,
 * and it skips any id it already sent. When the asked id cannot be resumed from (the rows after it were
 * pruned, or it is from another server), a `resync` event tells the client to read its jobs again.
 *
 * The stream is registered before its answer starts, so a refusal of the hub (too many streams) is an
 * error answer, not a broken stream. While it is open, the caller's credentials are checked again
 * (an API key revoked, a session signed out, an account locked): at every keep-alive and before a
 * change is sent when the last check is older than `recheckMs`; once they no longer hold, an `end`
 * event says why and the stream closes. Ends too when the client goes away or the hub stops; nothing
 * of it is left behind in any case.
 * @module
 */
import type { EventSubscriber, JobEventHub } from './job-event-hub'
import type { JobEventLog, JobEventRow, OwnerKey } from './job-event-log'
import type { EventIds } from './event-ids'

/** Options of {@link openEventStream}. */
export interface EventStreamOptions {
  hub: Pick<JobEventHub, 'subscribe' | 'unsubscribe'>
  log: Pick<JobEventLog, 'latest' | 'oldest' | 'ownAfter'>
  /** Whose rows; null for a caller with no identity to follow (the stream only keeps alive). */
  owner: OwnerKey | null
  /** Who the stream counts against in the hub (./stream-quota.ts). */
  quota: readonly string[]
  /** Where to resume: null on a first connection, 0 for every row still kept, `'unknown'` for an id we cannot read. */
  lastEventId: number | 'unknown' | null
  /** How row ids are shown to the client. */
  ids: Pick<EventIds, 'seal'>
  /** The `data` of a row's `job` event; null skips the row (its job is gone). */
  render: (event: JobEventRow) => Promise<unknown>
  /** The request's signal: the client went away. */
  signal: AbortSignal
  /** Whether the caller's credentials still hold; absent: nothing to check (an anonymous caller). */
  stillAllowed?: () => Promise<boolean>
  /** Longest time a change may be sent on credentials checked before it, ms (default 5 s). */
  recheckMs?: number
  /** The clock of those checks. */
  now?: () => number
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

/** Default of {@link EventStreamOptions.recheckMs}. */
export const RECHECK_MS = 5000

/** One event in the stream format; `data` is JSON on a single line. */
export const sseEvent = (id: string | null, event: string, data: unknown): string =>
  `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

/** The comment sent to keep idle connections open (ignored by EventSource). */
export const SSE_KEEP_ALIVE = ': keep-alive\n\n'

/**
 * Registers the stream with the hub, then returns its body. Rejects with the hub's refusal (an
 * ApiError: too many streams) before anything is sent.
 */
export async function openEventStream(o: EventStreamOptions): Promise<ReadableStream<Uint8Array>> {
  const now = o.now ?? Date.now
  const recheckMs = o.recheckMs ?? RECHECK_MS
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  let closed = false
  /** The id of the last row sent (or known to have nothing for this owner). */
  let sent = 0
  /** Rows handed over before the backlog was sent, or while one is being rendered. */
  const pending: JobEventRow[] = []
  let live = false
  let chain: Promise<void> = Promise.resolve()
  let checkedAt = now()

  const write = (text: string) => {
    if (closed || !controller) return
    try {
      controller.enqueue(encoder.encode(text))
      if ((controller.desiredSize ?? 0) < 0) end(true)
    } catch (e) {
      end()
      o.report?.(e)
    }
  }
  /** False (and the stream ended with an `end` event) once the caller's credentials no longer hold. */
  const allowed = async (force: boolean): Promise<boolean> => {
    if (!o.stillAllowed || closed) return !closed
    if (!force && now() - checkedAt < recheckMs) return true
    checkedAt = now()
    if (await o.stillAllowed()) return true
    write(sseEvent(null, 'end', { reason: 'credentials_ended', message: 'The API key or session of this stream no longer holds' }))
    end(true)
    return false
  }
  const sendRow = async (row: JobEventRow) => {
    if (closed || row.id <= sent) return
    const data = await o.render(row)
    if (data !== null && data !== undefined) write(sseEvent(await o.ids.seal(row.id), 'job', data))
    sent = row.id
  }
  const drain = () => {
    chain = chain
      .then(async () => {
        if (!live || !pending.length || !(await allowed(false))) return
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
        quota: o.quota,
        deliver(events) {
          pending.push(...events)
          drain()
        },
        keepAlive: () => {
          chain = chain.then(async () => {
            if (await allowed(true)) write(SSE_KEEP_ALIVE)
          }).catch((e) => {
            o.report?.(e)
            end(true)
          })
        },
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
    if (closeBody && controller) {
      try {
        controller.close()
      } catch {
        // Already closed or errored by the client going away.
      }
    }
  }

  // Registered before the answer: a refusal is the route's error answer, and a row committed from now
  // on is handed over.
  const cursor = sub ? await o.hub.subscribe(sub) : 0
  if (o.signal.aborted) end()
  else o.signal.addEventListener('abort', onAbort, { once: true })

  /** Sends the backlog (or a resync), then `ready`; live rows follow. */
  const begin = async () => {
    write(`retry: ${o.retryMs ?? 3000}\n\n`)
    if (!sub) {
      write(sseEvent(null, 'ready', { resumed: false }))
      return
    }
    let resumed = false
    if (o.lastEventId === null) sent = cursor
    else {
      const [latest, oldest] = [await o.log.latest(), await o.log.oldest()]
      const asked = o.lastEventId
      const lost = asked === 'unknown' || asked > latest || (oldest === null ? asked < latest : asked < oldest - 1)
      if (lost) {
        // Live from the hub's cursor on; the client reads its jobs again for what came before.
        sent = cursor
        write(sseEvent(await o.ids.seal(sent), 'resync', {}))
      } else {
        sent = asked
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
    write(sseEvent(await o.ids.seal(sent), 'ready', { resumed }))
    live = true
    drain()
  }

  // The queue's size is counted in bytes, so `desiredSize` tells how much the client left unread.
  const unread = new ByteLengthQueuingStrategy({ highWaterMark: UNREAD_LIMIT_BYTES })
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        if (closed) {
          c.close()
          return
        }
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
