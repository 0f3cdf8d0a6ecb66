/**
 * Who owns a skin and what they may do with it (reference/mineskin-api.md §1.7): owner = the user
 * who created it, else the API key, else the anonymous client cookie; edits and deletes need the
 * sole creator, inside the grant windows, at most 6 edits.
 * @module
 */
import { asc, eq } from 'drizzle-orm'
import type { Identity } from '../../users/identity'
import type { Db } from '../../store/db'
import { skinClients } from '../../store/schema'
import type { SkinRecord } from './skin-record'

/** Most edits a skin may receive (reference §1.7). */
export const MAX_EDITS = 6
const HOUR = 3_600_000

type ClientRow = typeof skinClients.$inferSelect

/** Creators of a skin, first creator first. */
export async function skinCreators(db: Db, skinRowId: number): Promise<ClientRow[]> {
  return await db.select().from(skinClients).where(eq(skinClients.skinId, skinRowId)).orderBy(asc(skinClients.id)).all()
}

/** True when `client` (a creator record) is the caller, by the strongest identity it carries. */
export function isSameCaller(client: Pick<ClientRow, 'userId' | 'apiKeyId' | 'clientId'>, who: Identity): boolean {
  if (client.userId) return client.userId === who.userId
  if (client.apiKeyId) return client.apiKeyId === who.apiKeyId
  return client.clientId !== null && client.clientId === who.clientId
}

/** What the caller may do with a skin (`GET /v2/skins/{uuid}/user`). */
export interface SkinPermissions {
  isOwner: boolean
  hasGenerated: boolean
  canEdit: boolean
  canDelete: boolean
  editReason?: 'max_edits_reached' | 'edit_duration_expired'
  deleteReason?: 'delete_duration_expired'
  /** Readable reason when editing is refused (for 401 answers). */
  editDenied?: string
  /** Readable reason when deleting is refused. */
  deleteDenied?: string
}

/** Computes the caller's permissions on a skin at `now`. */
export async function skinPermissions(db: Db, rec: SkinRecord, who: Identity, now: number): Promise<SkinPermissions> {
  const creators = await skinCreators(db, rec.skin.id)
  const owner = creators[0]
  const hasGenerated = creators.some((c) => isSameCaller(c, who))
  const isOwner = owner !== undefined && isSameCaller(owner, who)
  const p: SkinPermissions = { isOwner, hasGenerated, canEdit: false, canDelete: false }
  if (!isOwner) {
    p.editDenied = p.deleteDenied = 'You are not the owner of this skin'
    return p
  }
  if (creators.length > 1) {
    p.editDenied = p.deleteDenied = 'Multiple users have uploaded this skin, so it cannot be changed'
    return p
  }
  const age = now - rec.skin.createdAt
  if (rec.skin.editCount >= MAX_EDITS) {
    p.editReason = 'max_edits_reached'
    p.editDenied = `This skin was already edited ${MAX_EDITS} times`
  } else if (age > who.grants.skin_edit_duration * HOUR) {
    p.editReason = 'edit_duration_expired'
    p.editDenied = `Skins can only be edited within ${who.grants.skin_edit_duration} hour(s) of creation`
  } else p.canEdit = true
  if (age > who.grants.skin_delete_duration * HOUR) {
    p.deleteReason = 'delete_duration_expired'
    p.deleteDenied = `Skins can only be deleted within ${who.grants.skin_delete_duration} hour(s) of creation`
  } else p.canDelete = true
  return p
}
