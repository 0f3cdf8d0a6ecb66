/**
 * Per-caller request limits for the API's generate/queue (reference/mineskin-api.md §1.3 "rateLimit",
 * §2.1 step 4) and for renders that fetch a URL (issue 10 point 5): a fixed per-minute and per-hour
 * window and an optional delay between requests. Windows are aligned to clock minutes and hours like
 * MineSkin's Redis counters. Kept in memory: limits protect one process and reset harmlessly on restart.
 * @module
 */
import type { RateLimitInfo } from './schemas/api'

/** The limit values the limiter needs (a subset of the caller's grants). */
export interface LimitGrants {
  per_minute: number
  per_hour: number
  /** Seconds between requests (0 = none). */
  delay: number
}

/** Outcome of one {@link RateLimiter.hit}. */
export interface RateLimitResult {
  allowed: boolean
  /** Why the request was refused. */
  reason?: 'per_minute' | 'per_hour' | 'delay'
  info: RateLimitInfo
  /** Seconds until the next allowed request (for `Retry-After`). */
  retryAfter: number
}

interface Bucket {
  minuteStart: number
  minuteCount: number
  hourStart: number
  hourCount: number
  last: number
}

const MINUTE = 60_000
const HOUR = 3_600_000

/** In-memory fixed-window limiter keyed by caller. */
export interface RateLimiter {
  /** Counts one request of `key` when allowed (`useDelay`: also enforce the delay grant). */
  hit(key: string, grants: LimitGrants, now: number, opts?: { useDelay?: boolean }): RateLimitResult
  /** Current state of `key` without counting. */
  peek(key: string, grants: LimitGrants, now: number): RateLimitInfo
}

/** Creates a limiter; `maxKeys` bounds memory (old buckets are dropped first). */
export function createRateLimiter(opts: { maxKeys?: number } = {}): RateLimiter {
  const maxKeys = opts.maxKeys ?? 100_000
  const buckets = new Map<string, Bucket>()

  const bucketOf = (key: string, now: number): Bucket => {
    const minuteStart = now - (now % MINUTE)
    const hourStart = now - (now % HOUR)
    let b = buckets.get(key)
    if (!b) {
      if (buckets.size >= maxKeys) {
        // Map iteration is insertion order: drop the oldest tenth.
        let n = Math.ceil(maxKeys / 10)
        for (const k of buckets.keys()) {
          buckets.delete(k)
          if (--n <= 0) break
        }
      }
      b = { minuteStart, minuteCount: 0, hourStart, hourCount: 0, last: 0 }
      buckets.set(key, b)
    }
    if (b.minuteStart !== minuteStart) {
      b.minuteStart = minuteStart
      b.minuteCount = 0
    }
    if (b.hourStart !== hourStart) {
      b.hourStart = hourStart
      b.hourCount = 0
    }
    return b
  }

  const info = (b: Bucket, g: LimitGrants, now: number): RateLimitInfo => {
    const minuteReset = (b.minuteStart + MINUTE) / 1000
    const hourReset = (b.hourStart + HOUR) / 1000
    const minute = {
      used: b.minuteCount,
      limit: g.per_minute,
      remaining: Math.max(0, g.per_minute - b.minuteCount),
      reset: minuteReset,
    }
    const hour = { used: b.hourCount, limit: g.per_hour, remaining: Math.max(0, g.per_hour - b.hourCount), reset: hourReset }
    let next = b.last ? b.last + g.delay * 1000 : now
    if (minute.remaining === 0) next = Math.max(next, minuteReset * 1000)
    if (hour.remaining === 0) next = Math.max(next, hourReset * 1000)
    next = Math.max(next, now)
    return {
      next: { absolute: next, relative: next - now },
      delay: { millis: g.delay * 1000, seconds: g.delay },
      limit: { ...minute, minute, hour },
    }
  }

  return {
    hit(key, g, now, o = {}) {
      const b = bucketOf(key, now)
      let reason: RateLimitResult['reason']
      if (b.minuteCount >= g.per_minute) reason = 'per_minute'
      else if (b.hourCount >= g.per_hour) reason = 'per_hour'
      else if (o.useDelay && g.delay > 0 && b.last && now < b.last + g.delay * 1000) reason = 'delay'
      if (!reason) {
        b.minuteCount++
        b.hourCount++
        b.last = now
      }
      const i = info(b, g, now)
      return { allowed: !reason, reason, info: i, retryAfter: Math.ceil(i.next.relative / 1000) }
    },
    peek(key, g, now) {
      return info(bucketOf(key, now), g, now)
    },
  }
}

/** `X-RateLimit-*` and MineSkin delay headers for `info` (reference §1.3 "Headers"). */
export function rateLimitHeaders(info: RateLimitInfo): Record<string, string> {
  // The deprecated MineSkin-Delay(-Seconds) headers are whole seconds, rounded up, as MineSkin's
  // `middleware/rateLimit.ts` sends them (issue 12 point 3); `delay.seconds` in the body keeps the fraction.
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
