/**
 * Allowed origins: a `redirect` may only lead to the app, the account site or
 * a configured origin (no open redirect), and a cookie-authenticated POST must come
 * from one of them (CSRF defence next to SameSite=Lax).
 * @module
 */
import { resolveRedirect } from '../../shared/safe-redirect'
import type { AccountsDeps } from '../deps'

/** The origins trusted for redirects and form posts; `requestOrigin` is the account site's own. */
export function allowedOrigins(deps: AccountsDeps, requestOrigin: string): Set<string> {
  const set = new Set<string>([new URL(deps.appOrigin).origin, requestOrigin])
  if (/^https?:\/\//.test(deps.basePath)) set.add(new URL(deps.basePath).origin)
  for (const o of deps.extraRedirectOrigins ?? []) {
    try {
      set.add(new URL(o).origin)
    } catch {
      // A broken allowlist entry allows nothing.
    }
  }
  return set
}

/**
 * The redirect target as an absolute URL when it leads to an allowed origin, else undefined; never
 * throws. Parsed as a browser would (src/shared/safe-redirect.ts), relative
 * targets resolved against `base` (the account site's origin).
 */
export const safeRedirect = (target: string | undefined | null, allowed: Set<string>, base: string): string | undefined =>
  resolveRedirect(target, base, (origin) => allowed.has(origin))?.href

/** True when a state-changing request comes from an allowed origin (Origin, else Referer). */
export function sameOriginPost(headers: Headers, allowed: Set<string>): boolean {
  const origin = headers.get('origin')
  if (origin && origin !== 'null') return allowed.has(origin)
  const referer = headers.get('referer')
  if (!referer) return false
  try {
    return allowed.has(new URL(referer).origin)
  } catch {
    return false
  }
}
