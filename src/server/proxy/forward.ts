/**
 * Hands requests to a backend (the embedded API or renderer in-process, or a proxy to another origin).
 *
 * A HEAD is asked of the backend as a GET: the app's first middleware (src/shared/http-head.ts) then
 * answers the visitor with the GET's headers, the body's true `Content-Length` among them, and no
 * body. Forwarded as a HEAD, the backend's own framework dropped the body and its length with it
 * (`Content-Length: 0` on every PNG, which MineSkin's URL handler refuses), and a remote backend that
 * answers HEAD badly would pass that on. The bodies concerned are small: a texture is at most 20 000 bytes.
 * @module
 */
import type { Context } from 'hono'
import { ROUTE_HEADER, UNMATCHED_ROUTE } from '../../shared/observe/request-facts'
import type { Backend } from '../app-options'

/** `request` with `url` (when given), a GET in place of a HEAD. */
function outgoing(request: Request, url?: URL): Request {
  if (request.method === 'HEAD') return new Request(url ?? request.url, { method: 'GET', headers: request.headers, redirect: request.redirect, signal: request.signal })
  return url ? new Request(url, request) : request
}

/** Forwards the request unchanged (a HEAD as a GET). */
export const forward = (backend: Backend) => (c: Context) => backend.fetch(outgoing(c.req.raw))

/**
 * The backend's answer with the route pattern it named put under `prefix` (`/v2/skins` → `/api/v2/skins`,
 * src/shared/observe/request-facts.ts), so the metrics name the path the visitor asked for.
 */
function mounted(response: Response, prefix: string): Response {
  const route = response.headers.get(ROUTE_HEADER)
  if (!route || route === UNMATCHED_ROUTE) return response
  const named = `${prefix}${route === '/' ? '' : route}`
  try {
    response.headers.set(ROUTE_HEADER, named)
    return response
  } catch {
    // A fetched answer's headers cannot change: copy them.
    const copy = new Response(response.body, response)
    copy.headers.set(ROUTE_HEADER, named)
    return copy
  }
}

/** Forwards with `prefix` removed from the path: `/api/v2/skins` → `/v2/skins`. */
export const forwardStripped = (backend: Backend, prefix: string) => async (c: Context) => {
  const url = new URL(c.req.url)
  url.pathname = url.pathname.slice(prefix.length) || '/'
  return mounted(await backend.fetch(outgoing(c.req.raw, url)), prefix)
}
