/**
 * Where the browser reads a texture: same-origin `/textures/{hash}` (the web app serves or proxies it,
 * src/server/app.ts), never the texture host an API answer names. `GET /v2/capes` gives each cape's
 * `url` as `${textureBaseUrl}/${hash}` (docs/api.md "Capes"), so its hash is the URL's last path segment.
 * @module
 */
import { TEXTURE_HASH } from '../schemas/api/patterns'

/** The texture hash a texture URL ends in, or null when its last path segment is no texture hash. */
export function textureHashOf(url: string): string | null {
  let path: string
  try {
    // A base for relative URLs (`/textures/<hash>`); query and fragment are not part of the path.
    path = new URL(url, 'http://base.invalid').pathname
  } catch {
    return null
  }
  const last = path.split('/').filter(Boolean).at(-1) ?? ''
  return TEXTURE_HASH.test(last) ? last : null
}

/** The same-origin address of texture `hash`. */
export const textureAddress = (hash: string): string => `/textures/${hash}`
