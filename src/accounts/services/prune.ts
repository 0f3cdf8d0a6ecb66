/**
 * Forgets account rows that can never matter again: refresh sessions that expired or were revoked
 * (kept a day for support questions), throttle counters whose run and block are over, and mailed
 * links that expired more than a day ago. Run on each sign-in (sessions are stored
 * server-side, so without pruning the tables only grow); sign-ins are throttled, so the indexed
 * deletes cost nothing noticeable.
 * @module
 */
import { and, isNotNull, lt, lte, or } from 'drizzle-orm'
import { accountSessions, accountTokens, loginFailures } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'
import { RULES } from '../throttle/rules'

/** How long an ended session (and an expired link) is kept. */
export const ENDED_SESSION_KEEP_MS = 24 * 3600 * 1000

/** The longest quiet time of any throttle rule: a counter idle this long has nothing left to count. */
export const COUNTER_QUIET_MS = Math.max(...Object.values(RULES).map((r) => r.quietMs))

/** Deletes ended sessions, stale counters and old links; returns how many rows of each went. */
export async function pruneAccountRows(deps: AccountsDeps): Promise<{ sessions: number; failures: number; links: number }> {
  const now = (deps.now ?? Date.now)()
  const cutoff = now - ENDED_SESSION_KEEP_MS
  const sessions = await deps.db
    .delete(accountSessions)
    .where(or(lt(accountSessions.expiresAt, cutoff), and(isNotNull(accountSessions.revokedAt), lt(accountSessions.revokedAt, cutoff))))
    .returning({ id: accountSessions.id })
    .all()
  const failures = await deps.db
    .delete(loginFailures)
    .where(and(lte(loginFailures.windowStart, now - COUNTER_QUIET_MS), lte(loginFailures.lockedUntil, now)))
    .returning({ key: loginFailures.key })
    .all()
  const links = await deps.db.delete(accountTokens).where(lt(accountTokens.expiresAt, cutoff)).returning({ id: accountTokens.id }).all()
  return { sessions: sessions.length, failures: failures.length, links: links.length }
}
