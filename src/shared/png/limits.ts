/**
 * What a PNG may be before any of its image data is inflated (reference/skins-and-peers.md
 * §2.1 "Upload hygiene"): a byte cap and the accepted sizes. Checked on the file size and the IHDR,
 * so a PNG bomb costs nothing.
 * @module
 */
import { isSkinSize, MAX_SKIN_BYTES } from '../skin/skin-file'

/** The limits one caller decodes under. */
export interface PngLimits {
  /** Largest file accepted, bytes. */
  maxBytes: number
  /** True for an accepted width × height. */
  acceptSize: (width: number, height: number) => boolean
  /** The size rule in words, for the error message. */
  sizeRule: string
}

/** Hard cap on pixels whatever `acceptSize` says: the RGBA buffer is allocated from the IHDR. */
export const MAX_PNG_PIXELS = 4096 * 4096

/** Uploads to the API: MineSkin's 20 000-byte cap (reference/mineskin-api.md §2.1). */
export const SKIN_UPLOAD_LIMITS: PngLimits = { maxBytes: MAX_SKIN_BYTES, acceptSize: isSkinSize, sizeRule: 'a skin must be 64x64 or 64x32' }

/** Textures the renderer reads: skin sizes, a looser byte cap for skins fetched from anywhere (SPEC §5). */
export const SKIN_TEXTURE_LIMITS: PngLimits = { ...SKIN_UPLOAD_LIMITS, maxBytes: 256 * 1024 }
