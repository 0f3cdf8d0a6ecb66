/**
 * The game's skin post-processing, ported from the vanilla client's `processLegacySkin`
 * (reference/skins-and-peers.md §2.1): 64x32 → 64x64 with mirrored left limbs, base layers
 * forced opaque, and the legacy "Notch transparency hack" on the hat.
 * @module
 */
import { createImage, type RgbaImage } from './image'

/** [srcX, srcY, dstX, dstY, w, h]: each rect is copied horizontally mirrored (reference §2.1 step 1). */
const LEGACY_MIRROR_COPIES: readonly (readonly [number, number, number, number, number, number])[] = [
  // right leg → left leg: top, bottom, then the four sides (outer and inner sides swap places)
  [4, 16, 20, 48, 4, 4],
  [8, 16, 24, 48, 4, 4],
  [0, 20, 24, 52, 4, 12],
  [4, 20, 20, 52, 4, 12],
  [8, 20, 16, 52, 4, 12],
  [12, 20, 28, 52, 4, 12],
  // right arm → left arm
  [44, 16, 36, 48, 4, 4],
  [48, 16, 40, 48, 4, 4],
  [40, 20, 40, 52, 4, 12],
  [44, 20, 36, 52, 4, 12],
  [48, 20, 32, 52, 4, 12],
  [52, 20, 44, 52, 4, 12],
]

/** Base-layer rects whose alpha the game forces to 255, keeping RGB (reference §2.1 step 2). */
const NO_ALPHA_HEAD: readonly [number, number, number, number] = [0, 0, 32, 16]
const NO_ALPHA_REST: readonly (readonly [number, number, number, number])[] = [
  [0, 16, 64, 32],
  [16, 48, 48, 64],
]
/** The region the legacy hack inspects and clears: hat plus the right half of rows 16–31. */
const NOTCH_REGION: readonly [number, number, number, number] = [32, 0, 64, 32]

/** A legacy 64x32 skin laid out as 64x64: top half copied, bottom half transparent except the mirrored limbs. */
export function expandLegacySkin(legacy: RgbaImage): RgbaImage {
  const out = createImage(64, 64)
  out.rgba.set(legacy.rgba.subarray(0, 64 * 32 * 4))
  for (const [sx, sy, dx, dy, w, h] of LEGACY_MIRROR_COPIES) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const s = ((sy + y) * 64 + sx + x) * 4
        const d = ((dy + y) * 64 + dx + (w - 1 - x)) * 4
        out.rgba.copyWithin(d, s, s + 4)
      }
    }
  }
  return out
}

/**
 * Applies the game's alpha rules in the game's order: head base opaque, then (legacy only) the
 * Notch hack, then the other base rects opaque. Mutates and returns `skin` (64x64).
 */
export function applyVanillaAlpha(skin: RgbaImage, legacy: boolean): RgbaImage {
  setNoAlpha(skin, NO_ALPHA_HEAD)
  if (legacy) notchTransparencyHack(skin, NOTCH_REGION)
  for (const rect of NO_ALPHA_REST) setNoAlpha(skin, rect)
  return skin
}

function setNoAlpha(skin: RgbaImage, [x0, y0, x1, y1]: readonly [number, number, number, number]): void {
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) skin.rgba[(y * 64 + x) * 4 + 3] = 255
  }
}

/** Old skins painted the hat area opaque; if nothing there has alpha < 128, the game clears it all. */
function notchTransparencyHack(skin: RgbaImage, [x0, y0, x1, y1]: readonly [number, number, number, number]): void {
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if ((skin.rgba[(y * 64 + x) * 4 + 3] ?? 0) < 128) return
    }
  }
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) skin.rgba[(y * 64 + x) * 4 + 3] = 0
  }
}
