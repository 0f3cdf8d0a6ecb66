/**
 * Skin image primitives of the embedded API: validation, normalisation to RGBA8, the Mojang
 * re-encode and texture hash, clean originals, and variant detection (api-contract "P"). The PNG
 * codec itself is the shared one in src/shared/png.
 * @module
 */
export { MAX_SKIN_BYTES, SKIN_HEIGHTS, SKIN_WIDTH } from './limits'
export { readSkinImage, skinFromRgba, type SkinImage } from './read-skin-image'
export { canonicalTextureHash, isTextureHash, sha256Hex, trimmedTextureHash } from './texture-hash'
export { detectVariant, type SkinVariant } from './variant'
export { encodeMinecraftPng } from '../../shared/png'
export { cleanOriginal } from './clean-original'
