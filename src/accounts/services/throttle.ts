/**
 * Login throttling per account and per address (issue 9 point 7): 5 failures within 15 minutes lock
 * that key for 15 minutes. Rows live in `login_failures` keyed `email:<email>` / `ip:<address>`.
 * @module
 */
import { eq } from 'drizzle-orm'
import { loginFailures } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'

/** Failures allowed inside one window. */
export const MAX_FAILURES = 5
/** Window and lock length. */
export const WINDOW_MS = 15 * 60 * 1000

const nowOf = (deps: AccountsDeps) => (deps.now ?? Date.now)()

/** Keys of an attempt: the account and the address (when known). */
export const throttleKeys = (email: string, address: string | undefined) => [`email:${email}`, ...(address ? [`ip:${address}`] : [])]

/** True when any key is locked now. */
export function isLocked(deps: AccountsDeps, keys: string[]): boolean {
  const now = nowOf(deps)
  return keys.some((key) => (deps.db.select().from(loginFailures).where(eq(loginFailures.key, key)).get()?.lockedUntil ?? 0) > now)
}

/** Counts one failure for every key, locking those that reach the limit. */
export function recordFailure(deps: AccountsDeps, keys: string[]) {
  const now = nowOf(deps)
  for (const key of keys) {
    const row = deps.db.select().from(loginFailures).where(eq(loginFailures.key, key)).get()
    const fresh = !row || now - row.windowStart > WINDOW_MS
    const count = fresh ? 1 : row.count + 1
    const lockedUntil = count >= MAX_FAILURES ? now + WINDOW_MS : (row?.lockedUntil ?? 0)
    deps.db
      .insert(loginFailures)
      .values({ key, count, windowStart: fresh ? now : row.windowStart, lockedUntil })
      .onConflictDoUpdate({ target: loginFailures.key, set: { count, windowStart: fresh ? now : row!.windowStart, lockedUntil } })
      .run()
  }
}

/** Forgets the account's failures after a successful sign-in (the address keeps its count). */
export const clearFailures = (deps: AccountsDeps, email: string) => deps.db.delete(loginFailures).where(eq(loginFailures.key, `email:${email}`)).run()
