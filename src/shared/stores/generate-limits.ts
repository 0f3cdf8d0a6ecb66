/**
 * What the API last said about the visitor's generate allowance (reference/mineskin-api.md §1.3
 * `rateLimit`, SPEC §8): the minute and hour windows ("N more this minute") and, after a 429, when
 * the next request may go. Persisted, so the hint survives a reload while its window lasts.
 * @module
 */
import type { RateLimitInfo, RateLimitWindow } from '../schemas/api/rate-limit'
import { persistentJson } from './persistent-json'
import { isNumber, optional, shape } from './stored-shape'

/**
 * Most links or players per `POST /v2/queue/batch` call, and per multi-line paste: `MAX_BATCH_ITEMS`
 * of `shared/schemas/api/batch.ts`, repeated here so the generate form does not pull in full zod
 * (DESIGN.md §4 JavaScript budget); `submit-batch.test.ts` checks that the two agree. Kept in this
 * module, which every generate path loads anyway, rather than in a file of its own: a module that
 * some islands share becomes a chunk of its own on the pages that load them.
 */
export const BATCH_SIZE = 24

/** The stored allowance. */
export interface GenerateLimits {
  minute?: RateLimitWindow
  hour?: RateLimitWindow
  /** Epoch ms before which the API refuses new jobs (from `Retry-After` of a 429). */
  retryAt?: number
}

const isWindow = optional(shape({ used: isNumber, limit: isNumber, remaining: isNumber, reset: isNumber }))

/** The visitor's allowance. */
export const $generateLimits = persistentJson<GenerateLimits>('ssg:generate-limits', shape({ minute: isWindow, hour: isWindow, retryAt: optional(isNumber) }), {})

/** Remembers the windows of a `rateLimit` answer. */
export function rememberRateLimit(info: RateLimitInfo): void {
  $generateLimits.set({ ...$generateLimits.get(), minute: info.limit.minute, hour: info.limit.hour })
}

/** Remembers a 429: no new job before `retryAt` (epoch ms). */
export function rememberRetryAt(retryAt: number): void {
  $generateLimits.set({ ...$generateLimits.get(), retryAt })
}

/** How many more jobs the tighter live window allows, or null when no window is known or live. */
export function remainingAllowance(limits: GenerateLimits, now: number): { count: number; per: 'minute' | 'hour' } | null {
  const live = (window: GenerateLimits['minute']) => (window && window.reset * 1000 > now ? window : undefined)
  const minute = live(limits.minute)
  const hour = live(limits.hour)
  if (hour && (!minute || hour.remaining < minute.remaining)) return { count: hour.remaining, per: 'hour' }
  return minute ? { count: minute.remaining, per: 'minute' } : null
}

/** Whole seconds until a new job may be sent; 0 when it may be sent now. */
export const secondsUntilRetry = (limits: GenerateLimits, now: number): number => Math.max(0, Math.ceil(((limits.retryAt ?? 0) - now) / 1000))
