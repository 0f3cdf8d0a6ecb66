/**
 * Middleware of every API request (reference/mineskin-api.md §1.2 order: breadcrumb → client →
 * API key → JWT → grants): request id and version headers, CORS, security headers, caller
 * identity, and the anonymous client cookie for routes that record who did something.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { CLIENT_COOKIE, type IdentityResolver } from '../identity'
import { newBreadcrumb, newClientId } from '../ids'
import type { ApiEnv } from './env'

/** `MineSkin-Version` value. */
export const API_VERSION = 'api-ssg-1'

const ALLOW_HEADERS = 'Content-Type, Authorization, User-Agent, MineSkin-User-Agent, Origin, Turnstile-Token, Baggage, Sentry-Trace'
const EXPOSE_HEADERS =
  'MineSkin-Api-Version, MineSkin-Version, MineSkin-Breadcrumb, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Delay, X-RateLimit-NextRequest, Retry-After'
/** Public read-only resources answer `*` (reference §1.2 CORS); the rest reflect the origin with credentials. */
const WILDCARD = /^\/(v2\/capes|v2\/stats|v2\/images\/|textures\/|v2\/signing-key)/

/** Breadcrumb, version, CORS and security headers; answers CORS preflights. */
export function baseHeaders(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const breadcrumb = newBreadcrumb()
    c.set('breadcrumb', breadcrumb)
    c.set('warnings', [])
    const origin = c.req.header('origin')
    const wildcard = WILDCARD.test(c.req.path)
    const cors: Record<string, string> = wildcard
      ? { 'Access-Control-Allow-Origin': '*' }
      : origin
        ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' }
        : {}
    if (c.req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': ALLOW_HEADERS,
          'Access-Control-Max-Age': '86400',
        },
      })
    }
    await next()
    const h = c.res.headers
    if (!h.has('MineSkin-Breadcrumb')) h.set('MineSkin-Breadcrumb', breadcrumb)
    h.set('MineSkin-Api-Version', 'v2')
    h.set('MineSkin-Version', API_VERSION)
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'no-referrer')
    for (const [k, v] of Object.entries(cors)) h.set(k, v)
    if (Object.keys(cors).length) h.set('Access-Control-Expose-Headers', EXPOSE_HEADERS)
  }
}

/** Resolves the caller (403 `invalid_api_key` for a bad key). */
export function identity(resolve: IdentityResolver): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('identity', await resolve(c.req.raw.headers, getCookie(c)))
    await next()
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
  setCookie(c, CLIENT_COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 3600, secure })
  c.set('identity', { ...who, clientId: id })
  return true
}
