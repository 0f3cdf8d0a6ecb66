/**
 * `/v2/stats` numbers in MineSkin's units: `successRate` is a percentage 0–100
 * with one decimal, durations are milliseconds, `timestamp` is epoch milliseconds.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { statsResponseSchema } from '../../../shared/schemas/api'
import { openStore, type BunStore as Store } from '../../store/db'
import { createCounters, type Counters } from './counters'
import { createStats, STATS_CACHE_MS, successPercent } from './stats'

let dir: string
let store: Store
let counters: Counters
const clock = { now: Date.UTC(2026, 10, 22, 12, 30, 0) }

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-stats-'))
  store = openStore(dir)
  counters = createCounters(store.sql)
})
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const stats = () =>
  createStats({
    counters,
    capacity: () => 2,
    active: () => 1,
    durations: () => ({ generate: 1800, pending: 250 }),
    usableAccounts: async () => 1,
    upstreamErrors: () => ({}),
    now: () => clock.now,
  })

describe('stats units', () => {
  test('successPercent rounds to one decimal', () => {
    expect(successPercent(197, 200)).toBe(98.5)
    expect(successPercent(2, 3)).toBe(66.7)
    expect(successPercent(1, 3)).toBe(33.3)
    expect(successPercent(0, 5)).toBe(0)
    expect(successPercent(5, 5)).toBe(100)
  })

  test('successRate is a percentage with one decimal; an idle period is 100', async () => {
    const idle = await stats().get()
    expect(idle.generated.time.hour.successRate).toBe(100)
    expect(idle.generated.time.day.successRate).toBe(100)
    await counters.record('new', clock.now, 150)
    await counters.record('duplicate', clock.now, 47)
    await counters.record('failed', clock.now, 3)
    // An hour earlier: same day, other hour.
    await counters.record('failed', clock.now - 3_600_000, 1)
    const s = await stats().get()
    expect(s.generated.time.hour.successRate).toBe(98.5)
    expect(s.generated.time.day.successRate).toBe(98)
    expect(s.generated.time.hour.current).toEqual({ new: 150, duplicate: 47 })
    expect(s.generated.total).toEqual({ new: 150, duplicate: 47 })
    expect(s.generator.duration).toEqual({ generate: 1800, pending: 250 })
    expect(s.timestamp).toBe(clock.now)
    expect(statsResponseSchema.parse({ success: true, stats: s }).stats).toEqual(s)
  })

  test('the schema refuses a successRate above 100', async () => {
    const s = await stats().get()
    const bad = { ...s, generated: { ...s.generated, time: { ...s.generated.time, hour: { ...s.generated.time.hour, successRate: 985 } } } }
    expect(statsResponseSchema.safeParse({ success: true, stats: bad }).success).toBe(false)
  })

  test('answers are cached for 20 s, then rebuilt', async () => {
    const svc = stats()
    const first = await svc.get()
    await counters.record('failed', clock.now, 100)
    expect(await svc.get()).toBe(first)
    clock.now += STATS_CACHE_MS
    expect((await svc.get()).generated.time.day.successRate).toBeLessThan(first.generated.time.day.successRate)
  })
})
