/**
 * Per-caller request limits for the API's generate/queue (reference/mineskin-api.md §1.3 "rateLimit",
 * §2.1 step 4) and for renders that fetch a URL: a fixed per-minute and per-hour
 * window and an optional delay between requests (the arithmetic is src/shared/rate-window.ts).
 * The interface is async so a Durable Object can hold the buckets on Workers, exact under concurrency
 * across isolates (src/api/cloudflare/durable-rate-limiter.ts). The default kept
 * here is in memory: limits protect one process and reset harmlessly on restart.
 * @module
 */
import type { RateLimitInfo } from './schemas/api'
import { applyHit, bucketInfo, rollBucket, type HitOptions, type LimitGrants, type RateBucket, type RateLimitResult } from './rate-window'

export type { HitOptions, LimitGrants, RateLimitResult } from './rate-window'

/** Fixed-window limiter keyed by caller; each call is atomic for its key. */
export interface RateLimiter {
  /** Counts `opts.count` (default 1) requests of `key` when all are allowed (`useDelay`: also enforce the delay grant). */
  hit(key: string, grants: LimitGrants, now: number, opts?: HitOptions): Promise<RateLimitResult>
  /** Current state of `key` without counting. */
  peek(key: string, grants: LimitGrants, now: number): Promise<RateLimitInfo>
}

/** Creates the in-memory limiter; `maxKeys` bounds memory (old buckets are dropped first). */
export function createRateLimiter(opts: { maxKeys?: number } = {}): RateLimiter {
  const maxKeys = opts.maxKeys ?? 100_000
  const buckets = new Map<string, RateBucket>()

  const bucketOf = (key: string, now: number): RateBucket => {
    const known = buckets.get(key)
    if (known) return rollBucket(known, now)
    if (buckets.size >= maxKeys) {
      // Map iteration is insertion order: drop the oldest tenth.
      let n = Math.ceil(maxKeys / 10)
      for (const k of buckets.keys()) {
        buckets.delete(k)
        if (--n <= 0) break
      }
    }
    const b = rollBucket(undefined, now)
    buckets.set(key, b)
    return b
  }

  // The work is synchronous; the promises only match the interface (already resolved, no extra tick of I/O).
  return {
    hit: (key, g, now, o) => Promise.resolve(applyHit(bucketOf(key, now), g, now, o)),
    peek: (key, g, now) => Promise.resolve(bucketInfo(bucketOf(key, now), g, now)),
  }
}

/** `X-RateLimit-*` and MineSkin delay headers for `info` (reference §1.3 "Headers"). */
export function rateLimitHeaders(info: RateLimitInfo): Record<string, string> {
  // The deprecated MineSkin-Delay(-Seconds) headers are whole seconds, rounded up, as MineSkin's
  // `middleware/rateLimit.ts` sends them; `delay.seconds` in the body keeps the fraction.
  const wholeSeconds = String(Math.ceil(info.delay.millis / 1000))
  return {
    'X-RateLimit-Limit': String(info.limit.minute.limit),
    'X-RateLimit-Remaining': String(info.limit.minute.remaining),
    'X-RateLimit-Reset': String(info.limit.minute.reset),
    'X-RateLimit-Delay': String(info.delay.millis),
    'X-RateLimit-NextRequest': String(info.next.absolute),
    'MineSkin-Delay': wholeSeconds,
    'MineSkin-Delay-Seconds': wholeSeconds,
    'MineSkin-Delay-Millis': String(info.delay.millis),
  }
}
