/**
 * What an app tells the outermost request observer (src/server/observe/observe-request.ts) about a
 * request it answered: the route pattern that answered it and the caller's tier. They travel as
 * response headers, since the API and the account site may answer in the same process (Bun) or in
 * another Worker behind a service binding; the observer reads them for its metrics and log line and
 * removes them, so they never leave the server. The innermost app to answer sets them: an outer app
 * forwarding to an inner one keeps what the inner one said.
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'

/** The route pattern that answered, e.g. `/api/v2/queue/:jobId`. */
export const ROUTE_HEADER = 'x-ssg-route'
/** The caller's tier: `anonymous`, `user` or `apikey`. */
export const TIER_HEADER = 'x-ssg-tier'

/** The pattern a request answered by no route (a 404 of the fallback) is counted under. */
export const UNMATCHED_ROUTE = 'unmatched'

/** A pattern as metrics name it: parameters without their expressions (`/:locale{(?:de|…)}` → `/:locale`). */
export function normalizeRoute(pattern: string): string {
  const bare = pattern.replace(/\{[^}]*\}/g, '')
  return bare === '' || bare === '*' || bare === '/*' ? UNMATCHED_ROUTE : bare
}

/** Sets `name` on `c.res`, copying a response whose headers cannot change (one fetched from elsewhere). */
function setResponseHeader(c: Parameters<MiddlewareHandler>[0], name: string, value: string): void {
  try {
    c.res.headers.set(name, value)
  } catch {
    c.res = new Response(c.res.body, c.res)
    c.res.headers.set(name, value)
  }
}

/**
 * Middleware telling the observer the route pattern that answered, under `prefix` (where this app is
 * mounted, e.g. `/api`), unless an app it forwarded to already did.
 */
export function routeFacts(prefix = ''): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.headers.has(ROUTE_HEADER)) return
    // Answered by no route (a middleware such as the static files, or the fallback 404): the app
    // outside, or the observer, names it.
    const route = normalizeRoute(routePath(c))
    if (route !== UNMATCHED_ROUTE) setResponseHeader(c, ROUTE_HEADER, `${prefix}${route}`.replace(/\/$/, '') || '/')
  }
}

/** Tells the observer the caller's tier (the API, once it knows who calls). */
export function tellTier(c: Parameters<MiddlewareHandler>[0], tier: string): void {
  setResponseHeader(c, TIER_HEADER, tier)
}
