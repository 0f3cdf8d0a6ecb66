/**
 * The storage meter's counters, rows of `stat_counters` like the generation
 * counters: the running total of stored blob bytes, and per caller and UTC day the bytes of new
 * images that caller added. Every change is one statement whose own condition decides, so two
 * requests can never both pass a limit that only one of them fits (the same on bun:sqlite and D1).
 * @module
 */
import type { SqlBatchResult, SqlClient, SqlStatement } from '../../store/sql'

/** Counter key of the running total of stored blob bytes. */
export const TOTAL_KEY = 'storage:bytes'
/** Prefix of the per-caller day counters; the UTC day follows, so old days are one key range. */
const DAY_PREFIX = 'storage:day:'

/** The UTC day of `t` as `YYYY-MM-DD`. */
export const utcDay = (t: number): string => new Date(t).toISOString().slice(0, 10)

/** Counter key of the bytes `owner` added on the UTC day of `t`. */
export const dayKey = (t: number, owner: string): string => `${DAY_PREFIX}${utcDay(t)}:${owner}`

/** Whole seconds from `t` to the next 00:00 UTC, when every day counter starts again. */
export function secondsToNextUtcDay(t: number): number {
  const d = new Date(t)
  return Math.max(1, Math.ceil((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - t) / 1000))
}

/** Adds to the total if it then stays within the budget (0 = no limit); a row back when it did. */
const ADD_TO_TOTAL = 'UPDATE stat_counters SET value = value + ? WHERE key = ? AND (? = 0 OR value + ? <= ?) RETURNING value'
const totalParams = (bytes: number, budget: number) => [bytes, TOTAL_KEY, budget, bytes, budget]
/** Adds to a day counter if it then stays within the limit; the WHERE of the SELECT covers the first write of the day, the upsert's WHERE every later one. */
const ADD_TO_DAY = `INSERT INTO stat_counters (key, value) SELECT ?, ? WHERE ? <= ?
  ON CONFLICT(key) DO UPDATE SET value = value + excluded.value WHERE value + excluded.value <= ? RETURNING value`
const dayParams = (key: string, bytes: number, limit: number) => [key, bytes, bytes, limit, limit]

/** Which of the two counters a reservation raised. */
export interface AddedTo {
  day: boolean
  total: boolean
}

/**
 * The statements of {@link StorageCounters.addToDayAndTotal}, for a batch of the caller's own (the
 * storage meter's `reserveAlong`); {@link addedTo} reads their results.
 */
export function addToDayAndTotalStatements(key: string, bytes: number, limit: number, budget: number): SqlStatement[] {
  return [
    { sql: ADD_TO_DAY, params: dayParams(key, bytes, limit) },
    { sql: ADD_TO_TOTAL, params: totalParams(bytes, budget) },
  ]
}

/** What the results of {@link addToDayAndTotalStatements}, in order, say was raised. */
export function addedTo([day, total]: readonly SqlBatchResult[]): AddedTo {
  return { day: day?.rows.length === 1, total: total?.rows.length === 1 }
}

/** The statements that take `bytes` back from each counter of `keys`. */
export function subtractStatements(keys: readonly string[], bytes: number): SqlStatement[] {
  return keys.map((key) => ({ sql: 'UPDATE stat_counters SET value = value - ? WHERE key = ?', params: [bytes, key] }))
}

/** The counters over `sql`. */
export function createStorageCounters(sql: SqlClient) {
  const value = async (key: string) => (await sql.get<{ value: number }>('SELECT value FROM stat_counters WHERE key = ?', [key]))?.value ?? null
  return {
    /** The counter's value, or null when it has no row. */
    value,
    /** Starts the total at `bytes` unless another writer started it first. */
    async startTotal(bytes: number): Promise<void> {
      await sql.run('INSERT INTO stat_counters (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING', [TOTAL_KEY, bytes])
    },
    /** Adds `bytes` to the total if it then stays within `budget` (0 = no limit); false, and nothing added, if not. */
    async addToTotal(bytes: number, budget: number): Promise<boolean> {
      return (await sql.all(ADD_TO_TOTAL, totalParams(bytes, budget))).length === 1
    },
    /**
     * Adds `bytes` to the day counter `key` if it then stays within `limit`, and to the total as
     * {@link addToTotal} does, in one batch (one D1 round trip): each adds only where it fits, so either may pass alone, and the caller takes back the half that passed when the other did not.
     */
    async addToDayAndTotal(key: string, bytes: number, limit: number, budget: number): Promise<AddedTo> {
      return addedTo(await sql.batch(addToDayAndTotalStatements(key, bytes, limit, budget)))
    },
    /** Takes `bytes` back from each counter of `keys` (a reservation that stored nothing). */
    async subtract(keys: readonly string[], bytes: number): Promise<void> {
      await sql.batch(subtractStatements(keys, bytes))
    },
    /** Drops the day counters of days before the UTC day of `t` (they no longer limit anyone). */
    async dropDaysBefore(t: number): Promise<void> {
      await sql.run('DELETE FROM stat_counters WHERE key >= ? AND key < ?', [DAY_PREFIX, `${DAY_PREFIX}${utcDay(t)}`])
    },
  }
}

/** The counters type. */
export type StorageCounters = ReturnType<typeof createStorageCounters>
