/**
 * The Mojang signing pool against a strict host (reference account-pool.md §6; docs/signing.md
 * "Pacing"): BENCH_POOL_JOBS (100) uploads queued at once through the embedded API with SIGNER=mojang
 * over BENCH_POOL_ACCOUNTS (5) signing accounts of the local Mojang stand-in, on the real clock. The
 * stand-in refuses with 429 every skin change of an account that ARRIVES less than the delay after its
 * previous change arrived — the rule a host enforcing Mojang's interval exactly applies, measured where
 * the host sees it. Time is scaled: the delay is BENCH_POOL_DELAY_S (1 s instead of 15, the same value
 * for the stand-in's rule and the pool's POOL_MIN_DELAY_S, so the run takes under a minute), while the
 * margin is the app's real default (POOL_DELAY_MARGIN_MS, or BENCH_POOL_MARGIN_MS): the jitter it
 * covers does not shrink with the delay; the longest a job may wait for a free account
 * (POOL_MAX_WAIT_S) is scaled with the delay. `BENCH_POOL_DELAY_S=15` runs it at the real scale
 * (about 5.5 minutes). Reported:
 * - every job completed with a signature the stand-in's key verifies;
 * - the 429s the strict host answered (must be 0);
 * - the shortest gap between two arrivals of one account's changes (must be ≥ the delay);
 * - the steady throughput seen by the host — (changes − accounts) ÷ (last arrival − first arrival) —
 *   beside accounts × 60 ÷ (delay + margin) per minute: within 10 % of it.
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
const ACCOUNTS = Number(process.env.BENCH_POOL_ACCOUNTS ?? 5)
const DELAY_S = Number(process.env.BENCH_POOL_DELAY_S ?? 1)
/** The margin the app uses unless told otherwise. */
const MARGIN_MS = Number(process.env.BENCH_POOL_MARGIN_MS ?? apiConfigFromEnv({}).pool.rotation.delayMarginMs)
const PACE_MS = DELAY_S * 1000 + MARGIN_MS
/**
 * How long a job may wait for a free account, scaled like the rest of time: the app's default
 * POOL_MAX_WAIT_S is 3.75 times an account's pace (60 s to 15 s + 1 s), and so it is here, so a job
 * that waits past it in the scaled run would at the real scale too.
 */
const DEFAULT_ROTATION = apiConfigFromEnv({}).pool.rotation
const MAX_WAIT_S = Math.ceil((PACE_MS * DEFAULT_ROTATION.maxWaitMs) / (DEFAULT_ROTATION.minDelayMs + DEFAULT_ROTATION.delayMarginMs) / 1000)

const mojang = await startMojangStandIn({ accounts: ACCOUNTS, minChangeIntervalMs: DELAY_S * 1000 })
const dir = mkdtempSync(join(tmpdir(), 'ssg-pool-bench-'))
const env = {
  DATA_DIR: dir,
  DEMO_SKINS: '0',
  SIGNER: 'mojang',
  // The stand-in's hosts and its signing key (signatures are checked against it).
  ...mojang.env,
  POOL_MIN_DELAY_S: String(DELAY_S),
  POOL_MAX_WAIT_S: String(MAX_WAIT_S),
  POOL_DELAY_MARGIN_MS: String(MARGIN_MS),
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

const api = await createEmbeddedApi(apiConfigFromEnv(env), { queuePollMs: 0 })
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
const failures = new Map<string, number>()
for (const id of ids) {
  const body = (await (await call(`/v2/queue/${id}`)).json()) as { job: { status: string }; skin?: { texture: { data: { value: string; signature: string } } }; errors?: { code: string }[] }
  if (body.job.status !== 'completed' || !body.skin) {
    const code = body.errors?.[0]?.code ?? body.job.status
    failures.set(code, (failures.get(code) ?? 0) + 1)
    continue
  }
  completed++
  const { value, signature } = body.skin.texture.data
  if (verify('sha1', Buffer.from(value), mojang.publicKeyPem, Buffer.from(signature, 'base64'))) verified++
}

// What the host saw: arrival times of every change, per account.
const accepted = mojang.changes.filter((c) => c.status === 200)
const refused = mojang.changes.filter((c) => c.status === 429).length
let shortestGapMs = Infinity
for (const a of mojang.accounts) {
  const times = accepted.filter((c) => c.accountId === a.id).map((c) => c.at)
  for (let i = 1; i < times.length; i++) shortestGapMs = Math.min(shortestGapMs, times[i]! - times[i - 1]!)
}
const arrivals = accepted.map((c) => c.at)
const spanMs = Math.max(...arrivals) - Math.min(...arrivals)
const perMinute = ((accepted.length - ACCOUNTS) / spanMs) * 60_000
const capacity = (ACCOUNTS * 60_000) / PACE_MS

await api.stop()
await mojang.stop()
rmSync(dir, { recursive: true, force: true })

const failed = [...failures].map(([code, n]) => `${n} ${code}`).join(', ')
record('pool', [
  { figure: `pool: ${JOBS} jobs over ${ACCOUNTS} accounts completed and verified`, value: verified, unit: 'count', budget: { min: JOBS }, note: `${completed} completed in ${seconds.toFixed(1)} s${failed ? `; failed: ${failed}` : ''}` },
  { figure: `pool: 429s from a host that enforces the ${DELAY_S} s delay strictly`, value: refused, unit: 'count', budget: { max: 0 }, note: `${mojang.changes.length} skin changes` },
  { figure: `pool: shortest gap between two arrivals of one account's changes (delay ${DELAY_S} s + margin ${MARGIN_MS} ms)`, value: shortestGapMs, unit: 'ms', budget: { min: DELAY_S * 1000 } },
  {
    figure: 'pool: throughput at the host ÷ accounts × 60 ÷ (delay + margin) per minute',
    value: perMinute / capacity,
    unit: 'factor',
    budget: { min: 0.9, max: 1.1 },
    note: `${perMinute.toFixed(1)} vs ${capacity.toFixed(1)} changes/min; ${((completed / seconds) * 60).toFixed(1)} jobs/min end to end`,
  },
])
