/**
 * `/{id}` and `/{locale}/{id}` for programs (issue 21 point 3): the skin's texture PNG. The plugin
 * commands of the skin page (src/shared/skin/plugin-commands.ts) hand this link to a MineSkin API,
 * which downloads it as an image; a redirect to the HTML page made those downloads fail. Browsers
 * (an `Accept` naming `text/html`) go on to the skin page as before (skin-shortcut.ts); any other
 * client, one with no `Accept` at all included, gets the PNG. `Vary: Accept` on both, since one URL
 * answers two ways.
 *
 * The bytes come through the API backend, two calls on every runtime: the skin (`GET /v2/skins/{id}`,
 * a direct service call on Bun) for its texture hash, then `GET /textures/{hash}`. The skin is asked
 * for anonymously, so a private skin is 404 here for everyone and the PNG may be shared-cached.
 * `/v2/skins/{id}/texture` would be no fewer calls, and its redirect is followed by a remote
 * backend's fetch to the API's public address rather than handed back.
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

/** A texture never changes under its hash, but a skin can be deleted or made private: an hour. */
const PNG_CACHE = 'public, max-age=3600'
/** A skin may appear (or be made public) soon after a miss. */
const MISS_CACHE = 'public, max-age=60'

/** Whether the client asks for HTML (a browser); no `Accept` header means it does not. */
export const wantsHtml = (accept: string | undefined): boolean => (accept ?? '').toLowerCase().includes('text/html')

/** A short plain-text answer: programs show it as is, an HTML error page would only be noise to them. */
function plain(c: Context<AppEnv>, status: 404 | 502, text: string) {
  return c.text(text, status, { 'Cache-Control': status === 404 ? MISS_CACHE : 'no-store', Vary: 'Accept' })
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
    if (wantsHtml(c.req.header('accept'))) {
      c.header('Vary', 'Accept', { append: true })
      return next()
    }
    const hash = await textureHash(api, value)
    if (hash === 404) return plain(c, 404, 'Skin not found')
    if (hash === 502) return plain(c, 502, 'Skin texture unavailable')
    const etag = `"${hash}"`
    const headers = { 'Content-Type': 'image/png', 'Cache-Control': PNG_CACHE, ETag: etag, Vary: 'Accept' }
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
    // HEAD asks the texture route for headers only (Hono answers HEAD with the GET route, body dropped).
    const method = c.req.method === 'HEAD' ? 'HEAD' : 'GET'
    const texture = await api.fetch(new Request(new URL(`/textures/${hash}`, c.req.url), { method }))
    if (!texture.ok) {
      await texture.body?.cancel()
      return texture.status === 404 ? plain(c, 404, 'Skin not found') : plain(c, 502, 'Skin texture unavailable')
    }
    if (method === 'HEAD') {
      const length = texture.headers.get('content-length')
      return c.body(null, 200, length ? { ...headers, 'Content-Length': length } : headers)
    }
    return c.body(await texture.arrayBuffer(), 200, headers)
  })
}
