/**
 * `GET /v2/stats` (reference/mineskin-api.md §1.8), computed from the counters, the queue and the
 * signer, cached for 20 s like MineSkin's server-side cache.
 * @module
 */
import type { StatsResponse } from '../../../shared/schemas/api'
import { periodKeys, type Counters } from './counters'

/** Live numbers the stats need besides the counters. */
export interface StatsSources {
  counters: Counters
  capacity: () => number
  active: () => number
  durations: () => { generate: number; pending: number }
  usableAccounts: () => Promise<number>
  upstreamErrors: () => Record<string, number>
  now: () => number
}

const HOUR = 3_600_000
/** Server-side cache lifetime. */
export const STATS_CACHE_MS = 20_000

/** `ok` of `total` as a percentage rounded to one decimal (0–100). */
export const successPercent = (ok: number, total: number): number => Math.round((ok / total) * 1000) / 10

/** Stats builder with a 20 s cache. */
export function createStats(src: StatsSources) {
  let cached: { at: number; value: StatsResponse['stats'] } | null = null
  const build = async (now: number): Promise<StatsResponse['stats']> => {
    const [year, month, day, hour] = periodKeys(now)
    const lastHour = periodKeys(now - HOUR)[3]
    const lastDay = periodKeys(now - 24 * HOUR)[2]
    // Every counter the answer shows, read in one query (one round trip on D1).
    const periods = [hour, lastHour, day, lastDay, month, year, 'generated:total']
    const counts = await src.counters.many(periods.flatMap((p) => [`${p}:new`, `${p}:duplicate`, `${p}:failed`]))
    const n = (key: string) => counts.get(key) ?? 0
    const nd = (key: string) => ({ new: n(`${key}:new`), duplicate: n(`${key}:duplicate`) })
    /**
     * Success rate as MineSkin sends it: a percentage 0–100 with one decimal, e.g. `98.5`
     * (MineSkin `models/v2/stats.ts`). A period without attempts has had no failure: 100.
     */
    const rate = (key: string) => {
      const ok = n(`${key}:new`) + n(`${key}:duplicate`)
      const failed = n(`${key}:failed`)
      return ok + failed === 0 ? 100 : successPercent(ok, ok + failed)
    }
    return {
      generated: {
        time: {
          hour: { current: nd(hour), last: nd(lastHour), successRate: rate(hour) },
          day: { current: nd(day), last: nd(lastDay), successRate: rate(day) },
          month: { current: nd(month) },
          year: { current: nd(year) },
        },
        total: nd('generated:total'),
      },
      generator: {
        capacity: { global: src.capacity() },
        active: { global: src.active() },
        duration: src.durations(),
      },
      accounts: { usable: { global: await src.usableAccounts() } },
      upstream: { errors: src.upstreamErrors() },
      timestamp: now,
    }
  }
  return {
    /** Current stats (cached for {@link STATS_CACHE_MS}). */
    async get(): Promise<StatsResponse['stats']> {
      const now = src.now()
      if (!cached || now - cached.at >= STATS_CACHE_MS || now < cached.at) cached = { at: now, value: await build(now) }
      return cached.value
    },
  }
}

/** The stats service type. */
export type Stats = ReturnType<typeof createStats>
