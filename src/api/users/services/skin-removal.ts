/**
 * Moderation: removing a reported skin. The API has no automatic removal (reports are only
 * recorded, reference §1.7), so an admin removes a skin with
 * `bun run accounts -- remove-skin <skin-id>`; it is soft-deleted like an owner's delete and each
 * owning account (creator user, or the user behind the creating API key) gets one notification.
 * @module
 */
import { count, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../store/db'
import { apiKeys, skinReports, skins } from '../../store/schema'
import { skinCreators } from '../../skins/services/ownership'
import { loadSkinRecord, type SkinRecord } from '../../skins/services/skin-record'
import { createNotification } from './notifications'

/** What a removal did; null when there is no such (undeleted) skin. */
export interface SkinRemoval {
  uuid: string
  reports: number
  notifiedUsers: string[]
}

/** Soft-deletes the skin `id` (uuid or short id) and notifies its owners. */
export async function removeReportedSkin(db: Db, id: string, now: number, reason?: string): Promise<SkinRemoval | null> {
  const rec = await loadSkinRecord(db, id)
  if (!rec || rec.skin.deletedAt !== null) return null
  await db.update(skins).set({ deletedAt: now, status: 'deleted', updatedAt: now }).where(eq(skins.id, rec.skin.id)).run()
  const { reports, notifiedUsers } = await notifySkinOwners(db, rec, now, reason)
  return { uuid: rec.skin.uuid, reports, notifiedUsers }
}

/**
 * Tells each owning account of a removed skin (creator user, or the user behind the creating API
 * key) that it was removed, with the number of reports and the reason; also used by the report
 * queue's remove and ban actions (src/api/moderation/skin-actions.ts).
 */
export async function notifySkinOwners(db: Db, rec: SkinRecord, now: number, reason?: string): Promise<{ reports: number; notifiedUsers: string[] }> {
  const reports = (await db.select({ n: count() }).from(skinReports).where(eq(skinReports.skinId, rec.skin.id)).get())?.n ?? 0
  const creators = await skinCreators(db, rec.skin.id)
  const keyIds = creators.map((c) => c.apiKeyId).filter((k): k is string => k !== null)
  const keyOwners = keyIds.length
    ? (await db.select({ userId: apiKeys.userId }).from(apiKeys).where(inArray(apiKeys.id, keyIds)).all()).map((k) => k.userId)
    : []
  const owners = [...new Set([...creators.map((c) => c.userId), ...keyOwners].filter((u): u is string => u !== null))]
  const label = rec.skin.name ? `“${rec.skin.name}” (${rec.skin.shortId})` : rec.skin.shortId
  const why = reason?.trim()
  for (const userId of owners) {
    await createNotification(db, {
      userId,
      title: 'Skin removed',
      message: `Your skin ${label} was removed${reports ? ` after ${reports === 1 ? 'a report' : `${reports} reports`}` : ''}${why ? `: ${why}` : '.'}`,
      level: 'warning',
      now,
    })
  }
  return { reports, notifiedUsers: owners }
}
