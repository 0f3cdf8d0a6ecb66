/**
 * The one rule for reading a skin (reference/mineskin-api.md §1.7 `validateRequestedSkin`):
 * deleted skins, and private skins asked for by someone who did not create them, answer
 * 404 `skin_not_found` — everywhere a skin id is accepted.
 * @module
 */
import { ApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { Db } from '../../store/db'
import { isSameCaller, skinCreators } from './ownership'
import { loadSkinRecord, type SkinRecord } from './skin-record'

/** 404 `skin_not_found`. */
export const skinNotFound = (): ApiError => new ApiError('skin_not_found', 'Skin not found', 404)

/** True when `who` may see `rec`. */
export async function canSeeSkin(db: Db, rec: SkinRecord, who: Identity | null): Promise<boolean> {
  if (rec.skin.deletedAt !== null) return false
  if (rec.skin.visibility !== 'private') return true
  return who !== null && (await skinCreators(db, rec.skin.id)).some((c) => isSameCaller(c, who))
}

/** Loads a skin the caller may see, or throws 404 `skin_not_found`. */
export async function requireVisibleSkin(db: Db, id: string, who: Identity | null): Promise<SkinRecord> {
  const rec = await loadSkinRecord(db, id)
  if (!rec || !(await canSeeSkin(db, rec, who))) throw skinNotFound()
  return rec
}
