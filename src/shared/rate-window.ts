/**
 * The window arithmetic of the rate limiter, apart from where buckets live: the
 * in-memory limiter (Bun, src/shared/rate-limiter.ts) and the Durable Object limiter
 * (src/api/cloudflare/rate-limit-object.ts) both run these functions over a {@link RateBucket}, so
 * they give identical results and `X-RateLimit-*` headers. Fixed per-minute and per-hour windows
 * aligned to clock minutes and hours like MineSkin's Redis counters, plus an optional delay between
 * requests (reference/mineskin-api.md §1.3 "rateLimit", §2.1 step 4).
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

/** Outcome of one hit. */
export interface RateLimitResult {
  allowed: boolean
  /** Why the request was refused. */
  reason?: 'per_minute' | 'per_hour' | 'delay'
  info: RateLimitInfo
  /** Seconds until the next allowed request (for `Retry-After`). */
  retryAfter: number
}

/** Options of a hit. */
export interface HitOptions {
  /** Also enforce the delay grant. */
  useDelay?: boolean
  /**
   * Requests counted at once (default 1), all or none: a batch of `count` is refused unless all of
   * them fit in what is left this minute and hour, and then nothing is counted (queue batches).
   */
  count?: number
}

/** Counters of one caller: plain numbers, so a Durable Object can store them as one row. */
export interface RateBucket {
  /** Start of the current minute window, ms. */
  minuteStart: number
  minuteCount: number
  /** Start of the current hour window, ms. */
  hourStart: number
  hourCount: number
  /** Time of the last counted request, ms (0 = none). */
  last: number
}

/** One minute, ms. */
export const MINUTE = 60_000
/** One hour, ms. */
export const HOUR = 3_600_000

/** The bucket at `now`: windows that have passed start again from zero (a missing bucket is empty). Mutates and returns `b` when given. */
export function rollBucket(b: RateBucket | undefined, now: number): RateBucket {
  const minuteStart = now - (now % MINUTE)
  const hourStart = now - (now % HOUR)
  if (!b) return { minuteStart, minuteCount: 0, hourStart, hourCount: 0, last: 0 }
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

/** The public rate-limit state of a rolled bucket (the `rateLimit` body field and headers). */
export function bucketInfo(b: RateBucket, g: LimitGrants, now: number): RateLimitInfo {
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

/** Counts a hit on a rolled bucket when allowed (mutating it) and returns the outcome. */
export function applyHit(b: RateBucket, g: LimitGrants, now: number, o: HitOptions = {}): RateLimitResult {
  const count = o.count ?? 1
  let reason: RateLimitResult['reason']
  if (b.minuteCount + count > g.per_minute) reason = 'per_minute'
  else if (b.hourCount + count > g.per_hour) reason = 'per_hour'
  else if (o.useDelay && g.delay > 0 && b.last && now < b.last + g.delay * 1000) reason = 'delay'
  if (!reason && count > 0) {
    b.minuteCount += count
    b.hourCount += count
    b.last = now
  }
  const info = bucketInfo(b, g, now)
  return { allowed: !reason, reason, info, retryAfter: Math.ceil(info.next.relative / 1000) }
}
