/**
 * HEAD answered with the headers of the GET (RFC 9110 §9.3.2), `Content-Length` included.
 *
 * Hono answers HEAD by running the GET route and sending `new Response(null, answer)`: the body goes,
 * and with it the only record of its length, so Bun and workerd sent `Content-Length: 0`. MineSkin's
 * URL handler (`UrlHandler.followUrl`, then `getSizeFromResponse` in `V2UrlHandler`) sends a HEAD first
 * and refuses an image whose `Content-Length` is missing or under 100 bytes, so every skin link handed
 * to a MineSkin API failed. Shared by the web app, the API and the Bun entry (one rule, three places).
 * @module
 */
import type { MiddlewareHandler } from 'hono'

/** Statuses that never carry a body, so there is no length to state. */
const NO_BODY = new Set([101, 103, 204, 205, 304])

/**
 * The answer to a HEAD made from the answer to the same GET: its status and headers, with the length
 * of the body the GET sends (unless stated already), and no body.
 */
export async function headOf(get: Response): Promise<Response> {
  if (!get.body) return get
  const headers = new Headers(get.headers)
  // An event stream never ends, so it has no length to tell (docs/api.md "Job events").
  const endless = (headers.get('content-type') ?? '').startsWith('text/event-stream')
  if (NO_BODY.has(get.status) || endless) await get.body.cancel()
  else if (headers.has('content-length')) await get.body.cancel()
  else headers.set('Content-Length', String((await get.arrayBuffer()).byteLength))
  return new Response(null, { status: get.status, statusText: get.statusText, headers })
}

/**
 * Middleware, registered first on an app: a HEAD gets the GET route's answer with its true
 * `Content-Length`. Answers that come without a body (a backend that answered a HEAD itself) are left
 * as they are; the web app's proxies ask their backends with a GET instead (src/server/proxy/forward.ts).
 */
export function headLikeGet(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.req.method !== 'HEAD' || !c.res.body) return
    c.res = await headOf(c.res)
  }
}
