/**
 * The game's skin post-processing, ported from the vanilla client's `processLegacySkin`
 * (reference/skins-and-peers.md §2.1): 64x32 → 64x64 with mirrored left limbs, base layers
 * forced opaque, and the legacy "Notch transparency hack" on the hat.
 * @module
 */
import { expandLegacyRgba, legacyHatHidden, NOTCH_REGION } from '../shared/skin/legacy-layout'
import { createImage, type RgbaImage } from './image'

/** Base-layer rects whose alpha the game forces to 255, keeping RGB (reference §2.1 step 2). */
const NO_ALPHA_HEAD: readonly [number, number, number, number] = [0, 0, 32, 16]
const NO_ALPHA_REST: readonly (readonly [number, number, number, number])[] = [
  [0, 16, 64, 32],
  [16, 48, 48, 64],
]

/** A legacy 64x32 skin laid out as 64x64: top half copied, bottom half transparent except the mirrored limbs. */
export function expandLegacySkin(legacy: RgbaImage): RgbaImage {
  const out = createImage(64, 64)
  expandLegacyRgba(legacy.rgba, out.rgba)
  return out
}

/**
 * Applies the game's alpha rules in the game's order: head base opaque, then (legacy only) the
 * Notch hack, then the other base rects opaque. Mutates and returns `skin` (64x64).
 */
export function applyVanillaAlpha(skin: RgbaImage, legacy: boolean): RgbaImage {
  setAlpha(skin, NO_ALPHA_HEAD, 255)
  if (legacy && legacyHatHidden(skin.rgba)) setAlpha(skin, NOTCH_REGION, 0)
  for (const rect of NO_ALPHA_REST) setAlpha(skin, rect, 255)
  return skin
}

/** Sets the alpha of every texel of `[x0, y0, x1, y1)` to `alpha`, keeping RGB as the game does. */
function setAlpha(skin: RgbaImage, [x0, y0, x1, y1]: readonly [number, number, number, number], alpha: number): void {
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) skin.rgba[(y * 64 + x) * 4 + 3] = alpha
  }
}
