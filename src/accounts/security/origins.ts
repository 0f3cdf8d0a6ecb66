/**
 * Allowed origins (issue 9 point 2 and 7): a `redirect` may only lead to the app, the account site,
 * a configured origin or a relative path (no open redirect), and a cookie-authenticated POST must come
 * from one of them (CSRF defence next to SameSite=Lax).
 * @module
 */
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
 * The redirect target when it is safe, else undefined: absolute http(s) URLs of an allowed origin, or
 * a path starting with one `/` (not `//host` nor `/\host`, which browsers read as another origin).
 */
export function safeRedirect(target: string | undefined | null, allowed: Set<string>): string | undefined {
  if (!target || target.length > 2000) return undefined
  if (target.startsWith('/')) return /^\/[/\\]/.test(target) ? undefined : target
  try {
    const url = new URL(target)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    return allowed.has(url.origin) ? url.href : undefined
  } catch {
    return undefined
  }
}

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
