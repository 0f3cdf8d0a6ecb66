/**
 * Skin model detection (reference mineskin-api.md §2.2, MineSkin Generator.ts `validateImageData`,
 * derived from MineRender): 64x32 is always classic; a 64x64 skin whose 2-px strip right of the
 * right arm (x 54..55, y 20..31) holds no fully opaque pixel is slim, else classic.
 * @module
 */

/** Skin arm model. */
export type SkinVariant = 'classic' | 'slim'

/** Detects the variant from normalised RGBA8 pixels. */
export function detectVariant(rgba: Uint8Array, width: number, height: number): SkinVariant {
  if (height === 32) return 'classic'
  for (let y = 20; y <= 31; y++) {
    for (let x = 54; x <= 55; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 255) return 'classic'
    }
  }
  return 'slim'
}
