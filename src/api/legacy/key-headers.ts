/**
 * The API key of a v1 request may come as `?key=` (reference/mineskin-api.md §7; MineSkin
 * `getAndValidateRequestApiKey`, where the query wins over the `Authorization` header).
 * @module
 */
import { isLegacyPath } from './legacy-path'

/**
 * The request headers identity should read: on v1 paths the key may come as `?key=` (MineSkin's
 * `getAndValidateRequestApiKey`, where the query wins over the header); elsewhere the headers as sent.
 */
export function legacyKeyHeaders(req: Request, path: string): Headers {
  if (!isLegacyPath(path)) return req.headers
  const key = new URL(req.url).searchParams.get('key')
  if (!key) return req.headers
  const headers = new Headers(req.headers)
  // A header cannot hold NUL, CR, LF or non-Latin-1 text; such a key is no key of ours, so it is refused (403), not thrown on.
  headers.set('authorization', `Bearer ${key.replace(/[^\x20-\x7e]/g, '?')}`)
  return headers
}
