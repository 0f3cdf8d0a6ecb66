/**
 * Which callers a skin's `remixOf` is shown to (docs/api.md "Remixes"). The link hands out the
 * original's uuid, and an unlisted skin's uuid is its secret link (./skin-access.ts), so the rule is
 * the one for a skin named by a guessable id: shown while the original exists and is public, or to
 * one of the original's creators; to everyone else the skin simply has no `remixOf`.
 * @module
 */
import type { Identity } from '../../users/identity'
import type { Db } from '../../store/db'
import { canSeeSkin } from './skin-access'
import { loadSkinRecord, toSkinInfo, type SkinRecord } from './skin-record'

/** The `remixOf` uuid `who` may be shown for `rec` (null: an anonymous reader), or undefined. */
export async function visibleRemixOf(db: Db, rec: SkinRecord, who: Identity | null): Promise<string | undefined> {
  const uuid = rec.skin.remixOf
  if (!uuid) return undefined
  const original = await loadSkinRecord(db, uuid)
  return original && (await canSeeSkin(db, original, who, 'other')) ? original.skin.uuid : undefined
}

/**
 * True when the answer about `rec` may differ between callers because of its `remixOf` (the original
 * exists and is not public): such an answer must not be kept by a shared cache.
 */
export async function remixOfDependsOnCaller(db: Db, rec: SkinRecord): Promise<boolean> {
  const uuid = rec.skin.remixOf
  if (!uuid) return false
  const original = await loadSkinRecord(db, uuid)
  return original !== null && original.skin.deletedAt === null && original.skin.visibility !== 'public'
}

/** The v2 skin object of `rec` as `who` reads it (its `remixOf` by the rule above). */
export async function skinInfoFor(db: Db, rec: SkinRecord, who: Identity | null, opts: { duplicate?: boolean } = {}) {
  return toSkinInfo(db, rec, { ...opts, remixOf: await visibleRemixOf(db, rec, who) })
}
