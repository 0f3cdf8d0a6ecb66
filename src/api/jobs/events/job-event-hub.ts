/**
 * Fan-out of the job event log to the open `GET /v2/queue/events` streams of one Bun process
 * (docs/api.md "Job events"). The hub alone reads new rows: once per change it is told of (the
 * queue's and the generator's writes), or every `pollMs` while streams are open (rows another process
 * wrote), with one `id > cursor` read on the primary key whatever the number of streams, and hands
 * each row to the streams of its owners. One timer sends every stream its keep-alive. Rows older than
 * `retentionMs` are pruned at most once a minute, on a change or a poll, whether or not a stream is
 * open. Nothing here holds a job: the log is the truth, so a stream that missed a hand-over (it was
 * still reading its backlog) finds the row there.
 * @module
 */
import { ApiError } from '../../errors'
import { EVENT_PAGE, ownersOf, type JobEventLog, type JobEventRow, type OwnerKey } from './job-event-log'

/** An open stream, as the hub sees it. */
export interface EventSubscriber {
  /** Whose rows it gets. */
  owner: OwnerKey
  /**
   * Who the stream counts against, at most `perCaller` open streams each (./stream-quota.ts): its
   * caller, and an API key's user too. Empty: not counted.
   */
  quota: readonly string[]
  /** New rows of its owner, oldest first (it skips those it already sent). */
  deliver(events: JobEventRow[]): void
  /** Time for a keep-alive comment. */
  keepAlive(): void
  /** The hub is stopping: end the stream. */
  close(): void
}

/** Options of {@link createJobEventHub}. */
export interface JobEventHubOptions {
  log: JobEventLog
  now: () => number
  /** Interval of the read for rows written by other processes while a stream is open, ms (0: none). */
  pollMs?: number
  /** Interval of the keep-alive comments, ms. */
  keepAliveMs?: number
  /** Rows older than this are pruned, ms. */
  retentionMs: number
  /** Runs `tick` every `ms` until the returned stop is called (tests inject one they drive by hand). */
  every?: (ms: number, tick: () => void) => () => void
  /** Reports a failed read (the next change or poll tries again). */
  report?: (e: unknown) => void
  /** Open streams one quota key may hold (`EVENT_STREAMS_PER_CALLER`); more are refused with 429 `too_many_streams`. */
  perCaller?: number
  /** Open streams the hub holds in all (`EVENT_STREAMS_MAX`); more are refused with 503 `events_busy`. */
  maxStreams?: number
}

/** The keep-alive interval: well inside Bun's 30 s idle timeout and the usual 60 s of proxies. */
export const KEEP_ALIVE_MS = 15_000

/** Pruning runs at most this often (a write; the queue's writes need the database more). */
const PRUNE_EVERY_MS = 60_000

const realEvery = (ms: number, tick: () => void) => {
  const id = setInterval(tick, ms)
  // Neither timer may keep a process alive on its own.
  ;(id as { unref?: () => void }).unref?.()
  return () => clearInterval(id)
}

/** Creates the hub; `start()` reads where the log ends. */
export function createJobEventHub(opts: JobEventHubOptions) {
  const { log } = opts
  const every = opts.every ?? realEvery
  const pollMs = opts.pollMs ?? 1000
  const keepAliveMs = opts.keepAliveMs ?? KEEP_ALIVE_MS
  const byOwner = new Map<OwnerKey, Set<EventSubscriber>>()
  /** Open streams per quota key. */
  const held = new Map<string, number>()
  const perCaller = opts.perCaller ?? Infinity
  const maxStreams = opts.maxStreams ?? Infinity
  let count = 0
  let cursor = 0
  let started: Promise<void> | null = null
  let stopTimers: (() => void)[] = []
  let prunedAt = -Infinity
  const maybePrune = () => {
    const now = opts.now()
    if (now - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = now
    void log.prune(now - opts.retentionMs).catch((e) => opts.report?.(e))
  }

  // One read at a time; a change told during a read makes it go round once more (as the queue's pump).
  let reading: Promise<void> | null = null
  let again = false
  const readLoop = async () => {
    do {
      again = false
      for (;;) {
        const rows = await log.after(cursor)
        if (!rows.length) break
        cursor = rows[rows.length - 1]!.id
        dispatch(rows)
        if (rows.length < EVENT_PAGE) break
      }
    } while (again)
  }
  const read = (): Promise<void> => {
    if (reading) {
      again = true
      return reading
    }
    reading = start()
      .then(readLoop)
      .catch((e) => opts.report?.(e))
      .finally(() => (reading = null))
    return reading
  }

  const dispatch = (rows: JobEventRow[]) => {
    if (!count) return
    const batches = new Map<EventSubscriber, JobEventRow[]>()
    for (const row of rows) {
      for (const owner of ownersOf(row)) {
        for (const sub of byOwner.get(owner) ?? []) batches.set(sub, [...(batches.get(sub) ?? []), row])
      }
    }
    for (const [sub, events] of batches) sub.deliver(events)
  }

  const startTimers = () => {
    stopTimers.push(every(keepAliveMs, () => forEach((sub) => sub.keepAlive())))
    if (pollMs > 0) {
      stopTimers.push(
        every(pollMs, () => {
          void read()
          maybePrune()
        }),
      )
    }
  }
  const forEach = (f: (sub: EventSubscriber) => void) => {
    for (const subs of byOwner.values()) for (const sub of subs) f(sub)
  }

  /** Reads where the log ends, once: earlier rows are a stream's backlog, never handed out. */
  const start = (): Promise<void> =>
    (started ??= log.latest().then((id) => {
      cursor = Math.max(cursor, id)
    }))

  const unsubscribe = (sub: EventSubscriber): void => {
    const subs = byOwner.get(sub.owner)
    if (!subs?.delete(sub)) return
    if (!subs.size) byOwner.delete(sub.owner)
    for (const key of sub.quota) {
      const n = (held.get(key) ?? 1) - 1
      if (n > 0) held.set(key, n)
      else held.delete(key)
    }
    if (--count === 0) {
      for (const stop of stopTimers) stop()
      stopTimers = []
    }
  }

  return {
    start,
    /** A job changed in this process: read the new rows now. Resolves once they were handed out. */
    changed(): Promise<void> {
      maybePrune()
      return read()
    },
    /**
     * Registers a stream; resolves with the hub's cursor at that moment. Every row after it will be
     * delivered; the stream reads the rows up to it (its backlog) from the log itself. Refused (an
     * ApiError, nothing registered) when the hub or one of the stream's quota keys is full.
     */
    async subscribe(sub: EventSubscriber): Promise<number> {
      await start()
      if (count >= maxStreams) throw new ApiError('events_busy', 'The server holds as many job event streams as it can: read GET /v2/queue/{id} with wait instead, or try again later', 503)
      const full = sub.quota.find((key) => (held.get(key) ?? 0) >= perCaller)
      if (full !== undefined) {
        throw new ApiError('too_many_streams', `At most ${perCaller} job event streams may be open at once for one caller: close one, or read GET /v2/queue/{id} with wait`, 429)
      }
      for (const key of sub.quota) held.set(key, (held.get(key) ?? 0) + 1)
      const subs = byOwner.get(sub.owner) ?? new Set()
      subs.add(sub)
      byOwner.set(sub.owner, subs)
      if (count++ === 0) startTimers()
      return cursor
    },
    /** Removes a stream (it ended or its client went away). */
    unsubscribe,
    /** Streams open now. */
    open: (): number => count,
    /** Ends every stream (the process is stopping). */
    stop(): void {
      const all: EventSubscriber[] = []
      forEach((sub) => all.push(sub))
      for (const sub of all) sub.close()
      for (const sub of all) unsubscribe(sub)
    },
  }
}

/** The hub. */
export type JobEventHub = ReturnType<typeof createJobEventHub>
