/**
 * Generation counters per UTC year, month, day and hour plus all-time totals, shaped like
 * MineSkin's Redis keys `mineskin:generated:global:<Y>[:<M>[:<D>[:<H>]]]:new|duplicate`
 * (reference/mineskin-api.md §1.8). Failed jobs are counted too, for the success rate.
 * @module
 */
import type { SqlClient, SqlStatement } from '../../store/sql'

/** What a generation ended as. */
export type Outcome = 'new' | 'duplicate' | 'failed'

const pad = (n: number) => String(n).padStart(2, '0')

/** Counter key prefixes of the periods containing `t`: [year, month, day, hour]. */
export function periodKeys(t: number): [string, string, string, string] {
  const d = new Date(t)
  const y = `generated:${d.getUTCFullYear()}`
  const m = `${y}:${pad(d.getUTCMonth() + 1)}`
  const day = `${m}:${pad(d.getUTCDate())}`
  return [y, m, day, `${day}:${pad(d.getUTCHours())}`]
}

/** Counter store over the `stat_counters` table. */
export function createCounters(sql: SqlClient) {
  const BUMP = 'INSERT INTO stat_counters (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = value + excluded.value'
  /** The writes that add `n` outcomes at time `t`: callers put them in the batch that stores the skin. */
  const statements = (outcome: Outcome, t: number, n = 1): SqlStatement[] => {
    const keys = periodKeys(t).map((k) => `${k}:${outcome}`)
    if (outcome !== 'failed') keys.push(`generated:total:${outcome}`)
    return keys.map((k) => ({ sql: BUMP, params: [k, n] }))
  }
  return {
    statements,
    /** Adds `n` outcomes at time `t` (one atomic batch). */
    async record(outcome: Outcome, t: number, n = 1): Promise<void> {
      await sql.batch(statements(outcome, t, n))
    },
    /** Reads several counters in one query (absent ones are 0). */
    async many(keys: readonly string[]): Promise<Map<string, number>> {
      const rows = await sql.all<{ key: string; value: number }>(
        `SELECT key, value FROM stat_counters WHERE key IN (${keys.map(() => '?').join(', ')})`,
        keys,
      )
      const out = new Map(keys.map((k) => [k, 0]))
      for (const r of rows) out.set(r.key, r.value)
      return out
    },
    /** Reads one counter (0 when absent). */
    async get(key: string): Promise<number> {
      return (await sql.get<{ value: number }>('SELECT value FROM stat_counters WHERE key = ?', [key]))?.value ?? 0
    },
  }
}

/** The counter store type. */
export type Counters = ReturnType<typeof createCounters>
