/**
 * Account deletion, which removes the user's private data: the user row, sign-in
 * sessions (so every API token minted from them stops working), mailed links, API keys (revoked: keys stay resolvable as revoked so callers get 403,
 * not a silent anonymous fallback; their webhook URLs and secrets cleared, their webhook deliveries deleted),
 * credits, subscriptions, notifications, the linked Minecraft account
 * and its wear history, and the user's private
 * skins soft-deleted with the fields `deleteSkin` uses (src/api/skins/services/skin-edit.ts).
 * Public and unlisted skins stay; their owner link is dropped so nothing points at the user.
 * @module
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { accountSessions, accountTokens, apiKeys, credits, legacySkins, minecraftLinks, notifications, skinClients, skins, subscriptions, users, wearHistory } from '../../api/store/schema'
import type { SqlParams } from '../../api/store/sql'
import type { AccountsDeps } from '../deps'
import { accountsSql } from '../site-sql'

/**
 * Deletes `userId`'s account and private data, all or nothing: one batch (D1 has no interactive
 * transactions), the private skins found by a subquery inside it.
 */
export async function deleteAccount(deps: AccountsDeps, user: { id: string; email: string | null }) {
  const now = (deps.now ?? Date.now)()
  const { db } = deps
  const owned = db.select({ id: skinClients.skinId }).from(skinClients).where(eq(skinClients.userId, user.id))
  const statements = [
    db.update(skins).set({ deletedAt: now, status: 'deleted', updatedAt: now }).where(and(inArray(skins.id, owned), eq(skins.visibility, 'private'), isNull(skins.deletedAt))).toSQL(),
    db.update(skinClients).set({ userId: null }).where(eq(skinClients.userId, user.id)).toSQL(),
    db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt))).toSQL(),
    db.delete(accountSessions).where(eq(accountSessions.userId, user.id)).toSQL(),
    db.delete(credits).where(eq(credits.userId, user.id)).toSQL(),
    db.delete(subscriptions).where(eq(subscriptions.userId, user.id)).toSQL(),
    db.delete(notifications).where(eq(notifications.userId, user.id)).toSQL(),
    db.delete(accountTokens).where(eq(accountTokens.userId, user.id)).toSQL(),
    // The user's list of v1 skins (GET /v2/me/legacyskins) names the user: it goes with the owner links.
    db.delete(legacySkins).where(eq(legacySkins.userId, user.id)).toSQL(),
    // The linked Minecraft account's sealed tokens, and what the user wore (docs/wear.md).
    db.delete(minecraftLinks).where(eq(minecraftLinks.userId, user.id)).toSQL(),
    db.delete(wearHistory).where(eq(wearHistory.userId, user.id)).toSQL(),
    db.delete(users).where(eq(users.id, user.id)).toSQL(),
  ]
  await accountsSql(deps).batch([
    ...statements.map(({ sql, params }) => ({ sql, params: params as SqlParams })),
    // Device-code sign-ins the user started (their sealed device codes, the profiles they named).
    { sql: 'DELETE FROM pool_sign_ins WHERE user_id = ?', params: [user.id] },
    // Webhooks (docs/webhooks.md): the keys' URLs and signing secrets, and the deliveries with their bodies.
    { sql: 'UPDATE api_keys SET webhook_url = NULL, webhook_secret = NULL WHERE user_id = ?', params: [user.id] },
    { sql: 'DELETE FROM webhook_deliveries WHERE user_id = ?', params: [user.id] },
  ])
  // The link's sealed tokens leave the database files too, not only the table (src/api/store/purge.ts).
  await deps.wardrobe?.purge()
}
