/**
 * The id of one request: given back as `X-Request-Id` on every answer, written in its log line and
 * shown on error pages, so a user's report can be matched to the line. A well-formed id the request
 * arrives with (a load balancer's or a proxy's `X-Request-Id`) is kept, so one id follows the request
 * through every hop; anything else is replaced by a new random one.
 * @module
 */

/** The header, in both directions. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** What an incoming id may look like: the usual UUIDs and trace ids, nothing a log or a page could misread. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/

/** The request's id: its own when well-formed, else `make()`'s. */
export function requestIdOf(request: Request, make: () => string = () => crypto.randomUUID()): string {
  const given = request.headers.get(REQUEST_ID_HEADER)
  return given && WELL_FORMED.test(given) ? given : make()
}

/** `request` carrying `id` in its header (a copy where the runtime's request headers cannot change). */
export function withRequestId(request: Request, id: string): Request {
  if (request.headers.get(REQUEST_ID_HEADER) === id) return request
  try {
    request.headers.set(REQUEST_ID_HEADER, id)
    return request
  } catch {
    const headers = new Headers(request.headers)
    headers.set(REQUEST_ID_HEADER, id)
    return new Request(request, { headers })
  }
}
