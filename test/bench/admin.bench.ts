/**
 * The operator console at scale (the dashboard and the report queue
 * answer under budget at 1 M skins / 100 k reports). A fresh database gets BENCH_ADMIN_SKINS
 * (1 000 000) skins with their texture data and tags, one finished job per skin over a year plus
 * BENCH_ADMIN_JOBS_DAY (100 000, 5 % failed) in the last 24 h and a waiting queue, and
 * BENCH_ADMIN_REPORTS (100 000) reports on a skewed set of skins (85 % open), all with bulk
 * `INSERT … SELECT` over recursive CTEs in one transaction each. Then, BENCH_ADMIN_RUNS (100) times
 * each after a warm-up, timed in-process:
 * - the site-status service (src/api/moderation/site-status.ts);
 * - `GET /admin` and `GET /admin/reports?sort=most` through the account app as a signed-in admin
 *   (the whole server-rendered pages);
 * - `reportQueue` newest and most-reported first, page 1 (20) and a deep page (offset half the queue).
 * Budget: p95 ≤ 50 ms each (DESIGN.md §4 style: checked here, not in timed tests).
 * Run: `bun test/bench/admin.bench.ts` (or `bun run bench admin`).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAccountsApp } from '../../src/accounts/app'
import { createRefreshSession, REFRESH_COOKIE } from '../../src/accounts/services/tokens'
import { testAccountsDeps } from '../../src/accounts/testing/test-deps'
import { reportQueue, type QueueSort } from '../../src/api/moderation/report-queue'
import { siteStatus } from '../../src/api/moderation/site-status'
import { openStore, type BunStore } from '../../src/api/store/db'
import { percentile, record, type Figure } from './report'
import { latestSnapshot } from '../../src/api/store/backup'

const SKINS = Number(process.env.BENCH_ADMIN_SKINS ?? 1_000_000)
const REPORTS = Number(process.env.BENCH_ADMIN_REPORTS ?? 100_000)
const JOBS_DAY = Number(process.env.BENCH_ADMIN_JOBS_DAY ?? 100_000)
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 100)
const BUDGET_MS = 50
const NOW = Date.now()
const DAY = 86_400_000
/** Skins that draw reports: a skewed few get many (x³ of a uniform x), most one or two. */
const REPORTED_SKINS = Math.max(1, Math.floor(REPORTS / 2.5))
const USERS = 5000

/** One recursive CTE of `n` rows `i` = 1…n feeding an INSERT … SELECT. */
const series = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${Math.floor(n)})`

function seed(store: BunStore) {
  const db = store.sqlite
  const step = (365 * DAY) / SKINS
  const t0 = NOW - 365 * DAY
  const timed = (label: string, sql: string) => {
    const t = performance.now()
    db.transaction(() => db.run(sql))()
    console.log(`  ${label.padEnd(34)} ${((performance.now() - t) / 1000).toFixed(1)} s`)
  }
  timed(`${SKINS.toLocaleString('en')} texture data rows`, `${series(SKINS)}
    INSERT INTO skin_data (id, texture_hash, image_hash, variant, cape_hash, value, signature, texture_url, account, server, worker, queue_start, queue_end, features, colour_key, created_at)
    SELECT i, printf('%064x', i), printf('%064x', i), 'classic', '', 'bench', 'bench', 'http://bench.local/textures/' || i, 'bench', 'bench', 'bench',
           ${t0} + CAST(i * ${step} AS INTEGER), ${t0} + CAST(i * ${step} AS INTEGER), zeroblob(64), i % 64, ${t0} + CAST(i * ${step} AS INTEGER) FROM n`)
  timed(`${SKINS.toLocaleString('en')} skins`, `${series(SKINS)}
    INSERT INTO skins (id, uuid, short_id, data_id, name, visibility, variant, status, texture_hash, colour_key, features, views, created_at, updated_at)
    SELECT i, printf('%032x', i), printf('%08x', i), i, CASE WHEN i % 10 < 7 THEN 'Skin ' || i END,
           CASE i % 20 WHEN 0 THEN 'unlisted' WHEN 1 THEN 'private' ELSE 'public' END, 'classic', 'success', printf('%064x', i), i % 64, zeroblob(64),
           abs(random() % 5000), ${t0} + CAST(i * ${step} AS INTEGER), ${t0} + CAST(i * ${step} AS INTEGER) FROM n`)
  timed('tags on every third skin', `${series(SKINS / 3)}
    INSERT INTO skin_tags (skin_id, tag, up, down, visible, created_at)
    SELECT i * 3, CASE i % 5 WHEN 0 THEN 'knight' WHEN 1 THEN 'pirate' WHEN 2 THEN 'wizard' WHEN 3 THEN 'robot' ELSE 'hoodie' END, 2, 0, 1, ${NOW} FROM n`)
  timed(`${SKINS.toLocaleString('en')} jobs over a year`, `${series(SKINS)}
    INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, started_at, finished_at, result, attempts)
    SELECT printf('a%023x', i), 'completed', 'upload', '{}', 'bench', ${t0} + CAST(i * ${step} AS INTEGER) - 900, ${t0} + CAST(i * ${step} AS INTEGER) - 700,
           ${t0} + CAST(i * ${step} AS INTEGER) - ${DAY}, printf('%032x', i), 1 FROM n`)
  timed(`${JOBS_DAY.toLocaleString('en')} jobs in the last 24 h`, `${series(JOBS_DAY)}
    INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, started_at, finished_at, result, errors, attempts)
    SELECT printf('b%023x', i), CASE WHEN i % 20 = 0 THEN 'failed' ELSE 'completed' END, 'upload', '{}', 'bench',
           ${NOW - DAY} + CAST(i * ${DAY / JOBS_DAY} AS INTEGER) - 900, ${NOW - DAY} + CAST(i * ${DAY / JOBS_DAY} AS INTEGER) - 700, ${NOW - DAY} + CAST(i * ${DAY / JOBS_DAY} AS INTEGER),
           CASE WHEN i % 20 = 0 THEN NULL ELSE printf('%032x', i) END, CASE WHEN i % 20 = 0 THEN '[{"code":"signer_failed","message":"bench"}]' END, 1 FROM n`)
  timed('200 waiting and 4 processing jobs', `${series(204)}
    INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, started_at, attempts)
    SELECT printf('c%023x', i), CASE WHEN i <= 4 THEN 'processing' ELSE 'waiting' END, 'upload', '{}', 'bench', ${NOW} - i * 100, CASE WHEN i <= 4 THEN ${NOW} END, 0 FROM n`)
  timed(`${USERS.toLocaleString('en')} users`, `${series(USERS)}
    INSERT INTO users (id, email, created_at) SELECT printf('%032x', i), 'user' || i || '@bench.test', ${t0} FROM n`)
  // Reporters: every third a user (who may report many skins, once each), the rest anonymous clients.
  timed(`${REPORTS.toLocaleString('en')} reports`, `${series(REPORTS)}
    INSERT OR IGNORE INTO skin_reports (skin_id, reporter, reason, created_at, status, resolved_at)
    SELECT 1 + CAST(${REPORTED_SKINS} * x * x * x AS INTEGER) * ${Math.max(1, Math.floor(SKINS / REPORTED_SKINS))},
           CASE WHEN i % 3 = 0 THEN 'user:' || printf('%032x', 1 + i % ${USERS}) ELSE 'client:' || printf('%032x', i) END,
           CASE i % 3 WHEN 0 THEN 'skin' WHEN 1 THEN 'name' ELSE 'tags' END, ${NOW} - CAST(x * ${60 * DAY} AS INTEGER),
           CASE WHEN i % 20 < 17 THEN 'open' WHEN i % 2 = 0 THEN 'dismissed' ELSE 'actioned' END, CASE WHEN i % 20 < 17 THEN NULL ELSE ${NOW} END
    FROM (SELECT i, (abs(random()) % 1000000) / 1000000.0 AS x FROM n)`)
  db.run(
    `INSERT INTO stat_counters (key, value) VALUES ('generated:total:new', ?), ('generated:total:duplicate', ?), ('storage:bytes', ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    [SKINS, Math.floor(SKINS / 20), SKINS * 1800],
  )
  db.run('ANALYZE')
}

/** p50 and p95 of `RUNS` timed calls after a warm-up. */
async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.min(10, RUNS); i++) await fn()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await fn()
    times.push(performance.now() - t)
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) }
}

const dir = mkdtempSync(join(tmpdir(), 'ssg-admin-bench-'))
const store = openStore(dir)
console.log(`admin bench (Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores): seeding`)
const seeded = performance.now()
seed(store)
const seedS = (performance.now() - seeded) / 1000
const counts = store.sqlite
  .query<{ open: number; skins: number; total: number }, []>(
    `SELECT (SELECT count(*) FROM skin_reports) AS total, count(*) AS open, count(DISTINCT skin_id) AS skins FROM skin_reports WHERE status = 'open'`,
  )
  .get()!
console.log(`  seeded in ${seedS.toFixed(1)} s: ${counts.total.toLocaleString('en')} reports, ${counts.open.toLocaleString('en')} open on ${counts.skins.toLocaleString('en')} skins`)

// An admin signed in to the account site, as the console sees them.
const deps = testAccountsDeps(store, { appOrigin: 'http://bench.local', now: () => NOW, adminEmails: ['root@bench.test'], siteStatus: { signer: { kind: 'local' }, storageBudgetBytes: 5120 * 1024 * 1024, backupsDir: join(dir, 'backups'), lastBackup: () => latestSnapshot(join(dir, 'backups')) } })
store.sqlite.run("INSERT INTO users (id, email, created_at, email_verified_at) VALUES ('root', 'root@bench.test', 0, 0)")
const cookie = `${REFRESH_COOKIE}=${(await createRefreshSession(deps, 'root')).token}`
const app = createAccountsApp(deps)

const cases: [string, () => Promise<unknown>][] = [
  ['site-status service', () => siteStatus({ sql: store.sql, now: NOW, signer: { kind: 'local' }, storageBudgetBytes: 5120 * 1024 * 1024, lastBackup: async () => null })],
  [
    'GET /admin (whole page, signed-in admin)',
    async () => {
      const res = await app.fetch(new Request('http://bench.local/admin', { headers: { cookie } }))
      if (res.status !== 200) throw new Error(`/admin answered ${res.status}`)
      await res.text()
    },
  ],
  [
    'GET /admin/reports?sort=most (whole queue page, signed-in admin)',
    async () => {
      const res = await app.fetch(new Request('http://bench.local/admin/reports?sort=most', { headers: { cookie } }))
      if (res.status !== 200) throw new Error(`/admin/reports answered ${res.status}`)
      await res.text()
    },
  ],
]
for (const sort of ['newest', 'most'] as QueueSort[]) {
  cases.push([`reportQueue ${sort}, page 1`, () => reportQueue(store.sql, { sort, limit: 20, offset: 0 })])
  cases.push([`reportQueue ${sort}, offset ${Math.floor(counts.skins / 2).toLocaleString('en')}`, () => reportQueue(store.sql, { sort, limit: 20, offset: Math.floor(counts.skins / 2) })])
}

const figures: Omit<Figure, 'bench'>[] = []
const scale = `${SKINS.toLocaleString('en')} skins, ${counts.total.toLocaleString('en')} reports`
for (const [label, fn] of cases) {
  const { p50, p95 } = await time(fn)
  figures.push({ figure: `admin: ${label} p95 (${scale})`, value: p95, unit: 'ms', budget: { max: BUDGET_MS }, note: `p50 ${p50.toFixed(2)} ms, ${RUNS} runs` })
}
store.close()
rmSync(dir, { recursive: true, force: true })
record('admin', figures)
