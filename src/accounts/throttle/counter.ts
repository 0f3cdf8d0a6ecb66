/**
 * Atomic attempt counters over the `login_failures` table. An attempt is
 * *reserved* before the password is verified, in one statement that counts it and sets the block, so
 * a burst of concurrent guesses cannot slip past the limit while earlier ones are still being
 * verified (before, 199 of 200 guesses in one burst were evaluated). The statement is an SQLite
 * UPSERT with RETURNING, atomic on bun:sqlite and on D1 alike.
 * @module
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../api/store/db'
import { loginFailures } from '../../api/store/schema'
import type { ThrottleRule } from './rules'

/** What a reservation gave: counted (with the run's count), or refused until `retryAt`. */
export type Reservation = { ok: true; count: number } | { ok: false; retryAt: number }

/** The row key of `rule` for `subject`. */
export const throttleKey = (rule: ThrottleRule, subject: string) => `${rule.name}:${subject}`

/**
 * Counts one attempt unless the key is blocked now. The run restarts after `quietMs` without an
 * attempt; reaching `blockAfter` blocks for `blockMs`, doubling with each further counted attempt up
 * to `maxBlockMs`. All `SET` expressions read the row as it was (SQLite UPDATE semantics).
 */
export async function reserve(db: Db, rule: ThrottleRule, subject: string, now: number): Promise<Reservation> {
  const key = throttleKey(rule, subject)
  const { count, windowStart, lockedUntil } = loginFailures
  const next = sql`(CASE WHEN ${windowStart} <= ${now - rule.quietMs} THEN 1 ELSE ${count} + 1 END)`
  const lockFor = (n: SQL) => sql`(CASE WHEN ${n} >= ${rule.blockAfter} THEN ${now} + min(${rule.maxBlockMs}, ${rule.blockMs} << min(30, ${n} - ${rule.blockAfter})) ELSE 0 END)`
  const row = await db
    .insert(loginFailures)
    .values({ key, count: 1, windowStart: now, lockedUntil: lockFor(sql`1`) })
    .onConflictDoUpdate({ target: loginFailures.key, set: { count: next, lockedUntil: lockFor(next), windowStart: now }, setWhere: sql`${lockedUntil} <= ${now}` })
    .returning({ count })
    .get()
  if (row) return { ok: true, count: row.count }
  const blocked = await db.select({ lockedUntil }).from(loginFailures).where(eq(loginFailures.key, key)).get()
  return { ok: false, retryAt: blocked?.lockedUntil ?? now }
}

/** Takes back one reserved attempt that turned out not to be a failure (success, or refused for another reason). */
export async function release(db: Db, rule: ThrottleRule, subject: string): Promise<void> {
  const { count, lockedUntil } = loginFailures
  await db
    .update(loginFailures)
    .set({ count: sql`max(${count} - 1, 0)`, lockedUntil: sql`CASE WHEN ${count} - 1 < ${rule.blockAfter} THEN 0 ELSE ${lockedUntil} END` })
    .where(eq(loginFailures.key, throttleKey(rule, subject)))
    .run()
}

/** Forgets the run under the key (the owner proved the password, or the data behind it is gone). */
export async function clear(db: Db, rule: ThrottleRule, subject: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, throttleKey(rule, subject))).run()
}
