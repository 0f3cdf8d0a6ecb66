/**
 * `data:image/png;base64,…` image URLs (reference mineskin-api.md §1.5: max 26 668 characters).
 * 26 668 is exactly the base64 length of 20 000 bytes, so we apply it to the payload after the
 * prefix; a PNG at the upload limit then fits.
 * @module
 */
import { invalidImageUrl } from './errors'

/** Longest accepted base64 payload of a data URL. */
export const MAX_DATA_URL_LENGTH = 26_668

const PREFIX = 'data:image/png;base64,'

/** True when `url` is a PNG data URL (to be decoded, not fetched). */
export function isPngDataUrl(url: string): boolean {
  return url.slice(0, PREFIX.length).toLowerCase() === PREFIX
}

/** Decodes a PNG data URL; throws 400 `invalid_image_url` when too long or not valid base64. */
export function decodePngDataUrl(url: string): Uint8Array<ArrayBuffer> {
  if (!isPngDataUrl(url)) throw invalidImageUrl('expected a data:image/png;base64 URL')
  const payload = url.slice(PREFIX.length).replace(/\s+/g, '')
  if (payload.length > MAX_DATA_URL_LENGTH) {
    throw invalidImageUrl(`the data URL carries ${payload.length} base64 characters; the limit is ${MAX_DATA_URL_LENGTH}`)
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw invalidImageUrl('the data URL is not valid base64')
  }
  // The pattern lets through padding `atob` refuses (`/=`, `AB=`: padding where the length is no
  // multiple of 4); that is the same bad base64, found by the v1 fuzz suite.
  let binary: string
  try {
    binary = atob(payload)
  } catch {
    throw invalidImageUrl('the data URL is not valid base64')
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}
