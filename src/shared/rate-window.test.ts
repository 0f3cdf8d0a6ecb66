/**
 * The shared window arithmetic: clock-aligned minute and hour windows, the delay
 * grant, all-or-none batches, and a bucket that survives a round trip through plain storage (what the
 * Durable Object does) giving the same results as one kept in memory.
 */
import { describe, expect, test } from 'bun:test'
import { applyHit, bucketInfo, HOUR, MINUTE, rollBucket, type RateBucket } from './rate-window'

const NOW = Date.UTC(2026, 10, 22, 12, 59, 30, 250)
const grants = { per_minute: 2, per_hour: 3, delay: 1 }

describe('rate window math', () => {
  test('a missing bucket starts empty at the current clock minute and hour', () => {
    const b = rollBucket(undefined, NOW)
    expect(b).toEqual({ minuteStart: Date.UTC(2026, 10, 22, 12, 59), minuteCount: 0, hourStart: Date.UTC(2026, 10, 22, 12), hourCount: 0, last: 0 })
    expect(bucketInfo(b, grants, NOW).next).toEqual({ absolute: NOW, relative: 0 })
  })

  test('minute limit, then the next clock minute opens it again while the hour keeps counting', () => {
    const b = rollBucket(undefined, NOW)
    expect(applyHit(b, grants, NOW).allowed).toBe(true)
    expect(applyHit(b, grants, NOW + 10).allowed).toBe(true)
    const refused = applyHit(b, grants, NOW + 20)
    expect(refused).toMatchObject({ allowed: false, reason: 'per_minute' })
    expect(refused.info.next.absolute).toBe(b.minuteStart + MINUTE)
    // 12:59:30 → 13:00:00 is also a new hour, so both windows restart.
    const later = NOW + 30_000
    rollBucket(b, later)
    expect(b.minuteCount).toBe(0)
    expect(b.hourCount).toBe(0)
    expect(applyHit(b, grants, later).allowed).toBe(true)
  })

  test('the hour limit refuses within a fresh minute', () => {
    const start = Date.UTC(2026, 10, 22, 12, 0, 0)
    const b = rollBucket(undefined, start)
    applyHit(b, grants, start, { count: 2 })
    applyHit(rollBucket(b, start + MINUTE), grants, start + MINUTE)
    const refused = applyHit(rollBucket(b, start + 2 * MINUTE), grants, start + 2 * MINUTE)
    expect(refused).toMatchObject({ allowed: false, reason: 'per_hour' })
    expect(refused.info.next.absolute).toBe(start + HOUR)
    expect(refused.retryAfter).toBe(Math.ceil((HOUR - 2 * MINUTE) / 1000))
  })

  test('the delay grant applies only when asked for', () => {
    const b = rollBucket(undefined, NOW)
    applyHit(b, grants, NOW, { useDelay: true })
    expect(applyHit(b, grants, NOW + 500, { useDelay: true })).toMatchObject({ allowed: false, reason: 'delay', retryAfter: 1 })
    expect(b.minuteCount).toBe(1)
    expect(applyHit(b, grants, NOW + 500).allowed).toBe(true)
  })

  test('a batch is counted all or none; a batch of 0 changes nothing', () => {
    const b = rollBucket(undefined, NOW)
    expect(applyHit(b, grants, NOW, { count: 3 })).toMatchObject({ allowed: false, reason: 'per_minute' })
    expect(b).toMatchObject({ minuteCount: 0, hourCount: 0, last: 0 })
    expect(applyHit(b, grants, NOW, { count: 0 }).allowed).toBe(true)
    expect(b.last).toBe(0)
    expect(applyHit(b, grants, NOW, { count: 2 }).info.limit.minute).toMatchObject({ used: 2, remaining: 0 })
  })

  test('a bucket stored as plain JSON between hits gives the same results as one kept in memory', () => {
    let stored: string | undefined
    const memory = rollBucket(undefined, NOW)
    for (let i = 0; i < 5; i++) {
      const at = NOW + i * 400
      const roundTripped: RateBucket = rollBucket(stored ? (JSON.parse(stored) as RateBucket) : undefined, at)
      const a = applyHit(roundTripped, grants, at, { useDelay: true })
      stored = JSON.stringify(roundTripped)
      const b = applyHit(rollBucket(memory, at), grants, at, { useDelay: true })
      expect(a).toEqual(b)
    }
  })
})
