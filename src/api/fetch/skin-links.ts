/**
 * Recognising links that already name a known skin or texture, so the generator can answer with a
 * duplicate instead of downloading (reference mineskin-api.md §2.3 DuplicateSource `mineskin_url`,
 * `texture_url`; MineSkin `UrlChecks` MINESKIN_URL_REGEX / MINECRAFT_TEXTURE_REGEX).
 * @module
 */
import { canonicalTextureHash, isTextureHash } from '../image/texture-hash'

const MINESKIN_LINK = /^https?:\/\/(?:www\.)?minesk(?:\.in|in\.org)\/(?:skins\/)?([0-9a-zA-Z-]+)\/?$/i

/** Skin ids have 8 (short id), 32 or 36 (uuid) characters (SPEC §5, §9). */
const SKIN_ID = /^(?:[0-9a-f]{8}|[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/** Skin id of a minesk.in / mineskin.org link or of a skin page on one of `selfOrigins` (e.g. `https://skins.example`), else null. */
export function skinIdFromUrl(url: string, selfOrigins: readonly string[] = []): string | null {
  const m = url.match(MINESKIN_LINK)
  if (m) return SKIN_ID.test(m[1]!) ? m[1]!.toLowerCase() : null
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (!selfOrigins.some((o) => new URL(o).origin === u.origin)) return null
  // Our web app serves a skin at /{id}, /skins/{id} and /{locale}/skins/{id} (SPEC §2).
  const last = u.pathname.replace(/\/+$/, '').split('/').pop() ?? ''
  return SKIN_ID.test(last) ? last.toLowerCase() : null
}

/** Canonical texture hash of a textures.minecraft.net URL or of a `/textures/{hash}` URL on one of `selfOrigins`, else null. */
export function textureHashFromUrl(url: string, selfOrigins: readonly string[] = []): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  const mojang = u.hostname === 'textures.minecraft.net' && u.pathname.startsWith('/texture/')
  const self = selfOrigins.some((o) => new URL(o).origin === u.origin) && /\/textures\/[^/]+$/.test(u.pathname)
  if (!mojang && !self) return null
  const hash = u.pathname.split('/').pop() ?? ''
  return isTextureHash(hash) ? canonicalTextureHash(hash) : null
}
