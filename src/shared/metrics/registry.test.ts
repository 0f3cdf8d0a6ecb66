/**
 * The metrics registry and its text (./registry.ts, ./exposition.ts): what it writes parses as the
 * Prometheus text format, histograms are cumulative with their sum and count, label values are
 * escaped, and a metric keeps a bounded number of label sets however many values it is handed.
 */
import { describe, expect, test } from 'bun:test'
import { parseExposition, sampleValue, samplesOf } from '../../../test/support/prometheus-text'
import { createMetricsRegistry, OVERFLOW_LABEL } from './registry'

describe('metrics registry', () => {
  test('counters, gauges, histograms and collectors render as valid Prometheus text', async () => {
    const r = createMetricsRegistry()
    const requests = r.counter({ name: 't_requests_total', help: 'Requests', labelNames: ['route', 'status'] })
    const depth = r.gauge({ name: 't_depth', help: 'Depth', labelNames: [] })
    const took = r.histogram({ name: 't_seconds', help: 'Took\nlines', labelNames: ['route'], buckets: [0.1, 1] })
    requests.inc({ route: '/skins/:id', status: '200' })
    requests.inc({ route: '/skins/:id', status: '200' }, 2)
    requests.inc({ route: 'a "quoted" \\ path\n', status: '404' })
    depth.set({}, 7)
    for (const v of [0.05, 0.5, 0.5, 3]) took.observe({ route: '/' }, v)
    r.collect(() => [{ name: 't_rows', help: 'Rows', type: 'gauge', samples: [{ labels: { table: 'jobs' }, value: 12 }] }])
    const text = await r.render()
    const families = parseExposition(text)
    expect(sampleValue(families, 't_requests_total', { route: '/skins/:id', status: '200' })).toBe(3)
    expect(sampleValue(families, 't_requests_total', { route: 'a "quoted" \\ path\n', status: '404' })).toBe(1)
    expect(sampleValue(families, 't_depth')).toBe(7)
    expect(sampleValue(families, 't_rows', { table: 'jobs' })).toBe(12)
    expect(text).toContain('t_seconds_bucket{route="/",le="0.1"} 1\nt_seconds_bucket{route="/",le="1"} 3\nt_seconds_bucket{route="/",le="+Inf"} 4\nt_seconds_sum{route="/"} 4.05\nt_seconds_count{route="/"} 4\n')
    expect(text).toContain('# HELP t_seconds Took\\nlines')
  })

  test('a metric keeps at most maxSeries label sets; the rest count under "_other", and the overflow is counted', async () => {
    const r = createMetricsRegistry({ maxSeries: 50 })
    const c = r.counter({ name: 't_paths_total', help: 'Paths', labelNames: ['route'] })
    for (let i = 0; i < 10_000; i++) c.inc({ route: `/random/${i}` })
    const families = parseExposition(await r.render())
    expect(samplesOf(families, 't_paths_total')).toHaveLength(51)
    expect(sampleValue(families, 't_paths_total', { route: OVERFLOW_LABEL })).toBe(10_000 - 50)
    expect(sampleValue(families, 'ssg_metrics_series_overflow_total', { metric: 't_paths_total' })).toBe(10_000 - 50)
  })

  test('names and labels are checked when a metric is declared', () => {
    const r = createMetricsRegistry()
    r.counter({ name: 't_ok_total', help: '', labelNames: ['a'] })
    expect(() => r.counter({ name: 't_ok_total', help: '', labelNames: [] })).toThrow('taken')
    expect(() => r.gauge({ name: 'bad-name', help: '', labelNames: [] })).toThrow('invalid')
    expect(() => r.histogram({ name: 't_h', help: '', labelNames: ['le'], buckets: [1] })).toThrow('not allowed')
  })
})
