/**
 * Account deletion (issue 9 point 1: "removal of the user's private data"): the user row, sign-in
 * sessions (so every API token minted from them stops working, issue 26 point 3), mailed links, API keys (revoked: keys stay resolvable as revoked so callers get 403,
 * not a silent anonymous fallback), credits, subscriptions, notifications, and the user's private
 * skins soft-deleted with the fields `deleteSkin` uses (src/api/services/skins/skin-edit.ts).
 * Public and unlisted skins stay; their owner link is dropped so nothing points at the user.
 * @module
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { accountSessions, accountTokens, apiKeys, credits, notifications, skinClients, skins, subscriptions, users } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'

/** Deletes `userId`'s account and private data in one transaction. */
export function deleteAccount(deps: AccountsDeps, user: { id: string; email: string | null }) {
  const now = (deps.now ?? Date.now)()
  deps.db.transaction((tx) => {
    const owned = tx.select({ id: skinClients.skinId }).from(skinClients).where(eq(skinClients.userId, user.id)).all().map((r) => r.id)
    if (owned.length) {
      tx.update(skins).set({ deletedAt: now, status: 'deleted', updatedAt: now }).where(and(inArray(skins.id, owned), eq(skins.visibility, 'private'), isNull(skins.deletedAt))).run()
    }
    tx.update(skinClients).set({ userId: null }).where(eq(skinClients.userId, user.id)).run()
    tx.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt))).run()
    tx.delete(accountSessions).where(eq(accountSessions.userId, user.id)).run()
    tx.delete(credits).where(eq(credits.userId, user.id)).run()
    tx.delete(subscriptions).where(eq(subscriptions.userId, user.id)).run()
    tx.delete(notifications).where(eq(notifications.userId, user.id)).run()
    tx.delete(accountTokens).where(eq(accountTokens.userId, user.id)).run()
    tx.delete(users).where(eq(users.id, user.id)).run()
  })
}
