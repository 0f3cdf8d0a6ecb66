/**
 * The one rule for reading a skin (reference/mineskin-api.md §1.7 `validateRequestedSkin`, and the
 * visibility rule of docs/api.md "Visibility"), everywhere a skin is looked up — v2 and v1, pages,
 * URL inputs naming our own skins:
 * - deleted skins answer 404 `skin_not_found` to everyone;
 * - public skins answer to everyone, by any id;
 * - unlisted skins answer to everyone only by their uuid (the link the owner shares); by any id a
 *   stranger can guess or walk — the 8-hex short id (2³² values), the v1 integer id (sequential),
 *   a signed value seen on a game server — only to their creators;
 * - private skins answer to their creators only.
 * @module
 */
import { UUID32, UUID36 } from '../../../shared/schemas/api'
import { ApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { Db } from '../../store/db'
import { isSameCaller, skinCreators } from './ownership'
import { loadSkinRecord, type SkinRecord } from './skin-record'

/** 404 `skin_not_found`. */
export const skinNotFound = (): ApiError => new ApiError('skin_not_found', 'Skin not found', 404)

/**
 * How the caller named the skin: by its `uuid` (32 hex or dashed; 122 random bits, the unlisted
 * link), or by an `other` id — a short id, a v1 integer id, a signed value or texture.
 */
export type SkinNamedBy = 'uuid' | 'other'

/** What naming a skin by `id` counts as. */
export const namedBy = (id: string): SkinNamedBy => (UUID32.test(id.toLowerCase()) || UUID36.test(id) ? 'uuid' : 'other')

/** True when `who` created `rec` (any of its creators: a duplicate generation makes one more). */
async function isCreator(db: Db, rec: SkinRecord, who: Identity | null): Promise<boolean> {
  return who !== null && (await skinCreators(db, rec.skin.id)).some((c) => isSameCaller(c, who))
}

/** True when `who` may see `rec`, named `by` its uuid or another id. */
export async function canSeeSkin(db: Db, rec: SkinRecord, who: Identity | null, by: SkinNamedBy): Promise<boolean> {
  if (rec.skin.deletedAt !== null) return false
  if (rec.skin.visibility === 'public') return true
  if (rec.skin.visibility === 'unlisted' && by === 'uuid') return true
  return isCreator(db, rec, who)
}

/** Loads a skin by uuid or short id that the caller may see, or throws 404 `skin_not_found`. */
export async function requireVisibleSkin(db: Db, id: string, who: Identity | null): Promise<SkinRecord> {
  const rec = await loadSkinRecord(db, id)
  if (!rec || !(await canSeeSkin(db, rec, who, namedBy(id)))) throw skinNotFound()
  return rec
}
