/**
 * What a skin file must be (reference/mineskin-api.md §2.1 "Validation rules", skins-and-peers.md
 * §2.1 "Skin PNG layout"): a PNG, 64×64 or 64×32 pixels, at most 20 000 bytes. The API enforces these;
 * the generate form checks them in the browser first, from the file's first 24 bytes, so a visitor
 * learns what is wrong before anything is uploaded.
 * @module
 */

/** Largest accepted skin file, bytes (MineSkin: 20 000 B). */
export const MAX_SKIN_BYTES = 20_000

/** Skin width in pixels; the only accepted width. */
export const SKIN_WIDTH = 64

/** Accepted heights: 64 (1.8+ layout) and 32 (legacy pre-1.8 layout). */
export const SKIN_HEIGHTS = [64, 32] as const

/** Bytes {@link checkSkinFile} needs: the PNG signature and the IHDR chunk's width and height. */
export const SKIN_FILE_HEAD_BYTES = 24

/** Why a file is not a skin the API would take. */
export type SkinFileProblem = { code: 'not_png' } | { code: 'too_large'; size: number } | { code: 'bad_size'; width: number; height: number }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const IHDR = [0x49, 0x48, 0x44, 0x52]

/**
 * Checks a file from its first bytes (`head`, at least {@link SKIN_FILE_HEAD_BYTES}) and its full
 * `size`; null when it looks like a skin. IHDR must be the first chunk (PNG spec §5.6), so its width
 * and height sit at bytes 16–23.
 */
export function checkSkinFile(head: Uint8Array, size: number): SkinFileProblem | null {
  const startsWith = (expected: number[], at: number) => expected.every((byte, i) => head[at + i] === byte)
  if (head.length < SKIN_FILE_HEAD_BYTES || !startsWith(PNG_SIGNATURE, 0) || !startsWith(IHDR, 12)) return { code: 'not_png' }
  if (size > MAX_SKIN_BYTES) return { code: 'too_large', size }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  if (width !== SKIN_WIDTH || !(SKIN_HEIGHTS as readonly number[]).includes(height)) return { code: 'bad_size', width, height }
  return null
}
