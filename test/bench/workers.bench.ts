/**
 * Generation latency and throughput on the Workers stack, reported by `bun run bench` beside the Bun
 * figures. Runs the web Worker and the API
 * Worker (D1, R2, Queues, Durable Objects) in one offline `wrangler dev --env stack` session (the API
 * Worker alone when its config has no `[env.stack]`), on fresh local state with the D1 migrations applied
 * by `wrangler d1 migrations apply --local`, and measures as a client on 127.0.0.1:
 * 1. Generation latency: BENCH_WORKERS_JOBS (20) uploads one after another, each a multipart
 *    `POST /api/v2/queue` as an anonymous visitor, polled with `GET /api/v2/queue/{id}` on the site's
 *    schedule (src/shared/skin/job-polling.ts), like generate.bench.ts does on Bun; beside it the
 *    server's own time for the same jobs (job row created → finished, read from the local D1 file).
 * 2. Throughput: a burst of BENCH_WORKERS_BURST (40) uploads from 4 anonymous clients at once, each
 *    client watching its jobs with `GET /api/v2/queue` every 100 ms; jobs/s from the first submit to
 *    the last completion (client side, and from the job rows).
 * 3. A page through the service binding: `/skins` and one skin page rendered by the web Worker from the
 *    API Worker, p50 of BENCH_WORKERS_RENDERS (30) each.
 * 4. WebCrypto RSASSA-PKCS1-v1_5/SHA-1 with a 4096-bit key in Bun, the Worker CPU per signature proxy
 *    (workerd's BoringSSL may differ).
 * These are local workerd figures (miniflare's local D1, R2, Queues and Durable Objects on this machine,
 * no network between the parts), not Cloudflare's network; no budgets (DESIGN.md §4 names none for
 * Workers). The limits are raised like the Bun bench raises them. Without src/api/worker.ts or
 * wrangler.api.toml the stack rows say 'skipped: …' and the bench passes. A watchdog ends the run after
 * BENCH_WORKERS_TIMEOUT seconds (170), so it fits its ~3 minutes of the 15-minute `bun run bench`.
 * Run: `bun test/bench/workers.bench.ts` (or `bun run bench workers`); BENCH_WORKERS_API_CONFIG=<path> benches
 * another API Worker config instead of wrangler.api.toml (BENCH_WORKERS_JOBS, _BURST, _RENDERS, _TIMEOUT size it).
 * @module
 */
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { generateSigningKey, importSigningKey, signValue } from '../../src/api/signing/signer/rsa'
import { SIGNING_KEY_SECRET } from '../../src/api/signing/signer/secret-signer'
import { pollDelay } from '../../src/shared/skin/job-polling'
import { paintedSkinPng } from '../support/skin-files'
import { ROOT, startWranglerDev, wranglerCommand, type WranglerDev } from '../worker/wrangler-dev'
import { median, percentile, record, type Figure } from './report'
import { benchApiConfig, d1Databases, hasEnv, jobsPerSecond, missingStackFiles, shares, type WranglerConfig } from './workers-stack'

const JOBS = Number(process.env.BENCH_WORKERS_JOBS ?? 20)
const BURST = Number(process.env.BENCH_WORKERS_BURST ?? 40)
const CLIENTS = 4
const RENDERS = Number(process.env.BENCH_WORKERS_RENDERS ?? 30)
const TIMEOUT_S = Number(process.env.BENCH_WORKERS_TIMEOUT ?? 170)
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
  for (let i = 0; i < 2; i++) await clientJob(api, warmCookie, 70_000 + i)

  // 1. Latency, one job after another.
  const cookie = await visitorCookie(api)
  const latency: Awaited<ReturnType<typeof clientJob>>[] = []
  for (let i = 0; i < JOBS; i++) latency.push(await clientJob(api, cookie, 71_000 + i))

  // 2. Throughput: a burst from 4 clients at once.
  const burst = await burstJobs(api, BURST, CLIENTS)

  // 3. Pages through the service binding.
  const pageRows: Omit<Figure, 'bench'>[] = []
  if (both) {
    const skin = latency.at(-1)?.skin
    pageRows.push(await pageFigure(dev.origin, '/skins', 'Workers: /skins through the API service binding, p50'))
    if (skin) pageRows.push(await pageFigure(dev.origin, `/skins/${skin}`, 'Workers: a skin page through the API service binding, p50'))
  }

  await dev.stop()
  dev = undefined
  const server = jobTimes(persist, [...latency.map((j) => j.id), ...burst.ids])
  const serverLatency = latency.flatMap((j) => server.get(j.id) ?? []).map((t) => t.finished - t.created)
  const burstRows = burst.ids.flatMap((id) => server.get(id) ?? [])
  const serverRate = burstRows.length ? jobsPerSecond(Math.min(...burstRows.map((r) => r.created)), burstRows.map((r) => r.finished)) : NaN
  const consumer = queueSettings(apiToml, env)
  const ms = latency.map((j) => j.ms)
  figures.push(
    { figure: `Workers: generate, API client submit → completed p50 (${JOBS} jobs, site polling)`, value: median(ms), unit: 'ms', note: `p95 ${percentile(ms, 0.95).toFixed(0)} ms; polls p50 ${median(latency.map((j) => j.polls))}; ${consumer}; ${WHERE}` },
    { figure: 'Workers: generate, server job created → completed p50', value: serverLatency.length ? median(serverLatency) : null, unit: 'ms', note: serverLatency.length ? `p95 ${percentile(serverLatency, 0.95).toFixed(0)} ms; ${serverLatency.length}/${JOBS} jobs (local D1 job rows)` : 'job rows not readable from the local D1 file' },
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

/** A visitor's client cookie, as the site's first API call gets it. */
async function visitorCookie(api: string): Promise<string> {
  const res = await fetch(`${api}/v2/queue`)
  await res.arrayBuffer()
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
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

/** One upload, then polls on the site's schedule until it is completed (as generate.bench.ts does on Bun). */
async function clientJob(api: string, cookie: string, seed: number): Promise<{ id: string; ms: number; polls: number; skin?: string }> {
  const start = performance.now()
  const { id, skin } = await submit(api, cookie, seed)
  if (skin) return { id, ms: performance.now() - start, polls: 0, skin }
  for (let polls = 0; polls < 40; polls++) {
    await Bun.sleep(pollDelay(polls, Math.random))
    const poll = (await (await fetch(`${api}/v2/queue/${id}?t=${Math.floor(Date.now() / 1000)}`, { headers: { cookie } })).json()) as JobAnswer
    if (poll.job?.status === 'failed') throw new Error(`job ${id} failed: ${JSON.stringify(poll).slice(0, 300)}`)
    const result = poll.job?.result ?? poll.skin?.uuid
    if (poll.job?.status === 'completed' && result) return { id, ms: performance.now() - start, polls: polls + 1, skin: result }
  }
  throw new Error(`job ${id} not completed after 40 polls`)
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

/** created/finished of the given jobs, from the local D1 database file(s) wrangler persisted (empty when not found). */
function jobTimes(persist: string, ids: string[]): Map<string, { created: number; finished: number }> {
  const out = new Map<string, { created: number; finished: number }>()
  const dir = join(persist, 'v3/d1/miniflare-D1DatabaseObject')
  if (!existsSync(dir)) return out
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')) {
    let db: Database | undefined
    try {
      db = new Database(join(dir, file))
      const q = db.query<{ created_at: number; finished_at: number | null }, [string]>('SELECT created_at, finished_at FROM jobs WHERE id = ?')
      for (const id of ids) {
        const row = q.get(id)
        if (row?.finished_at) out.set(id, { created: row.created_at, finished: row.finished_at })
      }
    } catch {
      // Not the API's database (no jobs table): the next file.
    } finally {
      db?.close()
    }
  }
  return out
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
