/**
 * Generate options checked against the caller (reference/mineskin-api.md §1.5): `private` needs
 * a key or user (401 `unauthorized`) and the `private_skins` grant (403 `insufficient_grants`);
 * `cape` must be a known cape (400 `invalid_cape`), needs a key or user and the `capes` grant,
 * and must be one this instance's signer can apply now (400 `cape_unavailable` naming those it can,
 * ../../capes/capes.ts); `remixOf` must name a skin the caller may see
 * (400 `invalid_remix_of`, ./remix-of.ts).
 * @module
 */
import type { GenerateOptions, Visibility } from '../../../shared/schemas/api'
import { findKnownCape, type CapeCatalogue, type KnownCape } from '../../capes/capes'
import { ApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { Db } from '../../store/db'
import { checkRemixOf } from './remix-of'

/** Options after the caller checks. */
export interface CheckedOptions {
  name: string | null
  visibility: Visibility
  variant: 'classic' | 'slim' | 'unknown'
  cape: KnownCape | null
  /** The skin this one was made from (./remix-of.ts), 32-hex uuid; null when none. */
  remixOf: string | null
}

/** Checks options against the caller's identity and grants (and `remixOf` against the skins in `db`). */
export async function checkOptions(opts: GenerateOptions, who: Identity, capes: CapeCatalogue, db: Db): Promise<CheckedOptions> {
  const signedIn = who.kind !== 'anonymous'
  if (opts.visibility === 'private') {
    if (!signedIn) throw new ApiError('unauthorized', 'Private skins need an API key or a signed-in user', 401)
    if (!who.grants.private_skins) throw new ApiError('insufficient_grants', 'Private skins need the private_skins grant', 403)
  }
  let cape: KnownCape | null = null
  if (opts.cape) {
    cape = findKnownCape(opts.cape)
    if (!cape) throw new ApiError('invalid_cape', 'Unknown cape', 400)
    if (!signedIn) throw new ApiError('unauthorized', 'Capes need an API key or a signed-in user', 401)
    if (!who.grants.capes) throw new ApiError('insufficient_grants', 'Capes need the capes grant', 403)
    await capes.require(cape)
  }
  const remixOf = await checkRemixOf(db, opts.remixOf, who)
  return { name: opts.name ? opts.name : null, visibility: opts.visibility, variant: opts.variant, cape, remixOf }
}
