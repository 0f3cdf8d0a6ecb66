/**
 * The Mojang signing pool under load (issue 20 "How it is checked"): BENCH_POOL_JOBS (100) uploads
 * queued at once through the embedded API with SIGNER=mojang over BENCH_POOL_ACCOUNTS (3) signing
 * accounts of the local Mojang stand-in, on the real clock. The minimum delay between two skin
 * changes of one account is BENCH_POOL_DELAY_S (1 s instead of MineSkin's 15, so the run takes
 * about half a minute; the rules are the same). Reported:
 * - every job completed with a signature the stand-in's key verifies;
 * - the shortest gap between two skin changes of one account, which must be ≥ the delay;
 * - jobs per minute beside the pool's theoretical capacity (accounts × 60 ÷ delay), ≥ 0.9 of it.
 * Run: `bun test/bench/pool.bench.ts` (or `bun run bench pool`).
 * @module
 */
import { verify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEmbeddedApi } from '../../src/api'
import { apiConfigFromEnv } from '../../src/api/config'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { putPoolAccount } from '../../src/api/signing/pool/pool-account-store'
import { loadTokenBox } from '../../src/api/signing/pool/token-key-file'
import { openStore } from '../../src/api/store/db'
import { uploadForm } from '../../src/api/testing/api-harness'
import { startMojangStandIn } from '../support/mojang-stand-in'
import { record } from './report'

const JOBS = Number(process.env.BENCH_POOL_JOBS ?? 100)
const ACCOUNTS = Number(process.env.BENCH_POOL_ACCOUNTS ?? 3)
const DELAY_S = Number(process.env.BENCH_POOL_DELAY_S ?? 1)

const mojang = await startMojangStandIn({ accounts: ACCOUNTS })
const dir = mkdtempSync(join(tmpdir(), 'ssg-pool-bench-'))
const env = {
  DATA_DIR: dir,
  DEMO_SKINS: '0',
  SIGNER: 'mojang',
  MOJANG_API_BASE: mojang.apiBase,
  MOJANG_SESSION_BASE: mojang.sessionBase,
  MOJANG_SERVICES_BASE: mojang.servicesBase,
  MOJANG_TEXTURES_BASE: mojang.texturesBase,
  POOL_MIN_DELAY_S: String(DELAY_S),
  POOL_NEW_ACCOUNT_DELAY_S: '0',
  LIMIT_ANONYMOUS_PER_MINUTE: '100000',
  LIMIT_ANONYMOUS_PER_HOUR: '100000',
  LIMIT_ANONYMOUS_PENDING: '100000',
  LIMIT_ANONYMOUS_STORAGE_PER_DAY: '1000000',
}

// The accounts: the stand-in's players with their tokens, sealed like any pool account.
const store = openStore(dir)
const box = await loadTokenBox(dir)
for (const a of mojang.accounts) await putPoolAccount(store.sql, box, { id: a.id, name: a.name, type: 'microsoft', tokenSource: 'login_microsoft', accessToken: a.accessToken, createdAt: 0 }, Date.now())
store.close()

/** Start time of each skin change, per account token (the signer's uploads, seen on the wire). */
const changes = new Map<string, number[]>()
const recordingFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (init?.method === 'POST' && url.endsWith('/minecraft/profile/skins')) {
    const token = String(new Headers(init.headers).get('authorization')).replace('Bearer ', '')
    // Date.now, the clock the pool's rule uses (performance.now differs from it by sub-millisecond rounding).
    changes.set(token, [...(changes.get(token) ?? []), Date.now()])
  }
  return fetch(input, init)
}) as typeof fetch

const api = await createEmbeddedApi(apiConfigFromEnv(env), { fetch: recordingFetch, queuePollMs: 0 })
await api.start()
const call = (path: string, init?: RequestInit) => api.fetch(new Request(`http://api.local${path}`, init))

const started = performance.now()
const ids: string[] = []
for (let i = 0; i < JOBS; i++) {
  const res = await call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(90_000 + i)), headers: { 'x-forwarded-for': '10.9.0.1' } })
  const body = (await res.json()) as { job?: { id: string } }
  if (!body.job) throw new Error(`queueing failed: ${res.status} ${JSON.stringify(body)}`)
  ids.push(body.job.id)
}
await api.idle()
const seconds = (performance.now() - started) / 1000

let completed = 0
let verified = 0
for (const id of ids) {
  const body = (await (await call(`/v2/queue/${id}`)).json()) as { job: { status: string }; skin?: { texture: { data: { value: string; signature: string } } } }
  if (body.job.status !== 'completed' || !body.skin) {
    console.log(`  job ${id} ${body.job.status}: ${JSON.stringify((body as { errors?: unknown }).errors)}`)
    continue
  }
  completed++
  const { value, signature } = body.skin.texture.data
  if (verify('sha1', Buffer.from(value), mojang.publicKeyPem, Buffer.from(signature, 'base64'))) verified++
}
let shortestGapMs = Infinity
for (const times of changes.values()) for (let i = 1; i < times.length; i++) shortestGapMs = Math.min(shortestGapMs, times[i]! - times[i - 1]!)
const perMinute = (completed / seconds) * 60
const capacity = (ACCOUNTS * 60) / DELAY_S
// The first skin change of each account comes at once, so a run of N jobs needs ⌈N ÷ accounts⌉ − 1 delays.
const ideal = (JOBS / ((Math.ceil(JOBS / ACCOUNTS) - 1) * DELAY_S)) * 60

await api.stop()
await mojang.stop()
rmSync(dir, { recursive: true, force: true })

record('pool', [
  { figure: `pool: ${JOBS} jobs over ${ACCOUNTS} accounts completed and verified`, value: verified, unit: 'count', budget: { min: JOBS }, note: `${completed} completed in ${seconds.toFixed(1)} s` },
  // Seen on the wire with Date.now's 1 ms steps: the signer stamps the delay a few microseconds before the
  // request leaves, which can fall on either side of a millisecond, hence the 1 ms allowance.
  { figure: `pool: shortest gap between two skin changes of one account (delay ${DELAY_S} s)`, value: shortestGapMs, unit: 'ms', budget: { min: DELAY_S * 1000 - 1 } },
  {
    figure: 'pool: throughput ÷ theoretical capacity (accounts × 60 ÷ delay per minute)',
    value: perMinute / capacity,
    unit: 'factor',
    budget: { min: 0.9 },
    note: `${perMinute.toFixed(1)} jobs/min vs ${capacity} jobs/min capacity (${ideal.toFixed(1)} for a run of exactly ${JOBS})`,
  },
])
