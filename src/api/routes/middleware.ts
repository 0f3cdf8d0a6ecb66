/**
 * Middleware of every API request (reference/mineskin-api.md §1.2 order: breadcrumb → client →
 * API key → JWT → grants): request id and version headers, CORS, security headers, caller
 * identity (cookie writes from untrusted pages refused), and the anonymous client
 * cookie for routes that record who did something. The cross-origin rules live in `./cors`.
 * @module
 */
import { CLIENT_COOKIE_MAX_AGE } from '../../shared/client-cookie'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { CLIENT_COOKIE, type IdentityResolver } from '../users/identity/identity'
import { tellTier } from '../../shared/observe/request-facts'
import { newBreadcrumb, newClientId } from '../ids'
import { legacyKeyHeaders } from '../legacy/key-headers'
import { corsHeaders, foreignCookieWrite, preflightHeaders, responseGrant, type CorsPolicy } from './cors'
import type { ApiEnv } from './env'

/** `MineSkin-Version` value. */
export const API_VERSION = 'api-ssg-1'

/** Breadcrumb, version, CORS and security headers; answers CORS preflights. */
export function baseHeaders(policy: CorsPolicy): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const breadcrumb = newBreadcrumb()
    c.set('breadcrumb', breadcrumb)
    c.set('warnings', [])
    const origin = c.req.header('origin') ?? null
    const trusted = origin !== null && policy.isTrusted(origin, c.req.url)
    if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers: preflightHeaders(origin, trusted) })
    await next()
    const h = c.res.headers
    if (!h.has('MineSkin-Breadcrumb')) h.set('MineSkin-Breadcrumb', breadcrumb)
    // The legacy v1 routes name their own version (src/api/legacy).
    if (!h.has('MineSkin-Api-Version')) h.set('MineSkin-Api-Version', 'v2')
    h.set('MineSkin-Version', API_VERSION)
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'no-referrer')
    // Decided after the route: a keyed caller's `allowedOrigins` is known only once identity resolved.
    const grant = responseGrant(c.req.path, origin, trusted, c.get('identity'))
    for (const [k, v] of Object.entries(corsHeaders(grant, origin, c.req.path))) {
      if (k === 'Vary') {
        if (!/\borigin\b/i.test(h.get('Vary') ?? '')) h.append('Vary', v)
      } else h.set(k, v)
    }
  }
}

/**
 * Resolves the caller (403 `invalid_api_key` for a bad key) and refuses writes that carry the API's
 * cookies from an untrusted page (403 `origin_not_allowed`, `./cors`).
 */
export function identity(resolve: IdentityResolver, policy: CorsPolicy): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const cookies = getCookie(c)
    const who = await resolve(legacyKeyHeaders(c.req.raw, c.req.path), cookies)
    c.set('identity', who)
    const origin = c.req.header('origin') ?? null
    const trusted = origin !== null && policy.isTrusted(origin, c.req.url)
    const refusal = foreignCookieWrite({ method: c.req.method, origin, secFetchSite: c.req.header('sec-fetch-site') ?? null }, cookies, trusted, who)
    if (refusal) throw refusal
    await next()
    // The caller's tier, for the request's log line (src/shared/observe/request-facts.ts).
    tellTier(c, c.get('identity').kind)
  }
}

/**
 * Makes sure the caller has an anonymous client id, issuing the `ssg_client` cookie when absent
 * (httpOnly, SameSite=Lax, Path=/, one year). Returns true when it was issued now.
 */
export function ensureClientCookie(c: Context<ApiEnv>, secure: boolean): boolean {
  const who = c.get('identity')
  if (who.clientId) return false
  const id = newClientId()
  setCookie(c, CLIENT_COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: CLIENT_COOKIE_MAX_AGE, secure })
  c.set('identity', { ...who, clientId: id })
  return true
}
