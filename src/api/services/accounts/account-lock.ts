/**
 * Locking an account (issue 26 point 3; the operator's tool until the admin console of issue 22):
 * a locked user cannot sign in, every session ends at once (and with it every API token minted from
 * it), mailed links are cancelled, and the user's API keys answer 403 `account_locked` while the lock
 * lasts. Nothing is deleted: unlocking makes the keys work again; sessions stay ended (sign in anew).
 * @module
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../store/db'
import { accountSessions, accountTokens, users } from '../../store/schema'

/** Locks `userId` at `now`; returns how many sessions were ended. */
export async function lockUser(db: Db, userId: string, now: number): Promise<number> {
  await db.update(users).set({ lockedAt: now, updatedAt: now }).where(eq(users.id, userId)).run()
  const ended = await db
    .update(accountSessions)
    .set({ revokedAt: now })
    .where(and(eq(accountSessions.userId, userId), isNull(accountSessions.revokedAt)))
    .returning({ id: accountSessions.id })
    .all()
  await db.update(accountTokens).set({ usedAt: now }).where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt))).run()
  return ended.length
}

/** Lifts the lock of `userId`. */
export async function unlockUser(db: Db, userId: string, now: number): Promise<void> {
  await db.update(users).set({ lockedAt: null, updatedAt: now }).where(eq(users.id, userId)).run()
}
