/**
 * Existing Mojang textures, stored without a skin change (docs/api.md "Existing Mojang textures";
 * reference account-pool.md §5): a `value` + `signature` pair is accepted when the signature verifies
 * against Mojang's key (`config.mojang.signatureKeyPem`), and a texture URL is answered from a stored
 * data row of that texture whose signature verifies against it. A signature that verifies against
 * Mojang's key proves Mojang signed the value, so no account is needed; one we signed ourselves (the
 * local signer) proves nothing to a game server that checks Mojang's, so it never answers here.
 * @module
 */
import { textureKey } from '../../blob/blob-store'
import { ApiError, isApiError } from '../../errors'
import { readSkinImage, type SkinImage } from '../../image'
import { decodeTexturesValue, hashFromTextureUrl } from '../../profiles/textures-value'
import type { TexturesPayload } from '../../profiles/schemas'
import type { ApiContext } from '../../services/context'
import { verifyTextureSignature } from '../../signing/signer/texture-signature-check'
import type { SignedData } from './skin-writer'

/** The dedupe key of a signed texture (reference mineskin-api.md §2.3): texture hash + model + cape hash. */
export interface SignedTextureKey {
  textureHash: string
  variant: 'classic' | 'slim'
  /** Empty when the value carries no cape. */
  capeHash: string
}

/** A verified `value` + `signature` pair: what is stored, and its texture as a skin image. */
export interface VerifiedTextures {
  key: SignedTextureKey
  signed: SignedData
  /** The SKIN texture, downloaded by its hash (our stored copy first, else the texture host). */
  image: SkinImage
}

/** Standard base64 with its padding, nothing else (RFC 4648 §4). */
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

const refused = () => new ApiError('invalid_signature', "The signature does not verify against Mojang's public key for this value", 400)
const badValue = (message: string) => new ApiError('invalid_skin_data', message, 400)

/** True when `signature` signs `value` under Mojang's key; a signature that is not even base64 RSA is simply false. */
async function signedByMojang(ctx: ApiContext, value: string, signature: string): Promise<boolean> {
  try {
    return await verifyTextureSignature(ctx.config.mojang.signatureKeyPem, value, signature)
  } catch (e) {
    // A broken configured key is the instance's fault, not the caller's: let it surface as a 500.
    if (e instanceof Error && e.message.startsWith('MOJANG_SIGNATURE_KEY')) throw e
    return false
  }
}

/** The SKIN texture PNG named by `hash`: our stored copy, else the texture host (as player skins are fetched). */
async function loadTexture(ctx: ApiContext, hash: string): Promise<Uint8Array> {
  const stored = await ctx.blobs.get(textureKey(hash))
  if (stored) return stored.bytes
  try {
    return await ctx.fetchTexture(hash)
  } catch (e) {
    if (isApiError(e) && e.code === 'texture_not_found') throw badValue(`The texture host has no texture ${hash}`)
    throw e
  }
}

/**
 * Verifies a `value` + `signature` pair and reads its skin: 400 `invalid_signature` when the
 * signature does not verify (nothing is fetched or stored then), 400 `invalid_skin_data` for a signed
 * value without a skin texture (a player wearing the default skin).
 */
export async function verifyTexturesValue(ctx: ApiContext, value: string, signature: string): Promise<VerifiedTextures> {
  // Stored and handed out exactly as given, so only canonical base64 is taken: a decoder that skips
  // whitespace would verify a signature that Java's strict decoder (servers, authlib) then refuses.
  if (!CANONICAL_BASE64.test(value) || !CANONICAL_BASE64.test(signature)) throw refused()
  if (!(await signedByMojang(ctx, value, signature))) throw refused()
  let payload: TexturesPayload
  try {
    payload = decodeTexturesValue(value)
  } catch {
    throw badValue('The signed value is not a textures property value')
  }
  const skinUrl = payload.textures.SKIN?.url
  const textureHash = skinUrl ? hashFromTextureUrl(skinUrl) : null
  if (!skinUrl || !textureHash) throw badValue('The signed value has no skin texture')
  const capeUrl = payload.textures.CAPE?.url
  const capeHash = capeUrl ? hashFromTextureUrl(capeUrl) : null
  const image = await readSkinImage(await loadTexture(ctx, textureHash))
  return {
    // Mojang writes the model into the signed value: it decides the variant, as for a player's own skin.
    key: { textureHash, variant: payload.textures.SKIN?.metadata?.model === 'slim' ? 'slim' : 'classic', capeHash: capeHash ?? '' },
    signed: {
      value,
      signature,
      textureHash,
      textureUrl: skinUrl,
      ...(capeUrl && capeHash ? { capeUrl, capeHash } : {}),
      // As for a player's own signed profile: the profile that uploaded the texture.
      account: payload.profileId.slice(0, 16),
      server: 'mojang',
    },
    image,
  }
}

/**
 * A stored data row of texture `textureHash` (with cape `capeHash`, and model `variant` unless it is
 * `unknown`) whose signature verifies against Mojang's key, oldest first; null when there is none.
 */
export async function findMojangSigned(
  ctx: ApiContext,
  q: { textureHash: string; variant: 'classic' | 'slim' | 'unknown'; capeHash: string },
): Promise<SignedTextureKey | null> {
  const byVariant = q.variant === 'unknown' ? '' : ' AND variant = ?'
  const rows = await ctx.store.sql.all<{ variant: 'classic' | 'slim'; value: string; signature: string }>(
    `SELECT variant, value, signature FROM skin_data WHERE texture_hash = ? AND cape_hash = ?${byVariant} ORDER BY id ASC LIMIT 4`,
    q.variant === 'unknown' ? [q.textureHash, q.capeHash] : [q.textureHash, q.capeHash, q.variant],
  )
  for (const row of rows) {
    if (await signedByMojang(ctx, row.value, row.signature)) return { textureHash: q.textureHash, variant: row.variant, capeHash: q.capeHash }
  }
  return null
}
