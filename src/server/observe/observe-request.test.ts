/**
 * The request observer (./observe-request.ts) with a fixed clock and id: what it counts and writes,
 * and what it refuses to believe of an answer (a route or tier a remote backend made up).
 */
import { describe, expect, test } from 'bun:test'
import { createLogger } from '../../shared/log/logger'
import { createMetricsRegistry } from '../../shared/metrics/registry'
import { ROUTE_HEADER, TIER_HEADER } from '../../shared/observe/request-facts'
import { parseExposition, sampleValue } from '../../../test/support/prometheus-text'
import { httpMetrics } from './http-metrics'
import { observeRequest } from './observe-request'

function setUp() {
  const registry = createMetricsRegistry()
  const lines: Record<string, unknown>[] = []
  const log = createLogger({ format: 'json', write: (l) => void lines.push(JSON.parse(l)), now: () => Date.UTC(2026, 11, 2) })
  let t = 0
  const run = (answer: Response, init: RequestInit = {}) =>
    observeRequest(new Request('http://site.test/x', init), async () => answer, { metrics: httpMetrics(registry), log, clock: () => (t += 25), newId: () => 'req-00000001' })
  return { registry, lines, run }
}

describe('request observer', () => {
  test('counts and writes the answer under the route and tier the app named, then drops those headers', async () => {
    const s = setUp()
    const res = await s.run(new Response('ok', { headers: { [ROUTE_HEADER]: '/api/v2/skins/:uuid', [TIER_HEADER]: 'apikey' } }))
    expect([res.headers.get(ROUTE_HEADER), res.headers.get(TIER_HEADER), res.headers.get('x-request-id')]).toEqual([null, null, 'req-00000001'])
    expect(s.lines).toEqual([{ time: '2026-12-02T00:00:00.000Z', level: 'info', event: 'request', request_id: 'req-00000001', method: 'GET', route: '/api/v2/skins/:uuid', status: 200, duration_ms: 25, tier: 'apikey' }])
    const e = parseExposition(await s.registry.render())
    expect(sampleValue(e, 'ssg_http_requests_total', { route: '/api/v2/skins/:uuid', method: 'GET', status: '200' })).toBe(1)
    expect(sampleValue(e, 'ssg_http_request_duration_seconds_bucket', { route: '/api/v2/skins/:uuid', method: 'GET', le: '0.025' })).toBe(1)
  })

  test('a made-up route or tier is not believed; an odd method is "other"; a 5xx is an error line', async () => {
    const s = setUp()
    await s.run(new Response('x', { status: 502, headers: { [ROUTE_HEADER]: `/${'a'.repeat(500)}`, [TIER_HEADER]: 'root' } }), { method: 'PROPFIND' })
    expect(s.lines[0]).toMatchObject({ level: 'error', route: 'unmatched', status: 502, method: 'PROPFIND' })
    expect(s.lines[0]!.tier).toBeUndefined()
    expect(sampleValue(parseExposition(await s.registry.render()), 'ssg_http_requests_total', { route: 'unmatched', method: 'other', status: '502' })).toBe(1)
  })

  test('an answer whose headers cannot change is copied, body and status kept', async () => {
    const s = setUp()
    const fetched = new Response('body', { status: 201, headers: { [ROUTE_HEADER]: '/v2/queue' } })
    Object.defineProperty(fetched, 'headers', { value: Object.freeze(Object.assign(new Headers(fetched.headers), { set() { throw new TypeError('immutable') }, delete() { throw new TypeError('immutable') } })) })
    const res = await s.run(fetched)
    expect([res.status, await res.text(), res.headers.get('x-request-id')]).toEqual([201, 'body', 'req-00000001'])
  })
})
