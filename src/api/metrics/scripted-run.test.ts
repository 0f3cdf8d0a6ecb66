/**
 * `/metrics` after a scripted run through the embedded API, parsed as a scraper would (the strict
 * reader over the published Prometheus text parser), each figure checked against what happened:
 * jobs that complete (one found at once) and one that fails with a known code, their wait and run
 * times (the clock is injected, the signer moves it by chosen amounts), a 429 from the per-minute
 * limit, webhook attempts that fail and are retried, an open job event stream, storage and the
 * database files; then, with SIGNER=mojang against the Microsoft/Mojang stand-in, a signing account
 * that rests after Mojang refused a skin change.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../../../test/support/microsoft-stand-in'
import { parseExposition, sampleValue, samplesOf, type Exposition } from '../../../test/support/prometheus-text'
import { createMetricsRegistry } from '../../shared/metrics/registry'
import { ApiError } from '../errors'
import { makeSkinPng } from '../image/fixtures'
import type { PoolActor } from '../signing/pool/pool-views'
import type { Signer } from '../signing/signer/types'
import { loadTokenBox } from '../signing/pool/token-key-file'
import { openStore } from '../store/db'
import { readSse } from '../testing/sse-reader'
import { startTestApi, testSigner, uploadForm, type TestApi } from '../testing/api-harness'
import { createApiKey } from '../users/identity'
import { setKeyWebhook } from '../webhooks/key-webhook'
import { startReceiver } from '../webhooks/test-receiver'
import { JOB_DURATION_BUCKETS } from './job-figures'

/** The cumulative buckets, sum and count a histogram must show for `ms` durations. */
function histogramOf(e: Exposition, name: string) {
  return {
    buckets: [...JOB_DURATION_BUCKETS.map((le) => sampleValue(e, `${name}_bucket`, { le: String(le) })), sampleValue(e, `${name}_bucket`, { le: '+Inf' })],
    sum: sampleValue(e, `${name}_sum`),
    count: sampleValue(e, `${name}_count`),
  }
}
const expectedHistogram = (ms: number[]) => ({
  buckets: [...JOB_DURATION_BUCKETS.map((le) => ms.filter((d) => d / 1000 <= le).length), ms.length],
  sum: ms.reduce((a, b) => a + b, 0) / 1000,
  count: ms.length,
})

describe('a scripted run with the local signer', () => {
  const receiver = startReceiver({ failures: 1 })
  const registry = createMetricsRegistry()
  let t: TestApi
  /** What the signer does, job by job: how long it takes (it moves the clock) and the code it fails with. */
  const steps: { ms: number; fail?: string }[] = [{ ms: 300 }, { ms: 700, fail: 'skin_change_failed' }, { ms: 40 }, { ms: 120 }]
  const timers: (() => void)[] = []

  beforeAll(async () => {
    const base = await testSigner()
    const signer: Signer = {
      kind: 'local',
      publicKeyPem: () => base.publicKeyPem(),
      async sign(req) {
        const step = steps.shift()!
        t.clock.now += step.ms
        if (step.fail) throw new ApiError(step.fail, 'The skin change was refused', 502, 'UPSTREAM')
        return base.sign(req)
      },
    }
    t = await startTestApi({
      noStart: true,
      env: { FETCH_ALLOW_PRIVATE_HOSTS: receiver.hostPort, LIMIT_ANONYMOUS_PER_MINUTE: '2', QUEUE_CONCURRENCY: '1', STORAGE_BUDGET_MB: '64' },
      deps: { metrics: registry, signer, random: () => 0.5, every: (_ms, tick) => (timers.push(tick), () => {}) },
    })
  })
  afterAll(async () => {
    await t.close()
    receiver.stop()
  })

  /** An API key of a user, its webhook set to the receiver. */
  async function keyWithWebhook() {
    const store = openStore(t.dir)
    try {
      const { id, key } = await createApiKey(store.db, { name: 'hooks', userId: 'u-metrics', now: t.clock.now })
      const box = await loadTokenBox(t.dir, t.config.pool.tokenKey)
      const set = await setKeyWebhook(store.sql, { allowPrivateHosts: [receiver.hostPort] }, { userId: 'u-metrics', keyId: id, url: receiver.url('/metrics-run'), now: t.clock.now, box })
      expect(set.ok).toBe(true)
      return { authorization: `Bearer ${key}` }
    } finally {
      store.close()
    }
  }

  test('every job, refusal, attempt and stream shows in /metrics as it happened', async () => {
    const key = await keyWithWebhook()
    const queued: string[] = []
    for (const seed of [7101, 7102, 7103]) {
      const r = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed)), headers: key })
      expect(r.status).toBe(202)
      queued.push(r.body.job.id)
    }
    // The three wait 2 s for a worker; then they run one after the other, 0.3 s, 0.7 s (refused) and 0.04 s.
    t.clock.now += 2000
    await t.api.start()
    await t.api.idle()
    const jobs = await Promise.all(queued.map(async (id) => (await t.json(`/v2/queue/${id}`, { headers: key })).body))
    expect(jobs.map((j) => j.job.status).sort()).toEqual(['completed', 'completed', 'failed'])
    expect(jobs.find((j) => j.job.status === 'failed').errors[0].code).toBe('skin_change_failed')

    // Anonymous: a signed skin again (found at once: no wait, no run), a new one (0.12 s), then the third request of the minute: 429.
    // (The three were queued in the same millisecond, so which one the refusal hit follows their random ids.)
    const signedSeed = [7101, 7102, 7103][jobs.findIndex((j) => j.job.status === 'completed')]!
    const again = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(signedSeed)) })
    expect(again.status).toBe(200)
    expect(again.body.job.status).toBe('completed')
    const fresh = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(7104)) })
    expect(fresh.status).toBe(202)
    await t.api.idle()
    const refused = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(7105)) })
    expect(refused.status).toBe(429)
    expect(refused.body.errors[0].code).toBe('rate_limit')

    // The key's three job events: one attempt failed (the receiver's first answer is 500), retried 30 s later.
    await t.api.webhooks.runDue()
    t.clock.now += 60_000
    await t.api.webhooks.runDue()
    expect(receiver.received.filter((r) => r.path === '/metrics-run')).toHaveLength(4)

    const stream = readSse(await t.call('/v2/queue/events', { headers: key }))
    expect((await stream.next()).event).toBe('ready')

    const e = parseExposition(await registry.render())
    expect(samplesOf(e, 'ssg_jobs_finished_total').sort((a, b) => a.labels.status!.localeCompare(b.labels.status!))).toEqual([
      { labels: { status: 'completed', code: '' }, value: 4 },
      { labels: { status: 'failed', code: 'skin_change_failed' }, value: 1 },
    ])
    // Claimed at +2 s, +2.3 s and +3 s; the duplicate and the anonymous job never waited.
    expect(histogramOf(e, 'ssg_job_wait_seconds')).toEqual(expectedHistogram([2000, 2300, 3000, 0, 0]))
    expect(histogramOf(e, 'ssg_job_run_seconds')).toEqual(expectedHistogram([300, 700, 40, 0, 120]))
    // The same figures as the job rows themselves.
    const rows = await t.api.services.ctx.store.sql.all<{ w: number; r: number }>(`SELECT started_at - created_at AS w, finished_at - started_at AS r FROM jobs WHERE status IN ('completed', 'failed')`)
    expect(histogramOf(e, 'ssg_job_wait_seconds')).toEqual(expectedHistogram(rows.map((x) => x.w)))
    expect(histogramOf(e, 'ssg_job_run_seconds')).toEqual(expectedHistogram(rows.map((x) => x.r)))

    expect(samplesOf(e, 'ssg_rate_limit_refusals_total')).toEqual([{ labels: { tier: 'anonymous', code: 'rate_limit' }, value: 1 }])
    expect(sampleValue(e, 'ssg_queue_jobs', { status: 'waiting' })).toBe(0)
    expect(sampleValue(e, 'ssg_queue_jobs', { status: 'processing' })).toBe(0)
    expect(sampleValue(e, 'ssg_webhook_deliveries', { status: 'delivered' })).toBe(3)
    expect(sampleValue(e, 'ssg_webhook_deliveries', { status: 'pending' })).toBe(0)
    expect(sampleValue(e, 'ssg_webhook_deliveries', { status: 'dropped' })).toBe(0)
    expect(sampleValue(e, 'ssg_webhook_attempts_total', { outcome: 'delivered' })).toBe(3)
    expect(sampleValue(e, 'ssg_webhook_attempts_total', { outcome: 'failed' })).toBe(1)
    expect(sampleValue(e, 'ssg_event_streams_open')).toBe(1)
    // Every texture stored (the refused job's too: it was stored when queued), as the blob table holds them.
    const stored = await t.api.services.ctx.store.sql.get<{ bytes: number }>('SELECT sum(length(bytes)) AS bytes FROM blobs')
    expect(stored!.bytes).toBeGreaterThan(0)
    expect(sampleValue(e, 'ssg_storage_used_bytes')).toBe(stored!.bytes)
    expect(sampleValue(e, 'ssg_storage_budget_bytes')).toBe(64 * 1024 * 1024)
    expect(sampleValue(e, 'ssg_sqlite_file_bytes', { file: 'db' })).toBe(statSync(join(t.dir, 'skins.db')).size)
    expect(sampleValue(e, 'ssg_sqlite_file_bytes', { file: 'wal' })).toBe(statSync(join(t.dir, 'skins.db-wal')).size)
    // Without SIGNER=mojang there is no pool to report.
    expect(e.families.has('ssg_pool_accounts')).toBe(false)
    expect(e.families.get('ssg_job_wait_seconds')?.type).toBe('HISTOGRAM')
    expect(e.families.get('ssg_jobs_finished_total')?.type).toBe('COUNTER')
    await stream.cancel()
  })
})

describe('a scripted run with the Mojang pool', () => {
  const registry = createMetricsRegistry()
  let ms: MicrosoftStandIn
  let t: TestApi
  const owner: PoolActor = { userId: 'd'.repeat(32), admin: false }

  beforeAll(async () => {
    // A strict host: a second skin change of one account within a minute is refused with 429.
    ms = await startMicrosoftStandIn({ now: () => t?.clock.now ?? Date.UTC(2026, 10, 22, 12), accounts: 0, minChangeIntervalMs: 60_000 })
    t = await startTestApi({
      env: { ...ms.env, SIGNER: 'mojang', POOL_NEW_ACCOUNT_DELAY_S: '0', POOL_MAX_WAIT_S: '0', POOL_REFRESH_EVERY_S: '0' },
      deps: { signer: undefined, metrics: registry },
    })
  }, 30_000)
  afterAll(async () => {
    await t.close()
    await ms.stop()
  })

  async function generate(seed: number) {
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed)) })
    expect(sub.status).toBe(202)
    await t.api.idle()
    return (await t.json(`/v2/queue/${sub.body.job.id}`)).body
  }

  test('a job without an account, a signed one, and a refused skin change that rests the account', async () => {
    expect((await generate(7201)).errors[0].code).toBe('no_account_available')
    const empty = await t.api.readiness()
    expect(empty.ready).toBe(false)
    expect(empty.checks.signer.reason).toStartWith('no signing account can sign: the pool has no accounts')
    const { email } = await ms.addMicrosoftUser({ name: 'Resting' })
    const started = await t.api.signingPool.manager.startSignIn(owner)
    ms.approve(started.userCode, email)
    t.clock.now += started.intervalS * 1000
    const account = (await t.api.signingPool.manager.checkSignIn(owner, started.id))!.account!
    expect((await generate(7202)).job.status).toBe('completed')
    // Past the pool's own 16 s spacing but within the host's minute: Mojang answers 429, the account rests.
    t.clock.now += 20_000
    const refused = await generate(7203)
    expect(refused.job.status).toBe('failed')
    expect(ms.changes.at(-1)!.status).toBe(429)
    expect((await t.api.signingPool.manager.get(owner, account.id))!.status).toBe('cooling_down')

    const e = parseExposition(await registry.render())
    expect(samplesOf(e, 'ssg_pool_accounts').filter((s) => s.value > 0)).toEqual([{ labels: { state: 'cooling_down' }, value: 1 }])
    expect(samplesOf(e, 'ssg_pool_accounts').map((s) => s.labels.state).sort()).toEqual(['cooling_down', 'disabled', 'needs_sign_in', 'out_of_rotation', 'paused', 'ready'])
    expect(samplesOf(e, 'ssg_pool_account_errors_total')).toEqual([{ labels: { code: 'rate_limited' }, value: 1 }])
    expect(sampleValue(e, 'ssg_jobs_finished_total', { status: 'completed', code: '' })).toBe(1)
    expect(sampleValue(e, 'ssg_jobs_finished_total', { status: 'failed', code: 'no_account_available' })).toBe(1)
    expect(sampleValue(e, 'ssg_jobs_finished_total', { status: 'failed', code: refused.errors[0].code })).toBe(1)
    expect(samplesOf(e, 'ssg_jobs_finished_total')).toHaveLength(3)

    // Resting, it signs again once the rest ends: usable. Paused by its owner, no account can sign.
    expect((await t.api.readiness()).ready).toBe(true)
    expect(await t.api.signingPool.manager.pause(owner, account.id)).toBe(true)
    const paused = await t.api.readiness()
    expect(paused.ready).toBe(false)
    expect(paused.checks.signer).toEqual({ ok: false, reason: 'no signing account can sign: 1 paused by its owner' })
    expect(sampleValue(parseExposition(await registry.render()), 'ssg_pool_accounts', { state: 'paused' })).toBe(1)
  })
})
