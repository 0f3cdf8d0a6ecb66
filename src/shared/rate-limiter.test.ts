/**
 * `rateLimit` and its headers in MineSkin's units (reference/mineskin-api.md §1.3):
 * `next.absolute` epoch ms, `next.relative` ms ≥ 0, `delay` in ms and s, window `reset` epoch seconds,
 * `X-RateLimit-Delay` ms, `X-RateLimit-NextRequest` epoch ms, `MineSkin-Delay(-Seconds)` whole seconds.
 */
import { describe, expect, test } from 'bun:test'
import { createRateLimiter, rateLimitHeaders } from './rate-limiter'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 30, 250)
const MINUTE_END_S = Date.UTC(2026, 10, 22, 12, 1, 0) / 1000
const HOUR_END_S = Date.UTC(2026, 10, 22, 13, 0, 0) / 1000

describe('rate-limit units', () => {
  test('body: epoch ms, ms, seconds and epoch seconds where MineSkin uses them', async () => {
    const limiter = createRateLimiter()
    const grants = { per_minute: 2, per_hour: 10, delay: 1.5 }
    const first = await limiter.hit('k', grants, NOW, { useDelay: true })
    expect(first.allowed).toBe(true)
    expect(first.info.delay).toEqual({ millis: 1500, seconds: 1.5 })
    expect(first.info.next).toEqual({ absolute: NOW + 1500, relative: 1500 })
    expect(first.info.limit.minute).toEqual({ used: 1, limit: 2, remaining: 1, reset: MINUTE_END_S })
    expect(first.info.limit.hour).toEqual({ used: 1, limit: 10, remaining: 9, reset: HOUR_END_S })
    expect(Number.isInteger(first.info.limit.reset)).toBe(true)
    // The deprecated top-level window mirrors the minute.
    expect(first.info.limit.reset).toBe(first.info.limit.minute.reset)

    await limiter.hit('k', grants, NOW + 2000, { useDelay: true })
    const over = await limiter.hit('k', grants, NOW + 4000, { useDelay: true })
    expect(over.allowed).toBe(false)
    expect(over.info.next).toEqual({ absolute: MINUTE_END_S * 1000, relative: MINUTE_END_S * 1000 - (NOW + 4000) })
    expect(over.retryAfter).toBe(Math.ceil(over.info.next.relative / 1000))
  })

  test('headers: the deprecated MineSkin-Delay headers are whole seconds, rounded up', async () => {
    const info = (await createRateLimiter().hit('k', { per_minute: 5, per_hour: 50, delay: 1.5 }, NOW)).info
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
    const none = (await createRateLimiter().hit('k', { per_minute: 5, per_hour: 50, delay: 0 }, NOW)).info
    expect(rateLimitHeaders(none)['MineSkin-Delay']).toBe('0')
  })
})

describe('the in-memory limiter behind the async interface', () => {
  const grants = { per_minute: 3, per_hour: 100, delay: 0 }

  test('hit and peek return promises; peek never counts', async () => {
    const limiter = createRateLimiter()
    const peeked = limiter.peek('k', grants, NOW)
    expect(peeked).toBeInstanceOf(Promise)
    expect((await peeked).limit.minute.used).toBe(0)
    const hit = limiter.hit('k', grants, NOW)
    expect(hit).toBeInstanceOf(Promise)
    expect((await hit).info.limit.minute.used).toBe(1)
    expect((await limiter.peek('k', grants, NOW)).limit.minute.used).toBe(1)
  })

  test('concurrent hits on one key: exactly the limit is allowed', async () => {
    const limiter = createRateLimiter()
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter.hit('k', grants, NOW)))
    expect(results.filter((r) => r.allowed)).toHaveLength(3)
    expect(results.filter((r) => !r.allowed).every((r) => r.reason === 'per_minute')).toBe(true)
    // Another key has its own bucket.
    expect((await limiter.hit('other', grants, NOW)).allowed).toBe(true)
  })

  test('a batch (count) is counted all or none', async () => {
    const limiter = createRateLimiter()
    expect((await limiter.hit('k', grants, NOW, { count: 2 })).info.limit.minute.used).toBe(2)
    const refused = await limiter.hit('k', grants, NOW, { count: 2 })
    expect(refused.allowed).toBe(false)
    expect(refused.info.limit.minute.used).toBe(2)
    expect((await limiter.hit('k', grants, NOW, { count: 1 })).allowed).toBe(true)
  })

  test('maxKeys bounds memory by dropping the oldest buckets', async () => {
    const limiter = createRateLimiter({ maxKeys: 10 })
    await limiter.hit('first', grants, NOW)
    for (let i = 0; i < 10; i++) await limiter.hit(`k${i}`, grants, NOW)
    // "first" was dropped, so it starts from zero again.
    expect((await limiter.peek('first', grants, NOW)).limit.minute.used).toBe(0)
    expect((await limiter.peek('k9', grants, NOW)).limit.minute.used).toBe(1)
  })
})
