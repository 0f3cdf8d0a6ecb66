/**
 * The game's legacy-skin rules that do not depend on any image type, shared by the renderer
 * (src/render/legacy-skin.ts) and the editor (src/shared/skin-editor/convert.ts), ported from the
 * vanilla client's `processLegacySkin` (reference/skins-and-peers.md §2.1).
 * @module
 */

/** Texels per row of a skin texture, legacy or not. */
const WIDTH = 64

/** [srcX, srcY, dstX, dstY, w, h]: each rect is copied horizontally mirrored (reference §2.1 step 1). */
export const LEGACY_MIRROR_COPIES: readonly (readonly [number, number, number, number, number, number])[] = [
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

/** The region the legacy "Notch transparency hack" inspects and clears: hat plus the right half of rows 16–31. */
export const NOTCH_REGION: readonly [number, number, number, number] = [32, 0, 64, 32]

/**
 * Writes a 64x32 legacy texture into `out` (64x64, expected all zero) as the game lays it out: the top
 * half copied, the left limbs as mirrored copies of the right limbs, everything else left transparent.
 */
export function expandLegacyRgba(legacy: Uint8Array | Uint8ClampedArray, out: Uint8Array | Uint8ClampedArray): void {
  out.set(legacy.subarray(0, WIDTH * 32 * 4))
  for (const [sx, sy, dx, dy, w, h] of LEGACY_MIRROR_COPIES) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const s = ((sy + y) * WIDTH + sx + x) * 4
        const d = ((dy + y) * WIDTH + dx + (w - 1 - x)) * 4
        out.copyWithin(d, s, s + 4)
      }
    }
  }
}

/**
 * True when the game would clear the hat of a legacy skin: old skins painted the hat area opaque,
 * so when nothing in {@link NOTCH_REGION} has alpha < 128 the game makes that region transparent.
 */
export function legacyHatHidden(rgba64: Uint8Array | Uint8ClampedArray): boolean {
  const [x0, y0, x1, y1] = NOTCH_REGION
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if ((rgba64[(y * WIDTH + x) * 4 + 3] ?? 0) < 128) return false
    }
  }
  return true
}
