/**
 * The outermost step of every request (docs/operations.md "Metrics", "Logs"): the request gets its id
 * (./request-id.ts), the apps answer it, and then the answer is counted in the HTTP families
 * (./http-metrics.ts) and written as one log line — time, request id, method, route pattern, status,
 * duration, caller tier, nothing else (never a path, a query, a header or a cookie). The route pattern
 * and the tier are what the apps said in their answer's fact headers (src/shared/observe/request-facts.ts),
 * which are removed here; the answer gets `X-Request-Id`. Shared by the Bun entry and the web Worker.
 * @module
 */
import type { Logger } from '../../shared/log/logger'
import { ROUTE_HEADER, TIER_HEADER, UNMATCHED_ROUTE } from '../../shared/observe/request-facts'
import type { HttpMetrics } from './http-metrics'
import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from './request-id'

/** What the observer counts and writes with. */
export interface ObserveOptions {
  /** The HTTP families; absent when metrics are off (`METRICS=off`). */
  metrics?: HttpMetrics
  /** Where the request line goes; absent: no request lines (`LOG_FORMAT=text`, where a line per request would drown the rest). */
  log?: Logger
  /** A monotonic clock in ms (default performance.now). */
  clock?: () => number
  /** Makes a new request id (tests pass a fixed one). */
  newId?: () => string
  /** The route of an answer no app named (a static file: the file handler runs before any route). */
  fallbackRoute?: (request: Request, response: Response) => string
}

/** A route pattern an app named: a path-like string, never long (a remote API could send anything). */
const ROUTE_VALUE = /^\/[A-Za-z0-9/:._*-]{0,120}$/
const TIERS = new Set(['anonymous', 'user', 'apikey'])

/** Answers `request` with `handle`, then counts and logs the answer. */
export async function observeRequest(request: Request, handle: (request: Request) => Promise<Response>, o: ObserveOptions): Promise<Response> {
  const clock = o.clock ?? (() => performance.now())
  const started = clock()
  const id = requestIdOf(request, o.newId)
  let response = await handle(withRequestId(request, id))
  const seconds = (clock() - started) / 1000
  const named = response.headers.get(ROUTE_HEADER)
  const route = named && (named === UNMATCHED_ROUTE || ROUTE_VALUE.test(named)) ? named : (o.fallbackRoute?.(request, response) ?? UNMATCHED_ROUTE)
  const told = response.headers.get(TIER_HEADER)
  const tier = told && TIERS.has(told) ? told : null
  response = withAnswerHeaders(response, id)
  o.metrics?.observe(route, request.method, response.status, seconds, tier)
  o.log?.[response.status >= 500 ? 'error' : 'info']('request', {
    request_id: id,
    method: request.method,
    route,
    status: response.status,
    duration_ms: Math.round(seconds * 1e4) / 10,
    tier: tier ?? undefined,
  })
  return response
}

/** The answer without the fact headers and with its request id (a copy where its headers cannot change). */
function withAnswerHeaders(response: Response, id: string): Response {
  const edit = (r: Response) => {
    r.headers.delete(ROUTE_HEADER)
    r.headers.delete(TIER_HEADER)
    r.headers.set(REQUEST_ID_HEADER, id)
    return r
  }
  try {
    return edit(response)
  } catch {
    return edit(new Response(response.body, response))
  }
}
