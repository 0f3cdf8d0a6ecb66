/**
 * `rateLimit` and its headers in MineSkin's units (reference/mineskin-api.md §1.3; issue 12 point 3):
 * `next.absolute` epoch ms, `next.relative` ms ≥ 0, `delay` in ms and s, window `reset` epoch seconds,
 * `X-RateLimit-Delay` ms, `X-RateLimit-NextRequest` epoch ms, `MineSkin-Delay(-Seconds)` whole seconds.
 */
import { describe, expect, test } from 'bun:test'
import { createRateLimiter, rateLimitHeaders } from './rate-limiter'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 30, 250)
const MINUTE_END_S = Date.UTC(2026, 10, 22, 12, 1, 0) / 1000
const HOUR_END_S = Date.UTC(2026, 10, 22, 13, 0, 0) / 1000

describe('rate-limit units', () => {
  test('body: epoch ms, ms, seconds and epoch seconds where MineSkin uses them', () => {
    const limiter = createRateLimiter()
    const grants = { per_minute: 2, per_hour: 10, delay: 1.5 }
    const first = limiter.hit('k', grants, NOW, { useDelay: true })
    expect(first.allowed).toBe(true)
    expect(first.info.delay).toEqual({ millis: 1500, seconds: 1.5 })
    expect(first.info.next).toEqual({ absolute: NOW + 1500, relative: 1500 })
    expect(first.info.limit.minute).toEqual({ used: 1, limit: 2, remaining: 1, reset: MINUTE_END_S })
    expect(first.info.limit.hour).toEqual({ used: 1, limit: 10, remaining: 9, reset: HOUR_END_S })
    expect(Number.isInteger(first.info.limit.reset)).toBe(true)
    // The deprecated top-level window mirrors the minute.
    expect(first.info.limit.reset).toBe(first.info.limit.minute.reset)

    limiter.hit('k', grants, NOW + 2000, { useDelay: true })
    const over = limiter.hit('k', grants, NOW + 4000, { useDelay: true })
    expect(over.allowed).toBe(false)
    expect(over.info.next).toEqual({ absolute: MINUTE_END_S * 1000, relative: MINUTE_END_S * 1000 - (NOW + 4000) })
    expect(over.retryAfter).toBe(Math.ceil(over.info.next.relative / 1000))
  })

  test('headers: the deprecated MineSkin-Delay headers are whole seconds, rounded up', () => {
    const info = createRateLimiter().hit('k', { per_minute: 5, per_hour: 50, delay: 1.5 }, NOW).info
    expect(rateLimitHeaders(info)).toEqual({
      'X-RateLimit-Limit': '5',
      'X-RateLimit-Remaining': '4',
      'X-RateLimit-Reset': String(MINUTE_END_S),
      'X-RateLimit-Delay': '1500',
      'X-RateLimit-NextRequest': String(NOW + 1500),
      'MineSkin-Delay': '2',
      'MineSkin-Delay-Seconds': '2',
      'MineSkin-Delay-Millis': '1500',
    })
    const none = createRateLimiter().hit('k', { per_minute: 5, per_hour: 50, delay: 0 }, NOW).info
    expect(rateLimitHeaders(none)['MineSkin-Delay']).toBe('0')
  })
})
