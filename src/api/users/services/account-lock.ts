/**
 * Locking an account (`bun run accounts -- lock` and the operator console's lock):
 * a locked user cannot sign in, every session ends at once (and with it every API token minted from
 * it), mailed links are cancelled, and the user's API keys answer 403 `account_locked` while the lock
 * lasts. Nothing is deleted: unlocking makes the keys work again; sessions stay ended (sign in anew).
 * @module
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../../store/db'
import { users } from '../../store/schema'
import { cancelUserLinks, endUserSessions } from './end-sessions'

/** Locks `userId` at `now`; returns how many sessions were ended. */
export async function lockUser(db: Db, userId: string, now: number): Promise<number> {
  await db.update(users).set({ lockedAt: now, updatedAt: now }).where(eq(users.id, userId)).run()
  await cancelUserLinks(db, userId, now)
  return endUserSessions(db, userId, now)
}

/** Lifts the lock of `userId`. */
export async function unlockUser(db: Db, userId: string, now: number): Promise<void> {
  await db.update(users).set({ lockedAt: null, updatedAt: now }).where(eq(users.id, userId)).run()
}
