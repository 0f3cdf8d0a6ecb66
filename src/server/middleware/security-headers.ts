/**
 * Security headers for every response of the web app (docs/operations.md "Security headers"), installed
 * first in `createApp` so pages, error pages, the account site, `/api`, `/textures`, `/render` and the
 * Bun static files all pass through it, on Bun and on the Worker alike.
 *
 * - HTML gets a Content-Security-Policy with a fresh nonce per response (`c.get('nonce')`, rendered on
 *   every `<script>` and `modulepreload` link); `'strict-dynamic'` lets the nonced client entry load its
 *   chunks by `import()` and static imports, and no inline script without the nonce runs.
 * - Everything gets `nosniff`, a Referrer-Policy (unless the backend set one) and `X-Frame-Options`.
 * - On https — the request URL (always on Workers) or `X-Forwarded-Proto: https` from a trusted proxy
 *   (`TRUST_PROXY`) — HSTS is sent and every `Set-Cookie` without `Secure` gets it, so the locale,
 *   theme, API and account cookies are all Secure there while plain-http localhost keeps working.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { createNonce } from '../../shared/csp-nonce'
import { dsnOrigin } from '../../shared/monitoring'

/** What the policy needs to know about the deployment. */
export interface SecurityHeaderOptions {
  /** Trust `X-Forwarded-Proto` (set by the proxy in front; `TRUST_PROXY`). */
  trustProxy?: boolean
  /** The public origin (canonical links; the account site loads the stylesheet and icon from it). */
  publicUrl?: string
  /** Where "Sign In" goes (may be another origin: forms there post back and redirect). */
  accountUrl?: string
  /** The account API origin the browser calls and posts the sign-out form to. */
  accountApiOrigin?: string
  /** More origins forms may post to or be redirected to (e.g. `ACCOUNT_REDIRECT_ORIGINS`). */
  formActionOrigins?: string[]
  /** The error monitoring DSN (`SENTRY_DSN`); its origin joins connect-src only when set. */
  monitoringDsn?: string
}

/** HSTS for a year, subdomains included (RFC 6797 §6.1); sent on https only. */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** Browser features the site never uses (camera, microphone, …) are switched off. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=()'

/** Policy of non-HTML answers (JSON, text): nothing loads, nothing frames them. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'"

export { createNonce }

/** The origin of an absolute http(s) URL, else undefined (relative paths are this origin). */
const originOf = (url: string | undefined): string | undefined => {
  if (!url || !/^https?:\/\//i.test(url)) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** `'self'` and the distinct extra origins, space separated. */
const sources = (...values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))].join(' ')

/**
 * The page policy for `nonce`. Everything but the nonce depends on the options alone, so the policy
 * is built once per options object and each page only splices its nonce in (building it on
 * every page was 1 % of a skin page's server render).
 */
export function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions = {}): string {
  let parts = policyParts.get(options)
  if (!parts) policyParts.set(options, (parts = buildPolicy(NONCE_SLOT, options).split(NONCE_SLOT) as [string, string]))
  return parts[0] + nonce + parts[1]
}

/** Stands for the nonce in the cached policy; never a valid base64 nonce. */
const NONCE_SLOT = '\u0000nonce\u0000'
const policyParts = new WeakMap<SecurityHeaderOptions, [string, string]>()

function buildPolicy(nonce: string, options: SecurityHeaderOptions): string {
  const site = originOf(options.publicUrl)
  const accounts = [originOf(options.accountUrl), originOf(options.accountApiOrigin)]
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    // 'self' is only a fallback for browsers without 'strict-dynamic' (which then ignore it).
    ['script-src', `'nonce-${nonce}' 'strict-dynamic' 'self'`],
    // No style attributes are rendered; the account site on another origin loads the app's stylesheet.
    ['style-src', sources("'self'", site)],
    // Renders and textures are same-origin (`/render`, `/textures`); data: for CSS icons, blob: for
    // upload previews and the 3D viewer's textures; avatars come from the account site.
    ['img-src', sources("'self'", 'data:', 'blob:', site, ...accounts)],
    ['font-src', "'self'"],
    // The monitoring DSN's origin receives error reports, and only when one is configured (SPEC §9).
    ['connect-src', sources("'self'", ...accounts, dsnOrigin(options.monitoringDsn))],
    ['worker-src', "'self' blob:"],
    ['manifest-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    // Chromium also checks the redirect after a form post: sign-in redirects back to the app.
    ['form-action', sources("'self'", site, ...accounts, ...(options.formActionOrigins ?? []).map(originOf))],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map(([name, value]) => `${name} ${value}`).join('; ')
}

/** True when the visitor's connection is https: the URL says so, or a trusted proxy does. */
export function isHttpsRequest(request: Request, trustProxy = false): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  if (!trustProxy) return false
  // The first entry is the proxy nearest the visitor (a chain of proxies appends).
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https'
}

/** `cookie` with `; Secure` added unless it has the attribute already. */
export const withSecure = (cookie: string): string => (/;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`)

/**
 * The response's headers, writable: responses from `fetch` (remote backends on Workers) have
 * immutable headers, so those are copied into a new Response first. `c.res` is cleared before the
 * copy is set, or Hono would merge the old headers (and cookies) back into it.
 */
function writableHeaders(c: Context): Headers {
  try {
    c.res.headers.set('x-content-type-options', 'nosniff')
    return c.res.headers
  } catch {
    const copy = new Response(c.res.body, c.res)
    c.res = undefined
    c.res = copy
    copy.headers.set('x-content-type-options', 'nosniff')
    return copy.headers
  }
}

/** The middleware; see the module comment. */
export function securityHeaders(options: SecurityHeaderOptions = {}): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = createNonce()
    c.set('nonce', nonce)
    await next()
    const headers = writableHeaders(c)
    if (!headers.has('referrer-policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    const type = headers.get('content-type') ?? ''
    if (type.startsWith('text/html')) {
      // A backend that renders its own pages (the account site) states its own policy; keep it.
      if (!headers.has('content-security-policy')) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, options))
      headers.set('Permissions-Policy', PERMISSIONS_POLICY)
      headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    } else if (!type.startsWith('image/') && !headers.has('content-security-policy')) {
      // Images keep no policy: an SVG sprite referenced by <use> must keep its own styles.
      headers.set('Content-Security-Policy', RESOURCE_CSP)
    }
    if (isHttpsRequest(c.req.raw, options.trustProxy)) {
      headers.set('Strict-Transport-Security', HSTS)
      const cookies = headers.getSetCookie()
      if (cookies.some((cookie) => withSecure(cookie) !== cookie)) {
        headers.delete('set-cookie')
        for (const cookie of cookies) headers.append('set-cookie', withSecure(cookie))
      }
    }
  })
}
