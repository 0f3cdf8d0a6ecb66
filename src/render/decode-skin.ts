/**
 * Skin PNG → the 64x64 RGBA texture the game would draw with (reference/skins-and-peers.md §2.1).
 * @module
 */
import { decodePng, isPngError, SKIN_TEXTURE_LIMITS } from '../shared/png'
import { RenderError } from './errors'
import { applyVanillaAlpha, expandLegacySkin } from './legacy-skin'
import type { RgbaImage } from './image'

/**
 * Decodes a skin PNG (64x64 or legacy 64x32; the game discards every other size, reference §2.1)
 * into a 64x64 RGBA texture with the vanilla post-processing applied. The shared PNG module checks
 * the IHDR before inflating anything. Throws `invalid_image` (400) for any other input.
 */
export function decodeSkin(png: Uint8Array): RgbaImage {
  try {
    return normalizeSkin(decodePng(png, SKIN_TEXTURE_LIMITS))
  } catch (e) {
    if (isPngError(e)) throw new RenderError('invalid_image', `Invalid skin image: ${e.message}`)
    throw e
  }
}

/** The vanilla post-processing on already-decoded pixels: legacy expansion, then the alpha rules. */
export function normalizeSkin(image: RgbaImage): RgbaImage {
  const legacy = image.height === 32
  const skin = legacy ? expandLegacySkin(image) : { width: 64, height: 64, rgba: image.rgba.slice() }
  return applyVanillaAlpha(skin, legacy)
}
