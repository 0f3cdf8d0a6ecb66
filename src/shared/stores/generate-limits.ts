/**
 * What the API last said about the visitor's generate allowance (reference/mineskin-api.md §1.3
 * `rateLimit`, SPEC §8): the minute and hour windows ("N more this minute") and, after a 429, when
 * the next request may go. Persisted, so the hint survives a reload while its window lasts.
 * @module
 */
import type { RateLimitInfo, RateLimitWindow } from '../schemas/api/rate-limit'
import { persistentJson } from './persistent-json'
import { isNumber, optional, shape } from './stored-shape'

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
