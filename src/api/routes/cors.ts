/**
 * Cross-origin rules of the API (docs/operations.md "Cross-origin rules"). MineSkin reflects any
 * `Origin` with credentials (reference/mineskin-api.md §1.2 "CORS"); with cookie sessions on the same
 * site that lets any page on another port read and change a visitor's skins, so here:
 *
 * - **trusted origins** — PUBLIC_URL's origin, the request's own origin (the site calling itself
 *   through its `/api` proxy), and `CORS_ORIGINS` — get credentialed CORS: the origin reflected,
 *   `Access-Control-Allow-Credentials: true`, `Vary: Origin`;
 * - a request with an API key restricted to origins (`allowedOrigins`) gets the same from those origins;
 * - every other origin gets `Access-Control-Allow-Origin: *` (never with credentials, so browsers
 *   refuse it for requests that carry cookies) except on per-user answers, which get no CORS at all;
 * - preflights carry no `Authorization`, so an untrusted origin's preflight gets `*`: uncredentialed
 *   keyed calls from any page work as with MineSkin, credentialed ones fail in the browser.
 *
 * Cookie-authenticated writes are also checked against `Origin` ({@link foreignCookieWrite}), because a
 * form POST is sent with SameSite=Lax cookies from any page of the same site without a preflight.
 * @module
 */
import { ApiError } from '../errors'
import { CLIENT_COOKIE, type Identity } from '../users/identity/identity'
import { SESSION_COOKIE } from '../users/identity/session-token'

/** Headers a browser may send (reference §1.2 "CORS"). */
const ALLOW_HEADERS = 'Content-Type, Authorization, User-Agent, MineSkin-User-Agent, Origin, Turnstile-Token, Baggage, Sentry-Trace'
/** Headers a page may read. */
const EXPOSE_HEADERS =
  'MineSkin-Api-Version, MineSkin-Version, MineSkin-Breadcrumb, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Delay, X-RateLimit-NextRequest, Retry-After'
const ALLOW_METHODS = 'GET, HEAD, POST, PATCH, DELETE, OPTIONS'

/** Files and caller-independent data: `*` for everyone, no `Vary` (one cached copy serves every page). */
const ALWAYS_PUBLIC = /^\/(?:v2\/capes$|v2\/stats$|v2\/images\/|textures\/|v2\/signing-key$)/
/** Answers about the caller (their skins, jobs, key, limits): never readable by untrusted pages. */
const PER_USER = /^\/(?:v2\/me(?:\/|$)|v2\/usage$|v2\/delay$|v2\/credits|v2\/queue$|v2\/skins\/[^/]+\/user$)/

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** What a response grants the requesting page. */
export type CorsGrant = 'credentialed' | 'wildcard' | 'none'

/** Which origins are trusted with the visitor's cookies. */
export interface CorsPolicy {
  /** True for the site's own origin, the request's own origin and the configured allowlist. */
  isTrusted(origin: string, requestUrl: string): boolean
}

/** Builds the policy from PUBLIC_URL and CORS_ORIGINS. */
export function corsPolicy(config: { publicUrl: string; corsOrigins: readonly string[] }): CorsPolicy {
  const trusted = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins])
  return {
    isTrusted(origin, requestUrl) {
      // A browser sets both Host and Origin: when they name the same origin the page is the site itself.
      return trusted.has(origin) || origin === new URL(requestUrl).origin
    },
  }
}

/** Whether a keyed caller's key is restricted to origins that include `origin`. */
const keyTrusts = (who: Pick<Identity, 'apiKeyOrigins'> | undefined, origin: string) => who?.apiKeyOrigins?.includes(origin) === true

/**
 * The grant of an actual (non-preflight) response. `who` is the resolved caller, absent when
 * resolving failed (bad key).
 */
export function responseGrant(path: string, origin: string | null, trusted: boolean, who: Pick<Identity, 'apiKeyId' | 'apiKeyOrigins'> | undefined): CorsGrant {
  if (ALWAYS_PUBLIC.test(path)) return 'wildcard'
  if (!origin) return 'none'
  if (trusted || keyTrusts(who, origin)) return 'credentialed'
  // A keyed answer belongs to the key, not to cookies; `*` is only readable when none were sent.
  if (who?.apiKeyId) return 'wildcard'
  return PER_USER.test(path) ? 'none' : 'wildcard'
}

/** CORS headers of an actual response for a grant. */
export function corsHeaders(grant: CorsGrant, origin: string | null, path: string): Record<string, string> {
  // Every answer outside the always-public files depends on Origin, so caches must key on it.
  const vary: Record<string, string> = ALWAYS_PUBLIC.test(path) ? {} : { Vary: 'Origin' }
  if (grant === 'none') return vary
  const expose = { 'Access-Control-Expose-Headers': EXPOSE_HEADERS }
  if (grant === 'wildcard') return { ...vary, 'Access-Control-Allow-Origin': '*', ...expose }
  return { ...vary, 'Access-Control-Allow-Origin': origin!, 'Access-Control-Allow-Credentials': 'true', ...expose }
}

/** Headers of the 204 answer to a preflight. */
export function preflightHeaders(origin: string | null, trusted: boolean): Record<string, string> {
  const allow: Record<string, string> =
    origin && trusted ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' } : { 'Access-Control-Allow-Origin': '*' }
  return {
    ...allow,
    Vary: 'Origin',
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': '86400',
  }
}

/**
 * The refusal of a write that carries the API's cookies but comes from an untrusted page,
 * or null when it may proceed. Requests without `Origin` (servers, curl, the Java client,
 * the web app's in-process calls) pass, unless `Sec-Fetch-Site` says another site sent them;
 * requests without our cookies pass too (uncredentialed calls, API keys from any page).
 */
export function foreignCookieWrite(
  request: { method: string; origin: string | null; secFetchSite: string | null },
  cookies: Record<string, string>,
  trusted: boolean,
  who: Pick<Identity, 'apiKeyOrigins'> | undefined,
): ApiError | null {
  if (SAFE_METHODS.has(request.method)) return null
  if (cookies[SESSION_COOKIE] === undefined && cookies[CLIENT_COOKIE] === undefined) return null
  const { origin } = request
  if (origin) {
    if (trusted || keyTrusts(who, origin)) return null
  } else if (request.secFetchSite !== 'cross-site' && request.secFetchSite !== 'same-site') {
    return null
  }
  return new ApiError('origin_not_allowed', `Requests with cookies are not accepted from ${origin ?? 'another site'}`, 403)
}
