/**
 * The skin upload check (reference mineskin-api.md §2.1 "Validation rules", skins-and-peers.md §2.1
 * "Upload hygiene") through the shared PNG module: size limit, PNG signature, IHDR before anything is
 * inflated, chunk CRCs, full bounded decode to RGBA8, then the Mojang re-encode, its texture hash and
 * the detected variant. The re-encode is also the clean original: ancillary chunks and bytes after
 * IEND never leave this function (docs/operations.md "Uploaded images are stored clean").
 * @module
 */
import { decodePng, encodeMinecraftPng, SKIN_UPLOAD_LIMITS } from '../../shared/png'
import { asInvalidImage, invalidImage } from './invalid-image'
import { sha256Hex } from './texture-hash'
import { detectVariant, type SkinVariant } from './variant'

/** A validated, normalised skin ready for hashing, signing and storing. */
export interface SkinImage {
  width: 64
  height: 64 | 32
  /** Normalised RGBA8 pixels, width*height*4 (palette/16-bit/grey/interlaced converted). */
  rgba: Uint8Array<ArrayBuffer>
  /** Re-encoded PNG exactly as Minecraft/Mojang would store it (RGBA8, filter 0, zlib level 4 via pako 2, IHDR+IDAT+IEND only). The only form stored and served, as texture and as original. */
  png: Uint8Array<ArrayBuffer>
  /** Mojang texture hash: sha256 hex of `png`, full 64 chars (with leading zeros). */
  textureHash: string
  /** sha256 hex of the raw RGBA bytes (MineSkin's own "image hash"). */
  imageHash: string
  /** Variant detected from the pixels (reference mineskin-api.md §2.2). */
  detectedVariant: SkinVariant
}

/** Validates and normalises an uploaded skin; throws ApiError 400 `invalid_image` saying what is wrong. */
export async function readSkinImage(bytes: Uint8Array): Promise<SkinImage> {
  const { width, height, rgba } = asInvalidImage(() => decodePng(bytes, SKIN_UPLOAD_LIMITS))
  return skinFromRgba(rgba, width as 64, height as 64 | 32)
}

/** Builds a {@link SkinImage} from RGBA8 pixels already known to be 64x64 or 64x32 (e.g. procedurally generated skins). */
export async function skinFromRgba(rgba: Uint8Array, width: 64, height: 64 | 32): Promise<SkinImage> {
  if (rgba.length !== width * height * 4) throw invalidImage(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`)
  // Own copy: the caller may reuse its buffer, and the result is stored as is.
  const pixels = new Uint8Array(rgba)
  const png = encodeMinecraftPng(pixels, width, height)
  const [textureHash, imageHash] = await Promise.all([sha256Hex(png), sha256Hex(pixels)])
  return { width, height, rgba: pixels, png, textureHash, imageHash, detectedVariant: detectVariant(pixels, width, height) }
}
