/**
 * When a failed delivery is tried again: exponential back-off from 30 s, doubling up to 4 h, each
 * delay jittered by ±25 % so receivers that failed together are not retried together (Standard
 * Webhooks recommends exponential back-off). After 24 h from the event a delivery is dropped.
 * Pure: the caller passes the clock and the random source.
 * @module
 */

/** How long a delivery is retried, from its event, ms. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000
/** Delay after the first failed attempt, ms. */
export const FIRST_RETRY_MS = 30_000
/** Longest delay between two attempts, ms. */
export const MAX_RETRY_MS = 4 * 3_600_000

/** Delay before attempt `attempts + 1` after `attempts` failed ones (≥ 1), ms; `random` in [0, 1). */
export function retryDelay(attempts: number, random: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.75 + 0.5 * random))
}

/** The next attempt's time after a failure at `now`, or null when the 24 h window is over (drop it). */
export function nextAttemptAt(createdAt: number, attempts: number, now: number, random: number): number | null {
  const at = now + retryDelay(attempts, random)
  return at > createdAt + WEBHOOK_RETRY_WINDOW_MS ? null : at
}
