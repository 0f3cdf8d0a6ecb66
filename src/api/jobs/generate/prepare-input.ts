/**
 * Turns a generate input into either an existing skin (a link to one of our skins,
 * DuplicateSource `mineskin_url`), a texture Mojang signed (./mojang-textures.ts), or a validated
 * skin image ready for dedupe and signing
 * (reference/mineskin-api.md §2.1 steps 3 and 5). Downloads happen here, at submit time, so a
 * bad URL or file is a 400 to the caller, and the job only ever holds a stored image.
 * @module
 */
import { textureKey } from '../../blob/blob-store'
import { ApiError } from '../../errors'
import { decodePngDataUrl, isPngDataUrl, rewriteImageUrl, skinIdFromUrl, textureHashFromUrl } from '../../fetch'
import { readSkinImage, type SkinImage } from '../../image'
import { decodeTexturesValue, hashFromTextureUrl } from '../../profiles/textures-value'
import type { ApiContext } from '../../services/context'
import type { Identity } from '../../users/identity'
import { canSeeSkin, namedBy } from '../../skins/services/skin-access'
import { loadSkinRecord, type SkinRecord } from '../../skins/services/skin-record'
import { findMojangSigned, verifyTexturesValue, type SignedTextureKey } from './mojang-textures'
import type { SignedData } from './skin-writer'

/** A generate input as received. */
export type GenerateInput =
  | { kind: 'upload'; bytes: Uint8Array; fileName: string | null }
  | { kind: 'url'; url: string }
  | { kind: 'user'; user: string }
  /** A Mojang-signed `textures` property (./mojang-textures.ts): stored as it is, without a skin change. */
  | { kind: 'signed'; value: string; signature: string }

/** Where a prepared image came from; decides the duplicate kinds. */
export type ImageOrigin = 'image' | 'texture' | 'user'

/** A prepared input. */
export type PreparedInput =
  | { type: 'existing'; rec: SkinRecord }
  | {
      type: 'image'
      /** The decoded skin; its clean re-encode `image.png` is all that is kept of the input. */
      image: SkinImage
      origin: ImageOrigin
      sourceName: string | null
      /** Player uuid and model for user inputs. */
      player?: { uuid: string; name: string; variant: 'classic' | 'slim' }
    }
  | {
      /**
       * A texture Mojang signed (./mojang-textures.ts): a verified `value` + `signature` (`fresh`), or
       * a texture URL whose Mojang-signed data row we have (`fresh` null). Deduplicated as a texture
       * URL (`texture_url`, `texture_url_data`), and never signed again.
       */
      type: 'signed'
      key: SignedTextureKey
      sourceName: string | null
      fresh: { signed: SignedData; image: SkinImage } | null
    }

const invalidUser = (msg: string) => new ApiError('invalid_user', msg, 400)

/** A player's current skin, or why there is none. */
export type PlayerSkin =
  | { found: true; image: SkinImage; uuid: string; name: string; variant: 'classic' | 'slim' }
  | { found: false; reason: 'unknown_player' | 'no_skin'; message: string }

/**
 * Resolves a player name or uuid to its profile and downloads its skin texture (our stored copy
 * first, else the texture host). Generate refuses both misses as `invalid_user`; the editor's import
 * (../routes/editor-import.ts) tells them apart.
 */
export async function findPlayerSkin(ctx: ApiContext, user: string): Promise<PlayerSkin> {
  let uuid = user.replace(/-/g, '').toLowerCase()
  if (!/^[0-9a-f]{32}$/.test(uuid)) {
    const found = await ctx.profiles.lookupName(user)
    if (!found) return { found: false, reason: 'unknown_player', message: `No player named ${user}` }
    uuid = found.id
  }
  const profile = await ctx.profiles.getProfile(uuid)
  if (!profile) return { found: false, reason: 'unknown_player', message: `No player with uuid ${uuid}` }
  const prop = profile.properties.find((p) => p.name === 'textures')
  if (!prop) return { found: false, reason: 'no_skin', message: `Player ${profile.name} has no textures` }
  const skin = decodeTexturesValue(prop.value).textures.SKIN
  const hash = skin ? hashFromTextureUrl(skin.url) : null
  if (!skin || !hash) return { found: false, reason: 'no_skin', message: `Player ${profile.name} uses the default skin` }
  const variant = skin.metadata?.model === 'slim' ? 'slim' : 'classic'
  const stored = await ctx.blobs.get(textureKey(hash))
  const bytes = stored?.bytes ?? (await ctx.fetchTexture(hash))
  return { found: true, image: await readSkinImage(bytes), uuid, name: profile.name, variant }
}

/** Resolves a player name or uuid to a profile with a skin texture, downloading the texture. */
async function prepareUser(ctx: ApiContext, user: string): Promise<PreparedInput> {
  const player = await findPlayerSkin(ctx, user)
  if (!player.found) throw invalidUser(player.message)
  const { image, uuid, name, variant } = player
  return { type: 'image', image, origin: 'user', sourceName: name, player: { uuid, name, variant } }
}

/** A texture a URL input names by hash: one the texture host does not have is a bad URL (400), like any other URL that leads nowhere. */
async function fetchNamedTexture(ctx: ApiContext, hash: string): Promise<Uint8Array> {
  try {
    return await ctx.fetchTexture(hash)
  } catch (error) {
    if (error instanceof ApiError && error.code === 'texture_not_found') throw new ApiError('invalid_image_url', 'The link names no texture on this instance or the texture host', 400)
    throw error
  }
}

/** Resolves a URL input: our own skin link, a known texture URL, a data URL, or a safe download. */
export async function prepareUrl(ctx: ApiContext, url: string, who: Identity): Promise<Exclude<PreparedInput, { type: 'signed' }>> {
  if (isPngDataUrl(url)) {
    const bytes = decodePngDataUrl(url)
    return { type: 'image', image: await readSkinImage(bytes), origin: 'image', sourceName: null }
  }
  const self = [ctx.config.publicUrl]
  const skinId = skinIdFromUrl(url, self)
  if (skinId) {
    const rec = await loadSkinRecord(ctx.store.db, skinId)
    if (!rec || !(await canSeeSkin(ctx.store.db, rec, who, namedBy(skinId)))) {
      throw new ApiError('invalid_image_url', 'The link names no skin on this instance', 400)
    }
    return { type: 'existing', rec }
  }
  const textureHash = textureHashFromUrl(url, self)
  if (textureHash) {
    const stored = await ctx.blobs.get(textureKey(textureHash))
    const bytes = stored?.bytes ?? (await fetchNamedTexture(ctx, textureHash))
    return { type: 'image', image: await readSkinImage(bytes), origin: 'texture', sourceName: url }
  }
  const target = rewriteImageUrl(url, { selfSkinTextureUrl: (id) => `${ctx.config.publicUrl}/api/v2/skins/${id}/texture` })
  const fetched = await ctx.fetchImage(target)
  return { type: 'image', image: await readSkinImage(fetched.bytes), origin: 'image', sourceName: url }
}

/** What of the options decides which stored signed texture a texture URL may be answered with. */
export interface PrepareOptions {
  variant: 'classic' | 'slim' | 'unknown'
  /** Hash of the asked cape; empty for none. */
  capeHash: string
}

/**
 * A texture URL (textures.minecraft.net, or our own `/textures/{hash}`) whose Mojang-signed form we
 * have stored: answered from it without downloading or signing anything (docs/api.md "Existing
 * Mojang textures"). Null for any other URL, which is prepared (and later signed) as before.
 */
async function prepareKnownTexture(ctx: ApiContext, url: string, opts: PrepareOptions): Promise<PreparedInput | null> {
  const textureHash = textureHashFromUrl(url, [ctx.config.publicUrl])
  if (!textureHash) return null
  const key = await findMojangSigned(ctx, { textureHash, variant: opts.variant, capeHash: opts.capeHash })
  return key ? { type: 'signed', key, sourceName: url, fresh: null } : null
}

/** Prepares a generate input; `opts` (the checked options) lets a texture URL find its stored signed form. */
export async function prepareInput(ctx: ApiContext, input: GenerateInput, who: Identity, opts?: PrepareOptions): Promise<PreparedInput> {
  switch (input.kind) {
    case 'upload':
      return { type: 'image', image: await readSkinImage(input.bytes), origin: 'image', sourceName: input.fileName }
    case 'url':
      return (opts && (await prepareKnownTexture(ctx, input.url, opts))) ?? prepareUrl(ctx, input.url, who)
    case 'user':
      return prepareUser(ctx, input.user)
    case 'signed': {
      const { key, signed, image } = await verifyTexturesValue(ctx, input.value, input.signature)
      return { type: 'signed', key, sourceName: null, fresh: { signed, image } }
    }
  }
}
