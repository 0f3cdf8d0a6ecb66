/**
 * `PATCH` and `DELETE /v2/skins/{id}` (reference/mineskin-api.md §1.7): owner only, inside the
 * grant windows, at most 6 logged edits; `private` needs the `private_skins` grant. Deleting is a
 * soft delete (`deletedAt`, status `deleted`).
 * @module
 */
import { eq, sql } from 'drizzle-orm'
import type { SkinUpdateBody } from '../../../shared/schemas/api'
import { ApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { Db, Store } from '../../store/db'
import { drizzleStatement } from '../../store/sql'
import { skinEdits, skins } from '../../store/schema'
import { MAX_EDITS, skinPermissions } from './ownership'
import { loadSkinRecordById, type SkinRecord } from './skin-record'

/** Applies a PATCH; returns the updated record. Refusals are 401 `unauthorized` with the reason. */
export async function updateSkin(store: Store, rec: SkinRecord, who: Identity, body: SkinUpdateBody, now: number): Promise<SkinRecord> {
  const { db } = store
  const perm = await skinPermissions(db, rec, who, now)
  if (!perm.canEdit) throw new ApiError('unauthorized', perm.editDenied ?? 'Not allowed to edit this skin', 401)
  // A moderator hid it: its visibility stays private until a moderator unhides it.
  if (rec.skin.hiddenAt !== null && body.visibility !== undefined && body.visibility !== rec.skin.visibility) {
    throw new ApiError('skin_hidden', 'A moderator hid this skin; its visibility cannot be changed', 403)
  }
  if (body.visibility === 'private' && rec.skin.visibility !== 'private' && !who.grants.private_skins) {
    throw new ApiError('insufficient_grants', 'Private skins need the private_skins grant', 403)
  }
  const name = body.name === undefined ? undefined : body.name === '' ? null : body.name
  const changes: { field: 'meta.name' | 'meta.visibility'; from: string | null; to: string | null }[] = []
  if (name !== undefined && name !== rec.skin.name) changes.push({ field: 'meta.name', from: rec.skin.name, to: name })
  if (body.visibility !== undefined && body.visibility !== rec.skin.visibility) {
    changes.push({ field: 'meta.visibility', from: rec.skin.visibility, to: body.visibility })
  }
  if (changes.length === 0) return rec
  if (rec.skin.editCount + changes.length > MAX_EDITS) {
    throw new ApiError('unauthorized', `This skin can only be edited ${MAX_EDITS} times`, 401)
  }
  // The update and its edit-log rows as one atomic batch (no interactive transactions on D1).
  await store.sql.batch([
    drizzleStatement(
      db
        .update(skins)
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
          editCount: sql`${skins.editCount} + ${changes.length}`,
          updatedAt: now,
        })
        .where(eq(skins.id, rec.skin.id)),
    ),
    ...changes.map((c) => drizzleStatement(db.insert(skinEdits).values({ skinId: rec.skin.id, time: now, ...c }))),
  ])
  const updated = await loadSkinRecordById(db, rec.skin.id)
  if (!updated) throw new ApiError('skin_not_found', 'Skin not found', 404)
  return updated
}

/** Soft-deletes a skin. */
export async function deleteSkin(db: Db, rec: SkinRecord, who: Identity, now: number): Promise<void> {
  const perm = await skinPermissions(db, rec, who, now)
  if (!perm.canDelete) throw new ApiError('unauthorized', perm.deleteDenied ?? 'Not allowed to delete this skin', 401)
  await db.update(skins).set({ deletedAt: now, status: 'deleted', updatedAt: now }).where(eq(skins.id, rec.skin.id)).run()
}
