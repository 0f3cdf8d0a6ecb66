/**
 * Skin PNG → the 64x64 RGBA texture the game would draw with (reference/skins-and-peers.md §2.1).
 * @module
 */
import { applyVanillaAlpha, expandLegacySkin } from './legacy-skin'
import type { RgbaImage } from './image'
import { decodePngRgba } from './png-decode'

/** The game discards every other size ("Discarding incorrectly sized skin texture", reference §2.1). */
const isSkinSize = (width: number, height: number): boolean => width === 64 && (height === 64 || height === 32)

/**
 * Decodes a skin PNG (64x64 or legacy 64x32) into a 64x64 RGBA texture with the vanilla
 * post-processing applied. Throws `invalid_image` (400) for any other input.
 */
export function decodeSkin(png: Uint8Array): RgbaImage {
  const image = decodePngRgba(png, isSkinSize)
  return normalizeSkin(image)
}

/** The vanilla post-processing on already-decoded pixels: legacy expansion, then the alpha rules. */
export function normalizeSkin(image: RgbaImage): RgbaImage {
  const legacy = image.height === 32
  const skin = legacy ? expandLegacySkin(image) : { width: 64, height: 64, rgba: image.rgba.slice() }
  return applyVanillaAlpha(skin, legacy)
}
