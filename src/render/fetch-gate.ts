/**
 * Limits on the renderer's outbound fetches (without them, 300 unique `/render?url=` URLs made
 * 300 fetches in 205 ms). Each client (keyed like the API keys anonymous callers: the first
 * `X-Forwarded-For` address, which the Bun entry sets from the socket unless a trusted proxy does)
 * may make `perMinute` / `perHour` renders that need a fetch; over that they get 429 with
 * `Retry-After`. At most `concurrency` fetches run at once; up to `queue` more wait for a slot, and
 * beyond that the render is refused with 503 and `Retry-After` rather than piling up. Renders served
 * from the blob store or the render cache never pass through here, so they stay cheap.
 * @module
 */
import { createRateLimiter, type LimitGrants } from '../shared/rate-limiter'
import { RenderError } from './errors'

/** Tunables of {@link createFetchGate}; every field has a default. */
export interface FetchGateOptions {
  /** Renders needing a fetch per client and clock minute (default 30). */
  perMinute?: number
  /** Renders needing a fetch per client and clock hour (default 300). */
  perHour?: number
  /** Outbound fetches running at once, all clients together (default 4). */
  concurrency?: number
  /** Fetches that may wait for a free slot before new ones get 503 (default 16). */
  queue?: number
  /** Clock in ms (tests inject one). */
  now?: () => number
}

/** Seconds a client refused for a full queue is asked to wait. */
const BUSY_RETRY_AFTER_S = 1

/** Rate-limit state of one client, for the `X-RateLimit-*` headers. */
export interface FetchQuota {
  limit: number
  remaining: number
  /** Unix seconds when the minute window resets. */
  reset: number
}

/** The gate: `run` counts one fetch of `client` and runs `work` within the concurrency cap. */
export interface FetchGate {
  /** Throws RenderError 429 (`rate_limit`) or 503 (`render_busy`), each with `retryAfter`; `onQuota` gets the client's state first. */
  run<T>(client: string, work: () => Promise<T>, onQuota: (quota: FetchQuota) => void): Promise<T>
}

/** A refused fetch: the RenderError plus the seconds for `Retry-After`. */
export class FetchRefused extends RenderError {
  constructor(
    code: 'rate_limit' | 'render_busy',
    message: string,
    status: 429 | 503,
    /** Seconds until a retry may succeed. */
    readonly retryAfter: number,
  ) {
    super(code, message, status)
  }
}

/** Creates a gate with its own limiter and slot counter. */
export function createFetchGate(options: FetchGateOptions = {}): FetchGate {
  const grants: LimitGrants = { per_minute: options.perMinute ?? 30, per_hour: options.perHour ?? 300, delay: 0 }
  const concurrency = options.concurrency ?? 4
  const maxWaiting = options.queue ?? 16
  const now = options.now ?? Date.now
  const limiter = createRateLimiter({ maxKeys: 50_000 })
  let running = 0
  const waiting: (() => void)[] = []

  const acquire = async () => {
    if (running < concurrency) {
      running++
      return
    }
    if (waiting.length >= maxWaiting) {
      throw new FetchRefused('render_busy', 'Too many texture downloads at once; try again shortly', 503, BUSY_RETRY_AFTER_S)
    }
    // The slot is handed over by release(), so `running` stays counted for the waiter.
    await new Promise<void>((resolve) => waiting.push(resolve))
  }
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else running--
  }

  return {
    async run(client, work, onQuota) {
      const hit = await limiter.hit(client, grants, now())
      const minute = hit.info.limit.minute
      onQuota({ limit: minute.limit, remaining: minute.remaining, reset: minute.reset })
      if (!hit.allowed) {
        throw new FetchRefused('rate_limit', `Too many renders of image URLs (${hit.reason?.replace('_', ' ')}); wait before the next one`, 429, Math.max(1, hit.retryAfter))
      }
      await acquire()
      try {
        return await work()
      } finally {
        release()
      }
    },
  }
}

/** The rate-limit key of a render request: its first forwarded address (see the module doc). */
export function clientKey(headers: Headers): string {
  const address = headers.get('x-forwarded-for')?.split(',')[0]?.trim() || headers.get('x-real-ip')?.trim()
  return address ? `ip:${address}` : 'anonymous'
}

/** `X-RateLimit-*` headers of a quota (the names the API sends, reference/mineskin-api.md §1.3). */
export function quotaHeaders(quota: FetchQuota): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(quota.limit),
    'X-RateLimit-Remaining': String(quota.remaining),
    'X-RateLimit-Reset': String(quota.reset),
  }
}
