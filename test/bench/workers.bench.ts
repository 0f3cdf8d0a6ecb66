/**
 * Generation latency and throughput on the Workers stack, reported by `bun run bench` beside the Bun
 * figures. Runs the web Worker and the API
 * Worker (D1, R2, Queues, Durable Objects) in one offline `wrangler dev --env stack` session (the API
 * Worker alone when its config has no `[env.stack]`), on fresh local state with the D1 migrations applied
 * by `wrangler d1 migrations apply --local`, and measures as a client on 127.0.0.1. The rows that have a
 * Bun counterpart are named as generate.bench.ts and ssr.bench.ts name theirs, with `Workers: ` before
 * (the shared clients are in ./site-jobs.ts), and `bun run bench` prints each pair side by side:
 * 1. Generation latency: BENCH_WORKERS_JOBS (20) uploads one after another, each a multipart
 *    `POST /api/v2/queue` as an anonymous visitor, read as the site does (the submit's short wait, then a
 *    long-poll), then BENCH_WORKERS_JOBS more polled on the SPEC §9 schedule alone
 *    (src/shared/skin/job-polling.ts), like generate.bench.ts does on Bun; beside them the server's own
 *    time for the first 20 (job row created → finished, read from the local D1 file).
 * 2. Concurrency: BENCH_CONCURRENT_JOBS (100) distinct skins from BENCH_CONCURRENCY (8) visitors at
 *    once, each sending its next upload when the last one completed, read as the site does:
 *    submit → completed p50/p95 (budget ≤ 150 ms p50, the same as on Bun) beside the server's own time,
 *    jobs/s, and jobs lost or run twice (budget 0: every job completed, claimed once, one skin per
 *    texture, from the job rows).
 * 3. Throughput: a burst of BENCH_WORKERS_BURST (40) uploads from 4 anonymous clients at once, each
 *    client watching its jobs with `GET /api/v2/queue` every 100 ms; jobs/s from the first submit to
 *    the last completion (client side, and from the job rows).
 * 4. Pages through the service binding: `/skins` and one skin page rendered by the web Worker from the
 *    API Worker, p50 of BENCH_WORKERS_RENDERS (30) each, then each under wrk with ssr.bench.ts's shape
 *    (BENCH_WRK_THREADS 2, BENCH_WRK_CONNECTIONS 32, BENCH_WRK_SECONDS 10): requests/s.
 * 5. WebCrypto RSASSA-PKCS1-v1_5/SHA-1 with a 4096-bit key in Bun, the Worker CPU per signature proxy
 *    (workerd's BoringSSL may differ).
 * These are local workerd figures (miniflare's local D1, R2, Queues and Durable Objects on this machine,
 * no network between the parts), not Cloudflare's network; the only budgets are the concurrency row's,
 * shared with Bun (docs/cloudflare.md "A job starts at once"). The limits are raised like the Bun bench
 * raises them. Without src/api/worker.ts or
 * wrangler.api.toml the stack rows say 'skipped: …' and the bench passes. A watchdog ends the run after
 * BENCH_WORKERS_TIMEOUT seconds (300), so it fits its ~3 minutes of the 15-minute `bun run bench`.
 * wrangler runs without its local trace collector (`X_LOCAL_OBSERVABILITY=false`, ../worker/wrangler-dev.ts
 * says why), as under the tests.
 * Run: `bun test/bench/workers.bench.ts` (or `bun run bench workers`); BENCH_WORKERS_API_CONFIG=<path> benches
 * another API Worker config instead of wrangler.api.toml (BENCH_WORKERS_JOBS, _BURST, _RENDERS, _TIMEOUT size it);
 * BENCH_WORKERS_PROFILE=<dir> writes a CPU profile of the session's first Worker during the concurrency run
 * and prints its heaviest functions per job (./cpu-profile.ts).
 * @module
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { generateSigningKey, importSigningKey, signValue } from '../../src/api/signing/signer/rsa'
import { SIGNING_KEY_SECRET } from '../../src/api/signing/signer/secret-signer'
import { paintedSkinPng } from '../support/skin-files'
import { ROOT, startWranglerDev, wranglerCommand, type WranglerDev } from '../worker/wrangler-dev'
import { median, percentile, record, type Figure } from './report'
import { clientJob, concurrentFigures, concurrentJobs, readJobRows, ssrRateFigure, visitorCookie, type ClientJob, type JobRecord } from './site-jobs'
import { benchApiConfig, d1Databases, hasEnv, jobsPerSecond, missingStackFiles, shares, type WranglerConfig } from './workers-stack'
import { ensureWrk, runWrk, type WrkShape } from './wrk'
import { busiestThreadSeconds, threadTicks, treeCpuSeconds } from './process-cpu'
import { inclusiveTimes, profileWorkers, selfTimes, type CpuProfile } from './cpu-profile'

const JOBS = Number(process.env.BENCH_WORKERS_JOBS ?? 20)
const BURST = Number(process.env.BENCH_WORKERS_BURST ?? 40)
const CLIENTS = 4
const RENDERS = Number(process.env.BENCH_WORKERS_RENDERS ?? 30)
const TIMEOUT_S = Number(process.env.BENCH_WORKERS_TIMEOUT ?? 300)
const CONCURRENT_JOBS = Number(process.env.BENCH_CONCURRENT_JOBS ?? 100)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)
/** ssr.bench.ts's load shape, so the requests/s rows compare like with like. */
const WRK_SHAPE: WrkShape = {
  threads: Number(process.env.BENCH_WRK_THREADS ?? 2),
  connections: Number(process.env.BENCH_WRK_CONNECTIONS ?? 32),
  seconds: Number(process.env.BENCH_WRK_SECONDS ?? 10),
}
/** Where BENCH_WORKERS_PROFILE wants the concurrency run's CPU profiles (./cpu-profile.ts); unset: not profiled. */
const PROFILE_DIR = process.env.BENCH_WORKERS_PROFILE
const WHERE = 'local workerd via wrangler dev: miniflare D1/R2/Queues/DO on this machine, not Cloudflare\'s network'
/** Limits raised as generate.bench.ts and api.bench.ts raise them on Bun, so the bench measures the stack, not the limiter. */
const LIMITS: Record<string, string> = {
  LIMIT_ANONYMOUS_PER_MINUTE: '100000',
  LIMIT_ANONYMOUS_PER_HOUR: '1000000',
  LIMIT_ANONYMOUS_PENDING: '100000',
  LIMIT_APIKEY_PER_MINUTE: '100000',
  LIMIT_APIKEY_PER_HOUR: '1000000',
  LIMIT_APIKEY_CONCURRENCY: '100000',
  DEMO_SKINS: '0',
}

const figures: Omit<Figure, 'bench'>[] = []

// 4. The signature proxy first: it needs no stack, and the key it makes is the API Worker's secret.
const { privateKeyPem } = await generateSigningKey(4096)
figures.push(await signatureFigure(privateKeyPem))

/** BENCH_WORKERS_API_CONFIG benches another API Worker config (a stand-in, a branch's copy) instead of wrangler.api.toml. */
const API_TOML = process.env.BENCH_WORKERS_API_CONFIG ? resolve(process.env.BENCH_WORKERS_API_CONFIG) : join(ROOT, 'wrangler.api.toml')
const missing = process.env.BENCH_WORKERS_API_CONFIG ? (existsSync(API_TOML) ? [] : [API_TOML]) : missingStackFiles(ROOT)
if (missing.length) {
  figures.push({ figure: 'Workers stack: generation, throughput, /skins', value: null, unit: 'ms', note: `skipped: ${missing.join(' and ')} ${missing.length > 1 ? 'do' : 'does'} not exist yet` })
  record('workers', figures)
  process.exit(0)
}

let dev: WranglerDev | undefined
const state = mkdtempSync(join(tmpdir(), 'ssg-bench-workers-'))
const watchdog = setTimeout(async () => {
  console.error(`workers bench: over ${TIMEOUT_S} s, stopping wrangler\n${dev?.output().slice(-2000) ?? ''}`)
  await dev?.stop()
  rmSync(state, { recursive: true, force: true })
  process.exit(1)
}, TIMEOUT_S * 1000)

try {
  const apiToml = Bun.TOML.parse(readFileSync(API_TOML, 'utf8')) as WranglerConfig
  const webToml = Bun.TOML.parse(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8')) as WranglerConfig
  const both = hasEnv(apiToml, 'stack') && hasEnv(webToml, 'stack')
  const env = both ? 'stack' : undefined
  const apiConfig = join(state, 'wrangler.api.bench.json')
  writeFileSync(apiConfig, JSON.stringify(benchApiConfig(apiToml, dirname(API_TOML), env, { ...LIMITS, ...secrets() }), null, 2))
  const persist = join(state, 'persist')
  const envArgs = env ? ['--env', env] : []
  for (const db of d1Databases(apiToml, env)) await wrangler(['d1', 'migrations', 'apply', db.database_name ?? db.binding, '--local', '--persist-to', persist, '-c', apiConfig, ...envArgs])

  const t0 = performance.now()
  dev = await startWranglerDev([...(both ? ['-c', 'wrangler.toml'] : []), '-c', apiConfig, ...envArgs, '--persist-to', persist])
  const started = (performance.now() - t0) / 1000
  const api = both ? `${dev.origin}/api` : dev.origin
  const session = both ? 'web + API Worker, service binding' : 'API Worker alone (no [env.stack] in wrangler.api.toml)'
  console.log(`workers: ${session} up in ${started.toFixed(1)} s at ${dev.origin}`)

  // Warm-up (not counted): the first job compiles the paths, creates the Durable Objects and imports the key.
  const warmCookie = await visitorCookie(api)
  for (let i = 0; i < 2; i++) await clientJob(api, warmCookie, 70_000 + i, true)

  // 1. Latency, one job after another: as the site reads them, then on the schedule alone.
  const cookie = await visitorCookie(api)
  const site: ClientJob[] = []
  for (let i = 0; i < JOBS; i++) site.push(await clientJob(api, cookie, 71_000 + i, true))
  const latency: ClientJob[] = []
  for (let i = 0; i < JOBS; i++) latency.push(await clientJob(api, cookie, 72_000 + i, false))

  // 2. Concurrency: distinct skins from several visitors at once, with the CPU the session spent on them.
  const profiling = PROFILE_DIR ? await profileWorkers(dev.inspectorPort) : undefined
  const cpu0 = treeCpuSeconds(dev.pid)
  const threads0 = threadTicks(dev.pid)
  const wall0 = performance.now()
  const concurrent = await concurrentJobs(api, CONCURRENT_JOBS, CONCURRENCY, 90_000)
  const cpuSeconds = treeCpuSeconds(dev.pid) - cpu0
  const threadSeconds = busiestThreadSeconds(threads0, threadTicks(dev.pid))
  const wallSeconds = (performance.now() - wall0) / 1000
  if (profiling) reportProfiles(await profiling.stop(), PROFILE_DIR!, CONCURRENT_JOBS)

  // 3. Throughput: a burst from 4 clients at once.
  const burst = await burstJobs(api, BURST, CLIENTS)

  // 4. Pages through the service binding: one at a time, then under wrk.
  const pageRows: Omit<Figure, 'bench'>[] = []
  if (both) {
    const skin = latency.at(-1)?.skin
    pageRows.push(await pageFigure(dev.origin, '/skins', 'Workers: /skins through the API service binding, p50'))
    if (skin) pageRows.push(await pageFigure(dev.origin, `/skins/${skin}`, 'Workers: a skin page through the API service binding, p50'))
    const wrk = ensureWrk()
    for (const [page, path] of [['/skins', '/skins'], ['skin page', skin ? `/skins/${skin}` : null]] as const) {
      if (!path) continue
      const r = await runWrk(wrk, dev.origin + path, WRK_SHAPE)
      pageRows.push({ figure: ssrRateFigure('Workers: ', page, WRK_SHAPE), value: r.rps, unit: 'per-s', note: `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; ${r.non2xx} non-2xx, ${r.socketErrors} socket errors; the catalogue of this run's jobs; ${WHERE}`, failed: r.non2xx > 0 || r.socketErrors > 0 })
    }
  }

  await dev.stop()
  dev = undefined
  const rows = jobRecords(persist, [...site, ...latency, ...concurrent.done].map((j) => j.id).concat(burst.ids))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const serverLatency = site.flatMap((j) => {
    const r = byId.get(j.id)
    return r?.finishedAt ? [r.finishedAt - r.createdAt] : []
  })
  const burstRows = burst.ids.flatMap((id) => {
    const r = byId.get(id)
    return r?.finishedAt ? [{ created: r.createdAt, finished: r.finishedAt }] : []
  })
  const serverRate = burstRows.length ? jobsPerSecond(Math.min(...burstRows.map((r) => r.created)), burstRows.map((r) => r.finished)) : NaN
  const consumer = queueSettings(apiToml, env)
  const siteMs = site.map((j) => j.ms)
  const ms = latency.map((j) => j.ms)
  figures.push(
    { figure: `Workers: generate, API client submit → completed p50 (${JOBS} jobs, as the site: submit wait, long-poll, schedule)`, value: median(siteMs), unit: 'ms', note: `p95 ${percentile(siteMs, 0.95).toFixed(0)} ms; polls p50 ${median(site.map((j) => j.polls))}; ${WHERE}` },
    { figure: `Workers: generate, API client submit → completed p50 (${JOBS} jobs, no wait, SPEC §9 schedule, as a MineSkin client)`, value: median(ms), unit: 'ms', note: `p95 ${percentile(ms, 0.95).toFixed(0)} ms; polls p50 ${median(latency.map((j) => j.polls))}; ${WHERE}` },
    { figure: 'Workers: generate, server job created → completed p50', value: serverLatency.length ? median(serverLatency) : null, unit: 'ms', note: serverLatency.length ? `p95 ${percentile(serverLatency, 0.95).toFixed(0)} ms; ${serverLatency.length}/${JOBS} jobs (local D1 job rows); ${consumer}` : 'job rows not readable from the local D1 file' },
    ...concurrentFigures('Workers: ', concurrent, concurrent.done.flatMap((j) => byId.get(j.id) ?? []), `${consumer}; ${WHERE}`),
    {
      figure: `Workers: generate, ${CONCURRENT_JOBS} distinct skins at concurrency ${CONCURRENCY}: wrangler dev CPU per job`,
      value: cpuSeconds > 0 ? (cpuSeconds * 1000) / CONCURRENT_JOBS : null,
      unit: 'ms',
      note: cpuSeconds > 0
        ? `${(cpuSeconds / wallSeconds).toFixed(2)} cores busy over the run: the whole tree (wrangler, its proxy and the runtime, whose one thread serves every Worker, D1, R2, Queues and Durable Object of the session: next row)`
        : '/proc not readable',
    },
    {
      figure: `Workers: generate, ${CONCURRENT_JOBS} distinct skins at concurrency ${CONCURRENCY}: busiest thread CPU per job`,
      value: threadSeconds > 0 ? (threadSeconds * 1000) / CONCURRENT_JOBS : null,
      unit: 'ms',
      note: threadSeconds > 0
        ? `${((threadSeconds / wallSeconds) * 100).toFixed(0)} % busy over the run: the runtime's thread (both Workers, D1, R2, Queues, Durable Objects), which bounds the session; about ${Math.round(150 / CONCURRENCY)} ms a job keeps ${CONCURRENCY} visitors within 150 ms`
        : '/proc not readable',
    },
    { figure: `Workers: generate throughput, burst of ${BURST} from ${CLIENTS} clients`, value: burst.rate, unit: 'per-s', note: `client-observed, ${burst.completed}/${BURST} completed, ${burst.failed} failed; job rows: ${Number.isFinite(serverRate) ? `${serverRate.toFixed(1)}/s` : 'n/a'}; ${WHERE}` },
    ...pageRows,
    { figure: 'Workers: wrangler dev session start', value: started, unit: 's', note: session },
  )
} catch (error) {
  console.error(`workers bench failed: ${String(error)}\n${dev?.output().slice(-3000) ?? ''}`)
  process.exitCode = 1
} finally {
  clearTimeout(watchdog)
  await dev?.stop()
  rmSync(state, { recursive: true, force: true })
}
record('workers', figures)

/** Writes each Worker's profile to `dir` and prints its heaviest functions, per job. */
function reportProfiles(profiles: { name: string; profile: CpuProfile }[], dir: string, jobs: number): void {
  mkdirSync(dir, { recursive: true })
  for (const { name, profile } of profiles) {
    const file = join(dir, `${name.replace(/[^\w.-]+/g, '_')}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    const busy = selfTimes(profile).filter((t) => t.fn !== '(idle) :0')
    const total = busy.reduce((sum, t) => sum + t.ms, 0)
    console.log(`\n${name}: ${(total / jobs).toFixed(1)} ms busy per job (${file})`)
    console.log('  self:      ' + busy.slice(0, 25).map((t) => `${(t.ms / jobs).toFixed(2)} ${t.fn}`).join('\n             '))
    console.log('  inclusive: ' + inclusiveTimes(profile).filter((t) => !t.fn.startsWith('(')).slice(0, 40).map((t) => `${(t.ms / jobs).toFixed(2)} ${t.fn}`).join('\n             '))
  }
}

/** The API Worker's secrets for this run (src/api/cloudflare/worker-env.ts): the RSA-4096 key and two random 32-byte hex keys. */
function secrets(): Record<string, string> {
  const hex = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')
  return { [SIGNING_KEY_SECRET]: privateKeyPem, ALTCHA_HMAC_KEY: hex(), API_SESSION_SECRET: hex() }
}

/** Runs wrangler (not dev) under Node, offline; throws with its output when it fails or takes over 90 s. */
async function wrangler(args: string[]): Promise<void> {
  const { cmd, env } = wranglerCommand(args)
  const child = Bun.spawn(cmd, { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe', timeout: 90_000 })
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  if (code !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(' ')} exited ${code}\n${(out + err).slice(-2000)}`)
}

interface JobAnswer {
  job?: { id: string; status: string; result?: string }
  skin?: { uuid: string }
  jobs?: { id: string; status: string; result?: string }[]
}

/** Submits one upload as the visitor with `cookie`; returns the job id, or the skin when it was answered at once. */
async function submit(api: string, cookie: string, seed: number): Promise<{ id: string; skin?: string }> {
  const form = new FormData()
  form.append('file', new File([paintedSkinPng(seed)], `bench-${seed}.png`, { type: 'image/png' }))
  form.append('visibility', 'public')
  form.append('variant', 'classic')
  const res = await fetch(`${api}/v2/queue`, { method: 'POST', body: form, headers: { cookie } })
  const answer = (await res.json()) as JobAnswer
  if (!answer.job?.id || res.status >= 300) throw new Error(`queue answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`)
  return { id: answer.job.id, ...(answer.skin ? { skin: answer.skin.uuid } : {}) }
}

/** `n` uploads from `clients` visitors at once; each visitor lists its jobs every 100 ms until all are finished. */
async function burstJobs(api: string, n: number, clients: number) {
  const cookies = await Promise.all(Array.from({ length: clients }, () => visitorCookie(api)))
  const first = performance.now()
  const done: number[] = []
  let failed = 0
  const ids: string[] = []
  await Promise.all(
    shares(n, clients).map(async (count, c) => {
      const cookie = cookies[c]!
      const mine = await Promise.all(Array.from({ length: count }, (_, i) => submit(api, cookie, 80_000 + c * 1000 + i)))
      ids.push(...mine.map((j) => j.id))
      const open = new Set(mine.filter((j) => !j.skin).map((j) => j.id))
      for (const j of mine) if (j.skin) done.push(performance.now())
      const deadline = performance.now() + 60_000
      while (open.size && performance.now() < deadline) {
        await Bun.sleep(100)
        const list = (await (await fetch(`${api}/v2/queue`, { headers: { cookie } })).json()) as JobAnswer
        for (const job of list.jobs ?? []) {
          if (!open.has(job.id) || (job.status !== 'completed' && job.status !== 'failed')) continue
          open.delete(job.id)
          if (job.status === 'failed') failed++
          else done.push(performance.now())
        }
      }
    }),
  )
  return { ids, completed: done.length, failed, rate: jobsPerSecond(first, done) }
}

/** p50 of `RENDERS` GETs of `path` from the web Worker (after 3 discarded ones); any non-200 fails it. */
async function pageFigure(origin: string, path: string, figure: string): Promise<Omit<Figure, 'bench'>> {
  const times: number[] = []
  let bad = 0
  for (let i = 0; i < RENDERS + 3; i++) {
    const t = performance.now()
    const res = await fetch(origin + path, { headers: { 'accept-language': 'en' } })
    await res.arrayBuffer()
    if (res.status !== 200) bad++
    if (i >= 3) times.push(performance.now() - t)
  }
  return { figure, value: median(times), unit: 'ms', note: `p95 ${percentile(times, 0.95).toFixed(0)} ms; ${RENDERS} renders${bad ? `; ${bad} of ${RENDERS + 3} requests non-200` : ''}; ${WHERE}`, failed: bad > 0 }
}

/** The server's records of the given jobs, from the local D1 database file wrangler persisted (the one with a jobs table; empty when none). */
function jobRecords(persist: string, ids: string[]): JobRecord[] {
  const dir = join(persist, 'v3/d1/miniflare-D1DatabaseObject')
  if (!existsSync(dir)) return []
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')) {
    try {
      return readJobRows(join(dir, file), ids)
    } catch {
      // Not the API's database (no jobs table): the next file.
    }
  }
  return []
}

/** The queue consumer's batch settings, for the latency row's note. */
function queueSettings(config: WranglerConfig, env?: string): string {
  const section = (env ? config.env?.[env] : undefined) ?? config
  const queues = (section.queues ?? config.queues) as { consumers?: { max_batch_size?: number; max_batch_timeout?: number }[] } | undefined
  const c = queues?.consumers?.[0]
  return c ? `consumer max_batch_size ${c.max_batch_size ?? 10}, max_batch_timeout ${c.max_batch_timeout ?? 5} s` : 'no queue consumer in the config'
}

/** Bun's WebCrypto RSASSA-PKCS1-v1_5/SHA-1 sign with the 4096-bit key (signValue, as the local signer calls it): p50 of 200 after 20 warm-ups. */
async function signatureFigure(pem: string): Promise<Omit<Figure, 'bench'>> {
  const key = await importSigningKey(pem)
  // A textures property value: ~300 bytes of base64 JSON.
  const value = btoa(JSON.stringify({ timestamp: Date.now(), profileId: '0'.repeat(32), profileName: 'bench', textures: { SKIN: { url: `http://textures.example/${'a'.repeat(64)}` } } }))
  const times: number[] = []
  for (let i = 0; i < 220; i++) {
    const t = performance.now()
    await signValue(key, value)
    if (i >= 20) times.push(performance.now() - t)
  }
  return { figure: 'Workers CPU per signature proxy: RSA-4096 SHA-1 sign in Bun WebCrypto, p50', value: median(times), unit: 'ms', note: `p95 ${percentile(times, 0.95).toFixed(2)} ms; workerd's WebCrypto may differ` }
}
