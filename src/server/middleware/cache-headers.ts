/**
 * `Cache-Control` and `Vary` of the HTML the app renders (SPEC §7; docs/architecture.md "Edge
 * behaviour"), the same on Bun and on the Worker.
 *
 * No HTML page is cached by a shared cache (CDN, edge, proxy), not even an anonymous one: every page
 * carries a fresh CSP nonce in its header and on each of its scripts (security-headers.ts). An
 * edge copy would hand one nonce to every visitor, and a nonce that an attacker can read
 * in advance no longer stops an injected script. The edge's work is the hashed assets (immutable) and
 * the renders (render-cache.ts); pages are rendered per request, which is cheap.
 *
 * - Anonymous pages: `private, no-cache` — the browser may keep the page (back/forward) but asks again
 *   before reusing it.
 * - A request carrying a session or client cookie (signed-in chrome, own skins, tokens, CSRF fields of
 *   the account site): `private, no-store`.
 * - 5xx pages: `no-store` (never keep an outage).
 * - An answer that set its own `Cache-Control` (the job page, exports, the account site) keeps it.
 * - `Vary: Cookie` on every page (language, theme and session cookies change it); unprefixed pages
 *   add `Accept-Language` (locale-redirect.ts). Both matter to the browser cache even when private.
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { WEB_COOKIE } from '../../shared/auth/web-cookie'

/** Cookies that make a page someone's own: web and API sessions, the anonymous client id, the account site's session. */
export const PER_USER_COOKIES = [WEB_COOKIE, 'ssg_api', 'ssg_client', 'ssg_session'] as const

/** Policy of HTML that is the same for every anonymous visitor except its nonce. */
export const ANONYMOUS_HTML = 'private, no-cache'
/** Policy of HTML rendered for one visitor. */
export const PER_USER_HTML = 'private, no-store'
/** Policy of server error pages. */
export const ERROR_HTML = 'no-store'

/** Whether `cookieHeader` names any per-user cookie. */
export function hasPerUserCookie(cookieHeader: string | undefined | null): boolean {
  if (!cookieHeader) return false
  const names = cookieHeader.split(';').map((part) => part.split('=')[0]!.trim())
  return names.some((name) => (PER_USER_COOKIES as readonly string[]).includes(name))
}

/** `vary` with each of `names` added once (case-insensitive), keeping what was there. */
export function mergeVary(vary: string | null, ...names: string[]): string {
  const list = (vary ?? '').split(',').map((v) => v.trim()).filter(Boolean)
  if (list.includes('*')) return '*'
  for (const name of names) if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name)
  return list.join(', ')
}

/** The `Cache-Control` an HTML answer of `status` gets for a request with `cookieHeader`. */
export function htmlCacheControl(status: number, cookieHeader: string | undefined | null): string {
  if (status >= 500) return ERROR_HTML
  return hasPerUserCookie(cookieHeader) ? PER_USER_HTML : ANONYMOUS_HTML
}

/** The middleware; install it after the security headers (it only touches HTML). */
export function htmlCacheHeaders(): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    await next()
    if (!(c.res.headers.get('content-type') ?? '').startsWith('text/html')) return
    // Headers of HTML the app rendered are writable; a proxied account-site page may not be.
    let headers = c.res.headers
    try {
      headers.set('Vary', mergeVary(headers.get('vary'), 'Cookie'))
    } catch {
      const copy = new Response(c.res.body, c.res)
      c.res = undefined
      c.res = copy
      headers = copy.headers
      headers.set('Vary', mergeVary(headers.get('vary'), 'Cookie'))
    }
    if (!headers.has('cache-control')) headers.set('Cache-Control', htmlCacheControl(c.res.status, c.req.header('cookie')))
  })
}
