/**
 * Load and crash at full size (the bounded form is test/e2e/load-crash.test.ts),
 * against the real Bun process with the default local signer (RSA-4096):
 * 1. load: `--jobs` submissions (default 500) from `--clients` API keys, uploads and URLs to a
 *    local image host, every 10th the same texture as an earlier one, while 4 readers page the
 *    lists; reports submit and drain times, jobs/s and reads.
 * 2. crash: the same again on a fresh DATA_DIR (one queue worker, so a backlog builds), `kill -9`
 *    once a quarter of the jobs completed, restart on the same files, wait for the rest.
 * Both end with the checks of test/support/load-crash.ts (none lost or duplicated, through the API
 * and in SQLite, `PRAGMA integrity_check` ok); any problem makes the exit code 1.
 * Run: `bun test/bench/load-crash.bench.ts [--jobs 500] [--clients 8]` (or `bun run bench load-crash`;
 * env BENCH_LOAD_JOBS sets the default of --jobs).
 * @module
 */
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  checkRun,
  createClients,
  jobStatesInDb,
  planSubmissions,
  startReaders,
  startServerOn,
  startSkinHost,
  submitAll,
  UNLIMITED_KEYS,
  waitAllFinished,
  type RunReport,
} from '../support/load-crash'
import { record, type Figure } from './report'

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { jobs: { type: 'string', default: process.env.BENCH_LOAD_JOBS ?? '500' }, clients: { type: 'string', default: '8' } } })
const JOBS = Number(values.jobs)
const CLIENTS = Number(values.clients)
const skinHost = startSkinHost()
const env = { ...UNLIMITED_KEYS, FETCH_ALLOW_PRIVATE_HOSTS: skinHost.host }
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(2)
const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-bench-load-'))
  dirs.push(dir)
  return dir
}
const show = (label: string, r: RunReport) =>
  console.log(`${label}: ${r.jobs} jobs, ${r.textures} textures, ${r.problems.length ? `PROBLEMS:\n  ${r.problems.join('\n  ')}` : 'none lost or duplicated, integrity ok'}`)

async function loadRun(): Promise<RunReport> {
  const dir = freshDir()
  const server = await startServerOn(dir, env)
  try {
    const keys = await createClients(dir, CLIENTS)
    const readers = startReaders(server.origin, 4)
    const t0 = performance.now()
    const accepted = await submitAll(server.origin, planSubmissions(JOBS, CLIENTS, { firstSeed: 100_000, dupEvery: 10 }), keys, skinHost.origin, 8)
    const submitted = seconds(t0)
    const finished = await waitAllFinished(server.origin, accepted.map((a) => a.jobId), 120_000)
    const drained = (performance.now() - t0) / 1000
    const reads = await readers.stop()
    // The queue's own rate from the job rows (the polling above also loads the server).
    const db = new Database(join(dir, 'skins.db'), { readonly: true })
    const span = db.query<{ first: number; last: number }, []>('SELECT min(created_at) AS first, max(finished_at) AS last FROM jobs').get()!
    db.close()
    const queueRate = (accepted.length / Math.max(1, span.last - span.first)) * 1000
    figures.push({ figure: `load: queue rate under ${CLIENTS} clients + 4 readers`, value: queueRate, unit: 'per-s', note: `${reads.ok} reads ok, ${reads.failed} failed` })
    console.log(
      `load: ${accepted.length} accepted in ${submitted} s, all seen finished after ${drained.toFixed(2)} s; first job created → last finished ${((span.last - span.first) / 1000).toFixed(2)} s (${queueRate.toFixed(0)} jobs/s); reads ${reads.ok} ok, ${reads.failed} failed`,
    )
    const report = await checkRun(server.origin, dir, accepted, finished)
    if (reads.failed) report.problems.push(`${reads.failed} list reads failed`)
    return report
  } finally {
    await server.stop()
  }
}

async function crashRun(): Promise<RunReport> {
  const dir = freshDir()
  // One worker, so a backlog builds while the clients submit and the kill lands mid-run.
  const first = await startServerOn(dir, { ...env, QUEUE_CONCURRENCY: '1' })
  const keys = await createClients(dir, CLIENTS)
  const readers = startReaders(first.origin, 2)
  const accepted = await submitAll(first.origin, planSubmissions(JOBS, CLIENTS, { firstSeed: 200_000, dupEvery: 10 }), keys, skinHost.origin, 8)
  // Polling is fine here: the bench watches another process's database to pick the moment.
  for (let s = jobStatesInDb(dir); (s.completed ?? 0) < JOBS / 4; s = jobStatesInDb(dir)) await Bun.sleep(10)
  await first.kill9()
  await readers.stop()
  const atCrash = jobStatesInDb(dir)
  console.log(`crash: kill -9 with ${JSON.stringify(atCrash)}`)
  const second = await startServerOn(dir, env)
  try {
    const t0 = performance.now()
    const finished = await waitAllFinished(second.origin, accepted.map((a) => a.jobId), 120_000)
    console.log(`crash: restarted, the remaining jobs finished after ${seconds(t0)} s`)
    const report = await checkRun(second.origin, dir, accepted, finished)
    if ((atCrash.completed ?? 0) >= JOBS) report.problems.push('every job had finished before the kill: the crash was not mid-run')
    return report
  } finally {
    await second.stop()
  }
}

console.log(`load-crash bench (Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores): ${JOBS} jobs from ${CLIENTS} API-key clients`)
let failed = false
const figures: Omit<Figure, 'bench'>[] = []
try {
  for (const [label, run] of [['load', loadRun], ['crash', crashRun]] as const) {
    const report = await run()
    show(label, report)
    failed ||= report.problems.length > 0
    figures.push({ figure: `${label}: ${JOBS} jobs, problems (lost, duplicated, integrity)`, value: report.problems.length, unit: 'count', budget: { max: 0 } })
  }
  record('load-crash', figures)
} finally {
  skinHost.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
