/**
 * The operator's endpoints (docs/operations.md "Health and metrics"): `/healthz` answers while the
 * process does; `/readyz` runs the readiness checks (database writable, blob store reachable, signer
 * usable) and answers 503 naming each one that failed; `/metrics` is the Prometheus text of the
 * registry. On the public port `/metrics` needs `Authorization: Bearer <METRICS_TOKEN>` and is not
 * there at all without a token; on the separate metrics port (`METRICS_PORT`, bound to
 * `METRICS_HOST`, loopback by default) it needs none.
 * @module
 */
import { EXPOSITION_CONTENT_TYPE } from '../metrics/exposition'
import type { MetricsRegistry } from '../metrics/registry'
import { ROUTE_HEADER } from './request-facts'

/** One readiness check's outcome. */
export interface ReadinessCheck {
  ok: boolean
  /** Why not, in a few words (only when not ok). */
  reason?: string
}

/** The readiness of the process: ready when every check is. */
export interface Readiness {
  ready: boolean
  checks: Record<string, ReadinessCheck>
}

/** Options of {@link operatorEndpoints}. */
export interface OperatorEndpointsOptions {
  /** The metrics; absent (`METRICS=off`): `/metrics` is 404. */
  registry?: MetricsRegistry
  /** The token `/metrics` needs where it is not trusted; absent: `/metrics` is 404 there. */
  token?: string
  /** The metrics port: `/metrics` without a token. */
  trusted: boolean
  readiness: () => Promise<Readiness>
}

const PATHS = new Set(['/healthz', '/readyz', '/metrics'])
/** SHA-256 of `s`: the token is compared as digests, so the comparison's time says nothing of its length. */
const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)))

/** Whether two digests are equal, looking at every byte whatever the first difference. */
function sameDigest(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ (b[i] ?? 0)
  return diff === 0
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } })

/** The handler: an answer for the three paths, null for any other request. */
export function operatorEndpoints(o: OperatorEndpointsOptions) {
  const expected = o.token ? digest(`Bearer ${o.token}`) : null
  const named = (response: Response, path: string) => {
    response.headers.set(ROUTE_HEADER, path)
    return response
  }
  return async (request: Request): Promise<Response | null> => {
    const path = new URL(request.url).pathname
    if (!PATHS.has(path) || (request.method !== 'GET' && request.method !== 'HEAD')) return null
    if (path === '/healthz') return named(json({ ok: true }), path)
    if (path === '/readyz') {
      const r = await o.readiness()
      return named(json(r, r.ready ? 200 : 503), path)
    }
    if (!o.registry || (!o.trusted && !expected)) return null
    if (!o.trusted) {
      const given = await digest(request.headers.get('authorization') ?? '')
      if (!sameDigest(given, await expected!)) {
        const refused = json({ success: false, errors: [{ code: 'unauthorized', message: 'Send Authorization: Bearer <METRICS_TOKEN>' }] }, 401)
        refused.headers.set('www-authenticate', 'Bearer realm="metrics"')
        return named(refused, path)
      }
    }
    const text = await o.registry.render()
    return named(new Response(request.method === 'HEAD' ? null : text, { headers: { 'content-type': EXPOSITION_CONTENT_TYPE, 'cache-control': 'no-store' } }), path)
  }
}
