/**
 * The one PNG module, shared by the API (uploads, texture hash), the renderer
 * (textures in, renders out) and the tests. Pure TypeScript and pako, so it runs on Bun, Workers
 * and in the browser.
 *
 * - {@link inspectPng}: structure check, nothing inflated (size, signature, IHDR, CRCs, order).
 * - {@link decodePng}: inspect, then bounded decode to RGBA8.
 * - {@link encodeMinecraftPng}: the Mojang encoding (texture hash; clean originals).
 * - {@link encodeCompactPng}: the renderer's small indexed/RGBA8 encoding.
 * Every refusal is a {@link PngError} with a stable `code`.
 * @module
 */
export { crc32 } from './crc32'
export { concatBytes, pngChunk, readChunk, type RawChunk } from './chunks'
export { decodePng, decodeParts, type DecodedPng } from './decode'
export { encodeCompactPng, type RgbaPixels } from './encode-compact'
export { encodeMinecraftPng } from './encode-minecraft'
export { isPngError, PngError, type PngErrorCode } from './errors'
export { COLOR_TYPE, type PngHeader } from './header'
export { ihdrData } from './ihdr-data'
export { inspectPng, type PngParts } from './inspect'
export { MAX_PNG_PIXELS, SKIN_TEXTURE_LIMITS, SKIN_UPLOAD_LIMITS, type PngLimits } from './limits'
export { hasPngSignature, peekPngSize, PNG_HEAD_BYTES, PNG_SIGNATURE } from './signature'
