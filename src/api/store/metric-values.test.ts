/**
 * The metric values the database keeps (migration `metric_values`): the triggers on `jobs` count each
 * job once when it finishes — updated to finished or inserted finished — under its status and first
 * error code, and put its wait and run times in the right cumulative buckets; the trigger on `accounts`
 * counts each error the pool records; the triggers on `webhook_deliveries` keep the rows per status.
 * The same SQL runs on bun:sqlite and on the D1-shaped fake built from the D1 migration folder, and the
 * migration's backfill of a database that already holds jobs gives what the triggers would have.
 * Figures are read through the functions `/metrics` and the console use (src/api/metrics).
 * @module
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { JOB_DURATION_BUCKETS, readJobFigures, type HistogramFigures } from '../metrics/job-figures'
import { readMetricRows } from '../metrics/metric-values'
import { readWebhookDeliveries } from '../metrics/webhook-families'
import { d1MigrationFiles } from './d1-migrations'
import { openD1Store } from './d1-store'
import { openStore, type Store } from './db'
import type { SqlClient } from './sql'
import { applyD1Migrations, createFakeD1 } from './testing/d1-fake'

const T = Date.UTC(2026, 10, 22, 12)
const cleanup: (() => void)[] = []
afterAll(() => cleanup.forEach((c) => c()))

function bunStore(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-metric-values-'))
  const s = openStore(dir)
  cleanup.push(() => {
    s.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return s
}

async function d1Store(upTo?: string): Promise<{ store: Store; rest: () => Promise<void> }> {
  const d1 = createFakeD1()
  cleanup.push(() => d1.sqlite.close())
  const files = d1MigrationFiles()
  const before = upTo ? files.filter((f) => f.name < upTo) : files
  await applyD1Migrations(d1, before)
  return { store: openD1Store(d1), rest: () => applyD1Migrations(d1, files.slice(before.length)) }
}

const STORES: [string, () => Promise<Store>][] = [
  ['bun:sqlite', async () => bunStore()],
  ['D1', async () => (await d1Store()).store],
]

interface JobSpec {
  id: string
  status: 'waiting' | 'processing' | 'completed' | 'failed'
  created: number
  started?: number | null
  finished?: number | null
  errors?: string | null
}
const insertJob = (sql: SqlClient, j: JobSpec) =>
  sql.run(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, started_at, finished_at, errors) VALUES (?, ?, 'upload', '{}', 'b', ?, ?, ?, ?)`, [
    j.id,
    j.status,
    j.created,
    j.started ?? null,
    j.finished ?? null,
    j.errors ?? null,
  ])
/** What the queue does: claim, then finish (src/api/jobs/queue/job-queue.ts). */
async function runJob(sql: SqlClient, id: string, waitMs: number, runMs: number, errors?: string) {
  await insertJob(sql, { id, status: 'waiting', created: T })
  await sql.run(`UPDATE jobs SET status = 'processing', started_at = ?, attempts = attempts + 1 WHERE id = ?`, [T + waitMs, id])
  if (errors === undefined) await sql.run(`UPDATE jobs SET status = 'completed', result = 'skin', finished_at = ? WHERE id = ?`, [T + waitMs + runMs, id])
  else await sql.run(`UPDATE jobs SET status = 'failed', errors = ?, finished_at = ? WHERE id = ?`, [errors, T + waitMs + runMs, id])
}
const failure = (code: string) => JSON.stringify([{ code, message: 'm' }, { code: 'cause', message: 'c' }])

/** Cumulative counts per bound (and +Inf) for `ms` durations, as Prometheus defines `le`: at or under. */
const expected = (ms: number[]): Pick<HistogramFigures, 'cumulative' | 'count' | 'sum'> => ({
  cumulative: [...JOB_DURATION_BUCKETS.map((le) => ms.filter((d) => d / 1000 <= le).length), ms.length],
  count: ms.length,
  sum: ms.reduce((a, b) => a + b, 0) / 1000,
})
const histogram = (h: HistogramFigures) => ({ cumulative: h.cumulative, count: h.count, sum: h.sum })

/** Wait and run times (ms) on both sides of bucket bounds: a bound itself is in its bucket. */
const WAITS = [0, 50, 51, 100, 999, 1000, 2500, 60_000, 300_000, 300_001]
const RUNS = [1, 49, 250, 251, 5000, 5001, 30_000, 119_999, 120_000, 700_000]

for (const [name, open] of STORES) {
  describe(`job metric triggers on ${name}`, () => {
    test('finished jobs count once by status and first error code; wait and run fall in exact buckets', async () => {
      const { sql } = await open()
      for (const [i, wait] of WAITS.entries()) await runJob(sql, `job${i}`, wait, RUNS[i]!, i === 3 || i === 7 ? failure('no_account_available') : i === 8 ? failure('skin_change_failed') : undefined)
      // Later changes of a finished job (its result, its errors) do not count it again.
      await sql.run(`UPDATE jobs SET status = 'completed', result = 'again' WHERE id = 'job0'`)
      await sql.run(`UPDATE jobs SET status = 'failed', errors = ? WHERE id = 'job3'`, [failure('other')])
      // A job that did not finish yet counts nowhere.
      await insertJob(sql, { id: 'waiting', status: 'waiting', created: T })
      const f = await readJobFigures(sql)
      expect(f.finished.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
        { status: 'completed', code: '', count: 7 },
        { status: 'failed', code: 'no_account_available', count: 2 },
        { status: 'failed', code: 'skin_change_failed', count: 1 },
      ])
      expect(f.totals).toEqual({ completed: 7, failed: 3 })
      expect(histogram(f.wait)).toEqual(expected(WAITS))
      expect(histogram(f.run)).toEqual(expected(RUNS))
      // The exact figures for the chosen durations, spelled out once: 0, 50 ≤ 0.05 s; 51, 100 ≤ 0.1 s; …
      expect(f.wait.cumulative).toEqual([2, 4, 4, 4, 6, 7, 7, 7, 7, 8, 8, 9, 10])
      expect(f.run.cumulative).toEqual([2, 2, 3, 4, 4, 4, 5, 6, 7, 7, 9, 9, 10])
      expect(f.wait.sum).toBe(664.701)
    })

    test('a job inserted finished counts at once (a duplicate: wait 0, run 0); one without a start only by status', async () => {
      const { sql } = await open()
      await insertJob(sql, { id: 'dup', status: 'completed', created: T, started: T, finished: T })
      await insertJob(sql, { id: 'refused', status: 'failed', created: T, started: T, finished: T + 20, errors: failure('invalid_image') })
      await insertJob(sql, { id: 'nostart', status: 'failed', created: T, finished: T + 5000, errors: 'not json' })
      await insertJob(sql, { id: 'nocode', status: 'failed', created: T, started: T + 10, finished: T + 20, errors: JSON.stringify([{ message: 'no code' }]) })
      const f = await readJobFigures(sql)
      expect(f.finished.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
        { status: 'completed', code: '', count: 1 },
        { status: 'failed', code: 'invalid_image', count: 1 },
        { status: 'failed', code: 'unknown', count: 2 },
      ])
      expect(histogram(f.wait)).toEqual(expected([0, 0, 10]))
      expect(histogram(f.run)).toEqual(expected([0, 20, 10]))
    })

    test('an error recorded on a signing account counts under its code; other updates of the row do not', async () => {
      const { sql } = await open()
      await sql.run(`INSERT INTO accounts (id, name, type, token_source, access_token, created_at) VALUES ('a1', 'A', 'microsoft', 'pasted', 'x', ?)`, [T])
      const fail = (code: string | null) => sql.run('UPDATE accounts SET error_count = error_count + 1, last_error = ?, last_error_code = ?, last_error_at = ? WHERE id = ?', ['e', code, T, 'a1'])
      await fail('rate_limited')
      await fail('rate_limited')
      await fail(null)
      await sql.run('UPDATE accounts SET error_count = 0, last_error = NULL, last_error_code = NULL, uses = uses + 1 WHERE id = ?', ['a1'])
      const rows = await readMetricRows(sql, ['ssg_pool_account_errors_total'])
      expect(rows.map((r) => [r.labels.code, r.value])).toEqual([
        ['rate_limited', 2],
        ['unknown', 1],
      ])
    })

    test('webhook deliveries are counted per status as rows are added, move on and are deleted', async () => {
      const { sql } = await open()
      const add = (id: string) =>
        sql.run(`INSERT INTO webhook_deliveries (id, api_key_id, url, type, body, status, next_attempt_at, created_at, updated_at) VALUES (?, 'k', 'https://h.test/', 'test', '{}', 'pending', ?, ?, ?)`, [id, T, T, T])
      for (const id of ['d1', 'd2', 'd3', 'd4']) await add(id)
      await sql.run(`UPDATE webhook_deliveries SET status = 'delivered' WHERE id IN ('d1', 'd2')`)
      await sql.run(`UPDATE webhook_deliveries SET status = 'dropped' WHERE id = 'd3'`)
      // An attempt that leaves it pending (a retry) moves nothing.
      await sql.run(`UPDATE webhook_deliveries SET status = 'pending', attempts = attempts + 1 WHERE id = 'd4'`)
      expect(await readWebhookDeliveries(sql)).toEqual({ pending: 1, delivered: 2, dropped: 1 })
      await sql.run(`DELETE FROM webhook_deliveries WHERE id = 'd1'`)
      expect(await readWebhookDeliveries(sql)).toEqual({ pending: 1, delivered: 1, dropped: 1 })
    })
  })
}

describe('the metric_values migration', () => {
  test('its bucket rows are the bounds of JOB_DURATION_BUCKETS, each starting at 0', async () => {
    const { sql } = bunStore()
    for (const name of ['ssg_job_wait_seconds_bucket', 'ssg_job_run_seconds_bucket']) {
      const rows = await readMetricRows(sql, [name])
      expect(rows.map((r) => Number(r.labels.le)).sort((a, b) => a - b)).toEqual([...JOB_DURATION_BUCKETS])
      expect(rows.every((r) => r.value === 0)).toBe(true)
    }
  })

  test('a database that already holds jobs and deliveries starts with what the triggers would have counted', async () => {
    const old = await d1Store('0021')
    const fresh = bunStore()
    const specs: JobSpec[] = [
      ...WAITS.map((w, i): JobSpec => ({ id: `j${i}`, status: i % 3 ? 'completed' : 'failed', created: T, started: T + w, finished: T + w + RUNS[i]!, errors: i % 3 ? null : failure(i === 0 ? 'rate_limit' : 'no_account_available') })),
      { id: 'dup', status: 'completed', created: T, started: T, finished: T },
      { id: 'nostart', status: 'failed', created: T, finished: T + 1, errors: '[' },
      { id: 'open', status: 'processing', created: T, started: T + 5 },
    ]
    for (const s of specs) {
      await insertJob(old.store.sql, s)
      await insertJob(fresh.sql, s)
    }
    for (const [i, status] of ['pending', 'delivered', 'delivered', 'dropped'].entries()) {
      const row = [`d${i}`, status, T, T, T]
      const insert = `INSERT INTO webhook_deliveries (id, api_key_id, url, type, body, status, next_attempt_at, created_at, updated_at) VALUES (?, 'k', 'https://h.test/', 'test', '{}', ?, ?, ?, ?)`
      await old.store.sql.run(insert, row)
      await fresh.sql.run(insert, row)
    }
    await old.rest()
    const sorted = (f: Awaited<ReturnType<typeof readJobFigures>>) => ({ ...f, finished: [...f.finished].sort((a, b) => `${a.status}${a.code}`.localeCompare(`${b.status}${b.code}`)) })
    const backfilled = sorted(await readJobFigures(old.store.sql))
    expect(backfilled).toEqual(sorted(await readJobFigures(fresh.sql)))
    expect(backfilled.totals).toEqual({ completed: 7, failed: 5 })
    expect(backfilled.wait.count).toBe(11)
    expect(await readWebhookDeliveries(old.store.sql)).toEqual({ pending: 1, delivered: 2, dropped: 1 })
    expect(await readWebhookDeliveries(fresh.sql)).toEqual({ pending: 1, delivered: 2, dropped: 1 })
  })
})
