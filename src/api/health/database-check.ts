/**
 * The database is writable: one upsert of the `stat_counters` row `readiness:probe` (the time of the
 * probe, read by nothing else), in a transaction (a batch). A database that cannot take writes — made
 * read-only, a full disk, a lock held past the busy timeout — fails it with SQLite's own words.
 * @module
 */
import type { SqlClient } from '../store/sql'
import { OK, type Check } from './check'

/** The probe row's key. */
export const PROBE_KEY = 'readiness:probe'

/** Writes the probe row (rejects with the database's error). */
export async function checkDatabase(sql: SqlClient, now: number): Promise<Check> {
  await sql.batch([{ sql: 'INSERT INTO stat_counters (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', params: [PROBE_KEY, now] }])
  return OK
}
