/**
 * A database-kept family shows a bounded number of label sets: past {@link MAX_DB_SERIES} the smallest
 * are summed under `_other`, so an upstream API that invents error codes cannot grow `/metrics` without
 * end. Checked through the jobs family over a real store.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseExposition, sampleValue, samplesOf } from '../../../test/support/prometheus-text'
import { createMetricsRegistry } from '../../shared/metrics/registry'
import { openStore } from '../store/db'
import { boundedSamples, MAX_DB_SERIES } from './metric-values'
import { registerDbMetrics } from './db-metrics'

const dir = mkdtempSync(join(tmpdir(), 'ssg-metric-rows-'))
const store = openStore(dir)
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('bounded database families', () => {
  test('the largest label sets are kept, the rest summed under _other', () => {
    const rows = [5, 1, 3, 2].map((value, i) => ({ name: 'x', labels: { code: `c${i}` }, value }))
    expect(boundedSamples(rows, ['code'], 2)).toEqual([
      { labels: { code: 'c0' }, value: 5 },
      { labels: { code: 'c2' }, value: 3 },
      { labels: { code: '_other' }, value: 3 },
    ])
    expect(boundedSamples(rows, ['code', 'status'], 4).map((s) => s.labels)).toEqual([
      { code: 'c0', status: '' },
      { code: 'c1', status: '' },
      { code: 'c2', status: '' },
      { code: 'c3', status: '' },
    ])
  })

  test(`failed jobs with ${MAX_DB_SERIES + 10} different codes show as ${MAX_DB_SERIES} series and _other`, async () => {
    const insert = store.sqlite.query(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, started_at, finished_at, errors) VALUES (?, 'failed', 'upload', '{}', 'b', 0, 0, 1, ?)`)
    for (let i = 0; i < MAX_DB_SERIES + 10; i++) for (let n = 0; n <= (i < 10 ? 0 : 1); n++) insert.run(`j${i}-${n}`, JSON.stringify([{ code: `upstream_code_${i}`, message: '' }]))
    const registry = createMetricsRegistry()
    registerDbMetrics(registry, { sql: store.sql, storageBudgetBytes: 0 })
    const e = parseExposition(await registry.render())
    const failed = samplesOf(e, 'ssg_jobs_finished_total').filter((s) => s.labels.status === 'failed')
    expect(failed).toHaveLength(MAX_DB_SERIES + 1)
    // The ten codes seen once are the ones folded; completed jobs keep their series.
    expect(sampleValue(e, 'ssg_jobs_finished_total', { status: 'failed', code: '_other' })).toBe(10)
    expect(sampleValue(e, 'ssg_jobs_finished_total', { status: 'completed', code: '' })).toBe(0)
    expect(failed.reduce((n, s) => n + s.value, 0)).toBe(10 + MAX_DB_SERIES * 2)
  })
})
