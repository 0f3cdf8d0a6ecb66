/**
 * Forgets account rows that can never matter again: refresh sessions that expired or were revoked
 * (kept a day for support questions), and login-failure counters whose window and lock are over.
 * Run on each sign-in (issue 9 point 3: sessions are stored server-side, so without pruning the table
 * only grows); sign-ins are throttled, so the two indexed deletes cost nothing noticeable.
 * @module
 */
import { and, isNotNull, lt, or } from 'drizzle-orm'
import { accountSessions, loginFailures } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'
import { WINDOW_MS } from './throttle'

/** How long an ended session row is kept. */
export const ENDED_SESSION_KEEP_MS = 24 * 3600 * 1000

/** Deletes ended sessions and stale failure counters; returns how many rows of each went. */
export function pruneAccountRows(deps: AccountsDeps): { sessions: number; failures: number } {
  const now = (deps.now ?? Date.now)()
  const cutoff = now - ENDED_SESSION_KEEP_MS
  const sessions = deps.db
    .delete(accountSessions)
    .where(or(lt(accountSessions.expiresAt, cutoff), and(isNotNull(accountSessions.revokedAt), lt(accountSessions.revokedAt, cutoff))))
    .returning({ id: accountSessions.id })
    .all()
  const failures = deps.db
    .delete(loginFailures)
    .where(and(lt(loginFailures.windowStart, now - WINDOW_MS), lt(loginFailures.lockedUntil, now)))
    .returning({ key: loginFailures.key })
    .all()
  return { sessions: sessions.length, failures: failures.length }
}
