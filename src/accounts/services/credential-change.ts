/**
 * What a new password does besides storing itself: every other session ends
 * (and every API token minted from them, which the API checks against its session), every mailed
 * link of the account is cancelled, the throttle counters of the account are forgotten, and the API
 * keys are revoked unless the owner chose to keep them: a password change is what someone does who
 * fears another person knows it, and a key made with a stolen session must not outlive the change.
 * @module
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { cancelUserLinks, endUserSessions } from '../../api/users/services/end-sessions'
import { apiKeys, loginFailures, users } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'
import { throttleKey } from '../throttle/counter'
import { RULES } from '../throttle/rules'

/** Options of {@link replacePassword}. */
export interface ReplaceOptions {
  /** The session that made the change stays signed in (a change form); none for a reset. */
  keepSessionId?: string
  /** Keep the account's API keys working (the form's "keep my API keys" box). */
  keepKeys: boolean
}

/** Stores `passwordHash` for `user` and ends what the old password opened; returns how many keys were revoked. */
export async function replacePassword(deps: AccountsDeps, user: { id: string; email: string | null }, passwordHash: string, opts: ReplaceOptions): Promise<number> {
  const now = (deps.now ?? Date.now)()
  await deps.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)).run()
  await endUserSessions(deps.db, user.id, now, opts.keepSessionId)
  await cancelUserLinks(deps.db, user.id, now)
  if (user.email) await forgetAccountCounters(deps, user.email)
  if (opts.keepKeys) return 0
  const revoked = await deps.db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt))).returning({ id: apiKeys.id }).all()
  return revoked.length
}

/** Deletes the throttle counters of account `email` (its own and those of every address at it). */
export async function forgetAccountCounters(deps: AccountsDeps, email: string): Promise<void> {
  // A prefix compared with substr(), not LIKE: an address may hold `%` or `_`.
  const pairs = `${throttleKey(RULES.passwordPair, email)}|`
  await deps.db
    .delete(loginFailures)
    .where(or(eq(loginFailures.key, throttleKey(RULES.passwordAccount, email)), sql`substr(${loginFailures.key}, 1, ${pairs.length}) = ${pairs}`))
    .run()
}
