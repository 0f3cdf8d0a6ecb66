/**
 * Stored PNGs: `GET /v2/images/{hash}` (the uploaded image) and `GET /textures/{hash}` (the texture;
 * `?attachment` downloads). Both serve the one stored copy, `textures/<hash>` (an
 * accepted upload is kept as its clean re-encode, which is the texture); `/v2/images` falls back to an
 * original that an older version stored under `images/<hash>`. Content-addressed, so cached as
 * immutable (reference/mineskin-api.md §1.1). Hashes may be 63 characters, as Mojang prints them (§2.3).
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { imageKey, textureKey } from '../blob/blob-store'
import { ApiError } from '../errors'
import { canonicalTextureHash, cleanOriginal, isTextureHash } from '../image'
import type { ApiServices } from '../services'
import type { ApiEnv } from './env'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Builds the file routes. */
export function fileRoutes(s: ApiServices) {
  const { blobs } = s.ctx
  const r = new Hono<ApiEnv>()

  const serve = (kind: 'image' | 'texture') => async (c: Context<ApiEnv>) => {
    const raw = (c.req.param('hash') ?? '').toLowerCase().replace(/\.png$/, '')
    if (!isTextureHash(raw)) throw new ApiError('validation_error', 'Invalid hash', 400, 'CLIENT', [{ code: 'invalid_string', message: 'Expected 63 or 64 hex digits (hash)' }])
    const hash = canonicalTextureHash(raw)
    const blob = (await blobs.get(textureKey(hash))) ?? (kind === 'image' ? await blobs.get(imageKey(hash)) : null)
    if (!blob) throw new ApiError('image_not_found', kind === 'image' ? 'Image not found' : 'Texture not found', 404)
    const etag = `"${hash}"`
    const headers: Record<string, string> = { 'Content-Type': 'image/png', 'Cache-Control': IMMUTABLE, ETag: etag }
    if (kind === 'texture' && c.req.query('attachment') !== undefined) headers['Content-Disposition'] = `attachment; filename="${hash}.png"`
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
    // Originals stored before uploads were re-encoded on accept may carry the uploader's extra bytes:
    // serve only the clean re-encode (for the texture copy that is one SHA-256 that matches its key).
    return c.body(kind === 'image' ? await cleanOriginal(blob.bytes, hash) : blob.bytes, 200, headers)
  }

  r.get('/v2/images/:hash', serve('image'))
  r.get('/textures/:hash', serve('texture'))
  return r
}
