/**
 * The generate option `remixOf` (our extension, docs/api.md "Remixes"): the skin a new skin was made
 * from, e.g. by the editor's "Edit a copy". It must name a skin the caller may see by its uuid (the
 * skin access rule of src/api/skins/services/skin-access.ts): public and unlisted skins, and the
 * caller's own private ones. Unknown, deleted and other callers' private skins are refused alike, so
 * the answer tells nobody whether a private uuid exists.
 * @module
 */
import { ApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { Db } from '../../store/db'
import { canSeeSkin } from '../../skins/services/skin-access'
import { loadSkinRecord } from '../../skins/services/skin-record'

/** 400 `invalid_remix_of`: `remixOf` names no skin the caller may see. */
export const invalidRemixOf = (): ApiError => new ApiError('invalid_remix_of', 'remixOf names no skin you may see', 400)

/** The checked `remixOf` uuid (32 hex), null when absent; throws {@link invalidRemixOf}. */
export async function checkRemixOf(db: Db, uuid: string | undefined, who: Identity): Promise<string | null> {
  if (uuid === undefined) return null
  const rec = await loadSkinRecord(db, uuid)
  if (!rec || !(await canSeeSkin(db, rec, who, 'uuid'))) throw invalidRemixOf()
  return rec.skin.uuid
}
