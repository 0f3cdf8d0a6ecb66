/**
 * Reading and writing the `textures` property value: base64 of a JSON document
 * (reference mineskin-api.md §2.5, skins-and-peers.md §2.2).
 * @module
 */
import { ApiError } from '../errors'
import { canonicalTextureHash, isTextureHash } from '../image/texture-hash'
import { texturesPayloadSchema, type TexturesPayload } from './schemas'

/** Decodes the textures property value JSON (timestamp, profileId, profileName, textures.SKIN.url/metadata.model, CAPE). */
export function decodeTexturesValue(value: string): TexturesPayload {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0))))
  } catch {
    throw new ApiError('invalid_skin_data', 'The textures value is not base64-encoded JSON', 502, 'UPSTREAM')
  }
  const parsed = texturesPayloadSchema.safeParse(json)
  if (!parsed.success) throw new ApiError('invalid_skin_data', `The textures value has an unexpected shape: ${parsed.error.issues[0]?.message}`, 502, 'UPSTREAM')
  return parsed.data
}

/** Encodes a textures payload the way Mojang does (pretty-printed JSON, then base64). */
export function encodeTexturesValue(payload: TexturesPayload): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload, null, 2))
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

/** Canonical texture hash from a texture URL's last path segment (MineSkin `getHashFromMojangTextureUrl`), or null. */
export function hashFromTextureUrl(url: string): string | null {
  let last: string
  try {
    last = new URL(url).pathname.split('/').pop() ?? ''
  } catch {
    return null
  }
  // Mojang prints the hash as a number, without leading zeros: 1 in 256 textures has 62 digits or
  // fewer (found by the pool bench). More than 14 missing zeros (< 2^-56) is not a hash.
  const digits = last.toLowerCase()
  if (digits.length >= 50 && digits.length <= 64 && /^[0-9a-f]+$/.test(digits)) return digits.padStart(64, '0')
  return isTextureHash(last) ? canonicalTextureHash(last) : null
}
