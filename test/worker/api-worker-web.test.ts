/**
 * The whole product on Workers: the web Worker renders the gallery and a skin page from the API Worker
 * over the service binding, in one `wrangler dev -c wrangler.toml -c <wrangler.api.toml> --env stack`
 * session (test/worker/api-worker-stack.ts), the real API Worker on local D1, R2, Queues and Durable
 * Objects behind the web Worker's `API` binding. A skin is generated through the web Worker's `/api/*`
 * proxy, then the pages render it; a job is long-polled through it (`wait`, docs/api.md). No
 * API_ORIGIN anywhere. The session runs the account Worker too (the whole Workers stack), and the
 * OpenAPI contract suite runs against the web Worker's `/api` as it does against Bun and the API
 * Worker alone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { expectContractHolds } from '../contract/expect-contract'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { startApiWorkerStack, type ApiWorkerStack } from './api-worker-stack'
import { startMojangStandIn, type MojangStandIn } from '../support/mojang-stand-in'
import { parseExposition, sampleValue } from '../support/prometheus-text'

const METRICS_TOKEN = 'worker-metrics-token-0123456789'
let mojang: MojangStandIn
let stack: ApiWorkerStack
let skin: { uuid: string; shortId: string }

beforeAll(async () => {
  mojang = await startMojangStandIn({ accounts: 0, keyBits: 1024 })
  stack = await startApiWorkerStack({
    web: true,
    accounts: true,
    vars: { MOJANG_API_BASE: mojang.apiBase, MOJANG_SESSION_BASE: mojang.sessionBase, MOJANG_SERVICES_BASE: mojang.servicesBase, MOJANG_TEXTURES_BASE: mojang.texturesBase, METRICS_TOKEN },
    webVars: { LOG_FORMAT: 'json' },
  })
}, 180_000)
afterAll(async () => {
  await stack?.stop()
  await mojang?.stop()
})

const UA = { 'user-agent': 'ApiWorkerWebTest/1.0' }
const get = (path: string) => fetch(stack.origin + path, { redirect: 'manual', headers: UA })

describe('web Worker + the real API Worker over the API service binding', () => {
  test('a skin generated through /api/* on the web Worker completes on the API Worker', async () => {
    const form = new FormData()
    form.set('file', new File([makeSkinPng(9301)], 'stack.png', { type: 'image/png' }))
    form.set('name', 'Stack Skin')
    const res = await fetch(`${stack.apiOrigin}/v2/generate?timeout=20`, { method: 'POST', body: form, headers: { ...UA, authorization: `Bearer ${stack.userKey}` } })
    const body = (await res.json()) as { skin: { uuid: string; shortId: string; name: string; texture: { url: { skin: string }; hash: { skin: string }; data: { value: string } } } }
    expect(res.status).toBe(200)
    expect(body.skin.name).toBe('Stack Skin')
    skin = body.skin
    // No PUBLIC_URL: the signed texture URL names the host the client used, forwarded over the binding.
    const signed = JSON.parse(Buffer.from(body.skin.texture.data.value, 'base64').toString()) as { textures: { SKIN: { url: string } } }
    expect(signed.textures.SKIN.url).toBe(`${stack.origin}/textures/${body.skin.texture.hash.skin}`)
    expect(body.skin.texture.url.skin).toBe(signed.textures.SKIN.url)
  }, 60_000)

  test('the gallery lists the API Worker\'s skin', async () => {
    const response = await get('/skins')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Stack Skin')
  })

  test('a skin page renders from the API Worker, in another language too', async () => {
    for (const path of [`/skins/${skin.uuid}`, `/de/skins/${skin.uuid}`]) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toContain('Stack Skin')
    }
  })

  test('the texture comes from R2 through the web Worker', async () => {
    const data = (await (await fetch(`${stack.apiOrigin}/v2/skins/${skin.uuid}`, { headers: UA })).json()) as { skin: { texture: { hash: { skin: string } } } }
    const texture = await get(`/textures/${data.skin.texture.hash.skin}`)
    expect(texture.status).toBe(200)
    expect(texture.headers.get('content-type')).toBe('image/png')
  })

  test('an id the API Worker does not know is the 404 page', async () => {
    expect((await get(`/skins/${'3'.repeat(32)}`)).status).toBe(404)
  })

  test('a long-poll through the web Worker: one read answers once the job, run at once by its submit, finished', async () => {
    const form = new FormData()
    form.set('file', new File([makeSkinPng(9302)], 'long-poll.png', { type: 'image/png' }))
    const queued = await fetch(`${stack.apiOrigin}/v2/queue`, { method: 'POST', body: form, headers: { ...UA, authorization: `Bearer ${stack.userKey}` } })
    expect(queued.status).toBe(202)
    const { job } = (await queued.json()) as { job: { id: string } }
    // The job runs in the submit's invocation (its waitUntil), not this one; the read re-checks D1 until it finished.
    const held = await fetch(`${stack.apiOrigin}/v2/queue/${job.id}?wait=10000`, { headers: UA })
    const body = (await held.json()) as { job: { status: string; result?: string }; skin?: { uuid: string }; messages: { code: string }[] }
    expect(held.status).toBe(200)
    expect(body.job.status).toBe('completed')
    expect(body.skin?.uuid).toBe(body.job.result!)
    expect(body.messages[0]?.code).toBe('job_completed')
  }, 60_000)

  test('a job nobody processes: the long-poll answers when its wait ran out, with the job still pending, not cut by the proxy', async () => {
    // A waiting row without a queue message: nothing will ever finish it.
    const id = 'ab'.repeat(12)
    await stack.d1(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at) VALUES ('${id}', 'waiting', 'upload', '{}', 'abcd1234', ${Date.now()})`)
    // 9 s: longer than the web Worker proxy's 8 s attempt timeout, which a long-poll's wait extends.
    const held = await fetch(`${stack.apiOrigin}/v2/queue/${id}?wait=9000`, { headers: UA })
    expect(held.status).toBe(200)
    const body = (await held.json()) as { job: { status: string }; messages: { code: string }[] }
    expect(body.job.status).toBe('waiting')
    expect(body.messages[0]?.code).toBe('job_pending')
    expect((await fetch(`${stack.apiOrigin}/v2/queue/${id}?wait=soon`, { headers: UA })).status).toBe(400)
  }, 60_000)

  test('no API origin was needed: the web Worker never reported a missing API', () => {
    expect(stack.output()).not.toContain('This Worker has no API configured')
  })
})

describe('the OpenAPI contract against the Workers stack', () => {
  test('every operation answers through the web Worker\'s /api as the document says, with a success and an error case each', async () => {
    const player = await mojang.addPlayer('Stack_Player', makeSkinPng(6))
    await expectContractHolds({ origin: stack.apiOrigin, userKey: stack.userKey, plainKey: stack.plainKey, player: { name: player.name, uuid: player.id } })
  }, 180_000)
})

describe('operators on Workers (docs/cloudflare.md "Metrics and logs")', () => {
  test('/healthz on the web Worker; /readyz and /metrics from the API Worker\'s D1 over the binding, /metrics behind its token', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ ok: true })
    const ready = await get('/readyz')
    expect(ready.status).toBe(200)
    const checks = (await ready.json()) as { ready: boolean; checks: Record<string, { ok: boolean }> }
    expect(checks).toMatchObject({ ready: true, checks: { database: { ok: true }, blobs: { ok: true }, signer: { ok: true } } })
    expect((await get('/metrics')).status).toBe(401)
    const scraped = await fetch(`${stack.origin}/metrics`, { headers: { ...UA, authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(scraped.status).toBe(200)
    const e = parseExposition(await scraped.text())
    // The skin generated above finished on the API Worker: the database-kept counter has it.
    expect(sampleValue(e, 'ssg_jobs_finished_total', { status: 'completed', code: '' })).toBeGreaterThanOrEqual(1)
    expect(sampleValue(e, 'ssg_job_run_seconds_count')).toBeGreaterThanOrEqual(1)
    expect(sampleValue(e, 'ssg_queue_jobs', { status: 'waiting' })).toBeGreaterThanOrEqual(0)
  }, 60_000)

  test('LOG_FORMAT=json: the web Worker writes one JSON line per request with its route pattern and request id', async () => {
    const res = await get(`/skins/${skin.uuid}`)
    const id = res.headers.get('x-request-id')!
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    await stack.waitForOutput(id)
    const line = stack.output().split('\n').find((l) => l.includes(id) && l.includes('"event":"request"'))!
    const entry = JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>
    expect(entry).toMatchObject({ event: 'request', request_id: id, method: 'GET', route: '/skins/:skin', status: 200 })
    expect(line).not.toContain(skin.uuid)
  }, 30_000)
})

