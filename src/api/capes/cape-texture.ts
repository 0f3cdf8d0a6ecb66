/**
 * Keeps the texture of a cape a skin was signed with (docs/signing.md "Capes"): a Mojang account's
 * cape lives on Mojang's texture host, but the skin page draws it from `/textures/{hash}` like the
 * skin (2D render and 3D viewer), so it is copied here once, from the configured texture host.
 * @module
 */
import { textureKey, type BlobStore } from '../blob/blob-store'

/** The PNG signature: whatever the texture host answered must at least be a PNG. */
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** What {@link keepCapeTexture} needs. */
export interface CapeTextureDeps {
  blobs: Pick<BlobStore, 'has'>
  /** Downloads a texture by hash from the configured (trusted) texture host. */
  fetchTexture: (hash: string) => Promise<Uint8Array>
  /** Stores a texture PNG (the storage meter's, so it is counted). */
  storeTexture: (hash: string, png: Uint8Array) => Promise<void>
}

/**
 * Stores cape texture `hash` unless it is here already. Never throws: the skin is signed and stored
 * either way, a cape picture that could not be copied only means the page draws no cape.
 */
export async function keepCapeTexture(deps: CapeTextureDeps, hash: string): Promise<boolean> {
  try {
    if (await deps.blobs.has(textureKey(hash))) return true
    const png = await deps.fetchTexture(hash)
    if (png.length < 8 || PNG_MAGIC.some((b, i) => png[i] !== b)) return false
    await deps.storeTexture(hash, png)
    return true
  } catch {
    return false
  }
}
