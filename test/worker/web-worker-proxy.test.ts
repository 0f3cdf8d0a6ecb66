/**
 * The web Worker's API proxy on workerd (SPEC §8 "Generic retry of idempotent requests on 408, 409,
 * 425, 429, 500, 502, 503, 504"): under `wrangler dev`, in front of a flaky Bun stand-in upstream on
 * 127.0.0.1, a GET that meets 503, 503, 200 reaches the browser as one 200; a POST is sent once and its
 * 503 passes through; a 429 with `Retry-After: 1` is waited for, then retried.
 * Also the trap docs/cloudflare.md "Running it locally" warns of: `API_ORIGIN` in the shell environment
 * is not read by `wrangler dev`, and the 503 page then says exactly what to set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startWranglerDev, type WranglerDev } from './wrangler-dev'

/** Requests the upstream saw, per `METHOD path`, with the time each arrived. */
const seen = new Map<string, number[]>()
let upstream: ReturnType<typeof Bun.serve>

beforeAll(() => {
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname
      const key = `${request.method} ${path}`
      const times = seen.get(key) ?? []
      times.push(performance.now())
      seen.set(key, times)
      const n = times.length
      const unavailable = () => Response.json({ success: false, errors: [{ code: 'unavailable', message: 'flaky' }] }, { status: 503 })
      if (path.startsWith('/v2/flaky')) return n <= 2 ? unavailable() : Response.json({ success: true, attempt: n })
      if (path === '/v2/limited') {
        return n === 1 ? Response.json({ success: false, errors: [{ code: 'rate_limit', message: 'wait' }] }, { status: 429, headers: { 'Retry-After': '1' } }) : Response.json({ success: true, attempt: n })
      }
      return Response.json({ success: false, errors: [{ code: 'not_found', message: path }] }, { status: 404 })
    },
  })
})
afterAll(() => upstream?.stop(true))

describe('the web Worker in front of a flaky upstream (API_ORIGIN via --var)', () => {
  let worker: WranglerDev
  beforeAll(async () => {
    // As docs/cloudflare.md says to run it: `bun run worker:dev --port 8788 --var API_ORIGIN:…`.
    worker = await startWranglerDev(['--var', `API_ORIGIN:http://127.0.0.1:${upstream.port}`], {}, { viaScript: true })
  }, 150_000)
  afterAll(() => worker?.stop())

  test('GET meeting 503, 503, 200 is one 200 for the browser', async () => {
    const response = await fetch(`${worker.origin}/api/v2/flaky-get`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, attempt: 3 })
    expect(seen.get('GET /v2/flaky-get')).toHaveLength(3)
  })

  test('POST is not retried: the upstream sees one POST, the browser gets the 503', async () => {
    const response = await fetch(`${worker.origin}/api/v2/flaky-post`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"x":1}' })
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ errors: [{ code: 'unavailable' }] })
    expect(seen.get('POST /v2/flaky-post')).toHaveLength(1)
  })

  test('429 with Retry-After: 1 is waited for, then retried once', async () => {
    const response = await fetch(`${worker.origin}/api/v2/limited`)
    expect(response.status).toBe(200)
    const [first, second] = seen.get('GET /v2/limited')!
    expect(seen.get('GET /v2/limited')).toHaveLength(2)
    // One second asked; the back-off alone would have been 200 ms.
    expect(second! - first!).toBeGreaterThanOrEqual(950)
  })
})

describe('API_ORIGIN only in the shell environment (the trap)', () => {
  let worker: WranglerDev
  beforeAll(async () => {
    // docs/cloudflare.md: "`API_ORIGIN=… bun run worker:dev` starts a Worker with no API".
    worker = await startWranglerDev([], { API_ORIGIN: `http://127.0.0.1:${upstream.port}` }, { viaScript: true })
  }, 150_000)
  afterAll(() => worker?.stop())

  test('data pages answer 503 saying what to set, with the exact command', async () => {
    const before = seen.size
    const page = await fetch(`${worker.origin}/skins`)
    expect(page.status).toBe(503)
    const html = await page.text()
    expect(html).toContain('wrangler dev --var API_ORIGIN:https://your-api.example/api')
    expect(html).toContain('.dev.vars')
    expect(html).toContain('wrangler deploy --env stack')
    const api = await fetch(`${worker.origin}/api/v2/skins`)
    expect(api.status).toBe(503)
    expect(await api.json()).toMatchObject({ success: false, errors: [{ code: 'api_not_configured' }] })
    // The environment variable really was ignored: nothing reached the upstream.
    expect(seen.size).toBe(before)
    // The Worker's log line reaches wrangler's output after the answers: wait for it, with a deadline.
    await worker.waitForOutput('This Worker has no API configured')
  })
})
