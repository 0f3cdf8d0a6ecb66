/**
 * Generation counters per UTC year, month, day and hour plus all-time totals, shaped like
 * MineSkin's Redis keys `mineskin:generated:global:<Y>[:<M>[:<D>[:<H>]]]:new|duplicate`
 * (reference/mineskin-api.md §1.8). Failed jobs are counted too, for the success rate.
 * @module
 */
import type { Database } from 'bun:sqlite'

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
export function createCounters(sqlite: Database) {
  const bump = sqlite.query(
    'INSERT INTO stat_counters (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = value + excluded.value',
  )
  const read = sqlite.query<{ value: number }, [string]>('SELECT value FROM stat_counters WHERE key = ?')
  return {
    /** Adds `n` outcomes at time `t`. */
    record(outcome: Outcome, t: number, n = 1): void {
      for (const k of periodKeys(t)) bump.run(`${k}:${outcome}`, n)
      if (outcome !== 'failed') bump.run(`generated:total:${outcome}`, n)
    },
    /** Reads one counter (0 when absent). */
    get(key: string): number {
      return read.get(key)?.value ?? 0
    },
  }
}

/** The counter store type. */
export type Counters = ReturnType<typeof createCounters>
