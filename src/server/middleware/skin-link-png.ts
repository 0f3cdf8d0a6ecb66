/**
 * `/{id}` and `/{locale}/{id}` for programs (docs/api.md "Skin links for plugins"): the skin's texture
 * PNG. The plugin commands of the skin page (src/shared/skin/plugin-commands.ts) hand this link to a
 * MineSkin API, which downloads it as an image; a redirect to the HTML page made those downloads fail.
 * Browsers opening the link go on to the skin page as before (skin-shortcut.ts); which client is which
 * is decided by wants-page.ts (`Sec-Fetch-Dest`, then `Accept`). Both answers carry
 * `Vary: Accept, Sec-Fetch-Dest`, since one URL answers two ways.
 *
 * The bytes come through the API backend, two calls on every runtime: the skin (`GET /v2/skins/{id}`,
 * a direct service call on Bun) for its texture hash, then `GET /textures/{hash}`. The skin is asked
 * for anonymously, so a private skin is 404 here for everyone and the PNG may be shared-cached.
 * `/v2/skins/{id}/texture` would be no fewer calls, and its redirect is followed by a remote
 * backend's fetch to the API's public address rather than handed back. A HEAD is answered from the
 * same bytes (the app's first middleware, src/shared/http-head.ts), so its `Content-Length` is the
 * PNG's: MineSkin's URL handler sends a HEAD first and refuses a length under 100.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { ApiCallError } from '../../shared/api/api-call-error'
import { skinResponseSchema } from '../../shared/schemas/api'
import { hasSkinIdLength } from '../../shared/skin-id'
import { serverApiClient } from '../api-client'
import type { Backend } from '../app-options'
import type { AppEnv } from '../env'
import { shortcutValue } from './skin-shortcut'
import { wantsPage } from './wants-page'

/** A texture never changes under its hash, but a skin can be deleted or made private: an hour. */
const PNG_CACHE = 'public, max-age=3600'
/** A skin may appear (or be made public) soon after a miss. */
const MISS_CACHE = 'public, max-age=60'

/** The request headers the answer depends on. */
const VARY = 'Accept, Sec-Fetch-Dest'

/** A short plain-text answer: programs show it as is, an HTML error page would only be noise to them. */
function plain(c: Context<AppEnv>, status: 404 | 502, text: string) {
  return c.text(text, status, { 'Cache-Control': status === 404 ? MISS_CACHE : 'no-store', Vary: VARY })
}

/** The texture hash of a visible skin, or the status to answer instead. */
async function textureHash(api: Backend, id: string): Promise<string | 404 | 502> {
  try {
    const answer = await serverApiClient(api, undefined).call(`/v2/skins/${encodeURIComponent(id)}`, skinResponseSchema, { silent: true })
    return answer?.skin.texture.hash.skin ?? 502
  } catch (error) {
    // 400 (not an id) and 404 (unknown, private, deleted) both mean "no such skin" to a program.
    return error instanceof ApiCallError && error.status < 500 ? 404 : 502
  }
}

/** Middleware for `/:skin` and `/{locale}/:skin`, before the language redirect and the shortcut. */
export function skinLinkPng(api: Backend): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const value = shortcutValue(c.get('appPath'))?.trim()
    if (!value || !hasSkinIdLength(value)) return next()
    if (wantsPage({ accept: c.req.header('accept'), secFetchDest: c.req.header('sec-fetch-dest') })) {
      c.header('Vary', VARY, { append: true })
      return next()
    }
    const hash = await textureHash(api, value)
    if (hash === 404) return plain(c, 404, 'Skin not found')
    if (hash === 502) return plain(c, 502, 'Skin texture unavailable')
    const etag = `"${hash}"`
    const headers = { 'Content-Type': 'image/png', 'Cache-Control': PNG_CACHE, ETag: etag, Vary: VARY }
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
    // Always a GET, also for a HEAD: the bytes give the HEAD its true Content-Length.
    const texture = await api.fetch(new Request(new URL(`/textures/${hash}`, c.req.url)))
    if (!texture.ok) {
      await texture.body?.cancel()
      return texture.status === 404 ? plain(c, 404, 'Skin not found') : plain(c, 502, 'Skin texture unavailable')
    }
    const bytes = await texture.arrayBuffer()
    return c.body(bytes, 200, { ...headers, 'Content-Length': String(bytes.byteLength) })
  })
}
