/**
 * Texture hash helpers (reference mineskin-api.md §2.3, skins-and-peers.md §2.4).
 * Mojang prints the SHA-256 like a Java BigInteger, so leading zeros vanish from texture URLs;
 * internally we always keep the full 64-character form.
 * @module
 */
import { ApiError } from '../errors'

const HEX = /^[0-9a-f]{1,64}$/

/** Lowercase hex SHA-256 of `bytes` (WebCrypto, so it also runs on Workers). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
  let hex = ''
  for (const b of digest) hex += b.toString(16).padStart(2, '0')
  return hex
}

/** Mojang prints hashes without leading zeros (reference §2.3): accepts 63/64-char input, returns canonical 64-char lowercase. */
export function canonicalTextureHash(hash: string): string {
  const h = hash.trim().toLowerCase()
  if (h.length < 63 || !HEX.test(h)) {
    throw new ApiError('validation_error', `"${hash}" is not a texture hash (63 or 64 hex characters)`, 400, 'CLIENT')
  }
  return h.padStart(64, '0')
}

/** Hash as Mojang prints it (leading zeros trimmed). */
export function trimmedTextureHash(hash: string): string {
  return canonicalTextureHash(hash).replace(/^0+(?=.)/, '')
}

/** True when `hash` is a texture hash in full (64) or Mojang-trimmed (63) form, any case. */
export function isTextureHash(hash: string): boolean {
  const h = hash.toLowerCase()
  return h.length >= 63 && HEX.test(h)
}
