/**
 * What a skin file must be (reference/mineskin-api.md §2.1 "Validation rules", skins-and-peers.md
 * §2.1 "Skin PNG layout"): a PNG, 64×64 or 64×32 pixels, at most 20 000 bytes. The API enforces these;
 * the generate form checks them in the browser first, from the file's first 24 bytes, so a visitor
 * learns what is wrong before anything is uploaded.
 * @module
 */
// The signature file only, not the PNG module's index: this runs in the browser and needs no codec.
import { PNG_HEAD_BYTES, peekPngSize } from '../png/signature'

/** Largest accepted skin file, bytes (MineSkin: 20 000 B). */
export const MAX_SKIN_BYTES = 20_000

/** Skin width in pixels; the only accepted width. */
export const SKIN_WIDTH = 64

/** Accepted heights: 64 (1.8+ layout) and 32 (legacy pre-1.8 layout). */
export const SKIN_HEIGHTS = [64, 32] as const

/** True for the sizes the game accepts: 64x64 and legacy 64x32 (reference/skins-and-peers.md §2.1). */
export const isSkinSize = (width: number, height: number): boolean =>
  width === SKIN_WIDTH && (SKIN_HEIGHTS as readonly number[]).includes(height)

/** Bytes {@link checkSkinFile} needs: the PNG signature and the IHDR chunk's width and height. */
export const SKIN_FILE_HEAD_BYTES = PNG_HEAD_BYTES

/** Why a file is not a skin the API would take. */
export type SkinFileProblem = { code: 'not_png' } | { code: 'too_large'; size: number } | { code: 'bad_size'; width: number; height: number }

/**
 * Checks a file from its first bytes (`head`, at least {@link SKIN_FILE_HEAD_BYTES}) and its full
 * `size`; null when it looks like a skin. IHDR must be the first chunk (PNG spec §5.6), so its width
 * and height sit at bytes 16–23.
 */
export function checkSkinFile(head: Uint8Array, size: number): SkinFileProblem | null {
  const dimensions = peekPngSize(head)
  if (!dimensions) return { code: 'not_png' }
  if (size > MAX_SKIN_BYTES) return { code: 'too_large', size }
  const { width, height } = dimensions
  if (!isSkinSize(width, height)) return { code: 'bad_size', width, height }
  return null
}
