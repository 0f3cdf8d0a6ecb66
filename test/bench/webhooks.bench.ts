/**
 * Webhook delivery latency (docs/webhooks.md) on the real clock: the embedded API with the local signer
 * queues BENCH_WEBHOOK_JOBS (30) uploads through an API key whose webhook points at a receiver on
 * 127.0.0.1, one after the other (the next is queued once the last delivery arrived). Reported: the time from a job's completion (its `finished_at`) to its
 * signed delivery reaching the receiver (p50, p95), and that every job's event arrived exactly once and
 * verified with the official `standardwebhooks` library.
 * Run: `bun test/bench/webhooks.bench.ts` (or `bun run bench webhooks`).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { createEmbeddedApi } from '../../src/api'
import { apiConfigFromEnv } from '../../src/api/config'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { openStore } from '../../src/api/store/db'
import { uploadForm } from '../../src/api/testing/api-harness'
import { createApiKey } from '../../src/api/users/identity'
import { setKeyWebhook } from '../../src/api/webhooks/key-webhook'
import { record } from './report'

const COUNT = Number(process.env.BENCH_WEBHOOK_JOBS ?? 30)

const arrivals = new Map<string, { at: number; count: number; verified: boolean }>()
let secret = ''
const receiver = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const at = Date.now()
    const body = await req.text()
    let jobId = '?'
    let verified = false
    try {
      const event = new Webhook(secret).verify(body, Object.fromEntries(req.headers)) as { data: { job: { id: string } } }
      jobId = event.data.job.id
      verified = true
    } catch {
      jobId = (JSON.parse(body) as { data?: { job?: { id?: string } } }).data?.job?.id ?? '?'
    }
    const seen = arrivals.get(jobId)
    arrivals.set(jobId, { at: seen?.at ?? at, count: (seen?.count ?? 0) + 1, verified: (seen?.verified ?? true) && verified })
    return new Response(null, { status: 204 })
  },
})
const hostPort = `127.0.0.1:${receiver.port}`
const dir = mkdtempSync(join(tmpdir(), 'ssg-webhooks-bench-'))
const config = apiConfigFromEnv({ DATA_DIR: dir, DEMO_SKINS: '0', FETCH_ALLOW_PRIVATE_HOSTS: hostPort, LIMIT_APIKEY_PER_MINUTE: '10000', LIMIT_APIKEY_PER_HOUR: '100000' })
const api = await createEmbeddedApi(config)
await api.start()

try {
  const store = openStore(dir)
  let key: string
  try {
    const created = await createApiKey(store.db, { name: 'bench', userId: 'bench-user' })
    key = created.key
    const set = await setKeyWebhook(store.sql, { allowPrivateHosts: [hostPort] }, { userId: 'bench-user', keyId: created.id, url: `http://${hostPort}/hook`, now: Date.now() })
    if (!set.ok || !set.secret) throw new Error('the webhook was not set')
    secret = set.secret
  } finally {
    store.close()
  }
  const jobs: string[] = []
  for (let i = 0; i < COUNT; i++) {
    const res = await api.fetch(new Request('http://bench.test/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(9100 + i)), headers: { authorization: `Bearer ${key}`, 'user-agent': 'WebhookBench/1.0' } }))
    const body = (await res.json()) as { job?: { id: string } }
    if (!body.job) throw new Error(`queue answered ${res.status}`)
    jobs.push(body.job.id)
    await api.idle()
    // One job at a time: the next one's signing must not sit on the thread while this delivery is measured.
    for (let waited = 0; waited < 5000 && !arrivals.has(body.job.id); waited += 1) await Bun.sleep(1)
  }
  const db = openStore(dir)
  const times: number[] = []
  try {
    for (const id of jobs) {
      const row = db.sqlite.query<{ finished_at: number }, [string]>('SELECT finished_at FROM jobs WHERE id = ?').get(id)
      const got = arrivals.get(id)
      if (row && got) times.push(got.at - row.finished_at)
    }
  } finally {
    db.close()
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))]! : null)
  const once = jobs.filter((id) => arrivals.get(id)?.count === 1 && arrivals.get(id)?.verified).length
  record('webhooks', [
    { figure: `webhooks: job completed → signed delivery at a receiver on loopback, p50 of ${COUNT}`, value: at(0.5), unit: 'ms', budget: { max: 50 }, note: `p95 ${at(0.95)} ms` },
    { figure: `webhooks: jobs whose event arrived exactly once and verified (standardwebhooks), of ${COUNT}`, value: once, unit: 'count', budget: { min: COUNT } },
  ])
} finally {
  await api.stop()
  receiver.stop(true)
  rmSync(dir, { recursive: true, force: true })
}
