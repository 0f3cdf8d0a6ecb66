/**
 * Ending what an account's credentials opened, shared by the account site (sign-out
 * elsewhere, password change and reset) and the operator's lock: every live session of a user (and
 * with it every API token minted from it, which the API checks against its session), and the user's
 * mailed links.
 * @module
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { Db } from '../../store/db'
import { accountSessions, accountTokens } from '../../store/schema'

/** What a mailed link does (account_tokens.kind). */
export type LinkKind = (typeof accountTokens.$inferSelect)['kind']

/** Ends every live session of `userId` but `keepId` at `now`; returns how many ended. */
export async function endUserSessions(db: Db, userId: string, now: number, keepId?: string): Promise<number> {
  const live = and(eq(accountSessions.userId, userId), isNull(accountSessions.revokedAt))
  const ended = await db
    .update(accountSessions)
    .set({ revokedAt: now })
    .where(keepId ? and(live, ne(accountSessions.id, keepId)) : live)
    .returning({ id: accountSessions.id })
    .all()
  return ended.length
}

/** Cancels the live mailed links of `userId` (of `kinds`, or all) at `now`. */
export async function cancelUserLinks(db: Db, userId: string, now: number, kinds?: LinkKind[]): Promise<void> {
  const mine = and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt))
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(kinds ? and(mine, inArray(accountTokens.kind, kinds)) : mine)
    .run()
}
