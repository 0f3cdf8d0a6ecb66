import { afterAll, beforeAll, expect, test } from 'bun:test'
import { remoteBackend, retryAfterMs, type SendRequest } from './remote-backend'

let upstream: ReturnType<typeof Bun.serve>
const calls: string[] = []
let failures = 0

beforeAll(() => {
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      calls.push(`${request.method} ${url.pathname}${url.search}`)
      if (url.pathname === '/flaky' && failures-- > 0) return new Response('down', { status: 503 })
      if (url.pathname === '/echo') return new Response(await request.text(), { status: 201, headers: { 'x-upstream': 'yes' } })
      if (url.pathname === '/empty') return new Response(null, { status: 204 })
      if (url.pathname === '/v2/queue/events') return Response.json({ success: false, errors: [{ code: 'too_many_streams', message: 'full' }] }, { status: 429 })
      return Response.json({ ok: true })
    },
  })
})
afterAll(() => upstream.stop(true))

const backend = () => remoteBackend(`http://127.0.0.1:${upstream.port}`, { retryDelayMs: 1 })
const at = (path: string, init?: RequestInit) => new Request(`http://site.test${path}`, init)

test('forwards path and query to the origin and passes the answer through', async () => {
  calls.length = 0
  const response = await remoteBackend(`http://127.0.0.1:${upstream.port}`).fetch(at('/v2/skins?size=2'))
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ ok: true })
  expect(calls).toEqual(['GET /v2/skins?size=2'])
})

test('GET is retried on 503 until it succeeds', async () => {
  calls.length = 0
  failures = 2
  const response = await backend().fetch(at('/flaky'))
  expect(response.status).toBe(200)
  expect(calls.filter((c) => c === 'GET /flaky')).toHaveLength(3)
})

test('a refused event stream is passed on at once, not retried (another try would count against its limits)', async () => {
  calls.length = 0
  const response = await backend().fetch(at('/v2/queue/events'))
  expect(response.status).toBe(429)
  expect(calls).toEqual(['GET /v2/queue/events'])
})

test('POST is sent once and its body and status pass through', async () => {
  calls.length = 0
  failures = 1
  const flaky = await backend().fetch(at('/flaky', { method: 'POST', body: 'x' }))
  expect(flaky.status).toBe(503)
  expect(calls).toEqual(['POST /flaky'])
  const echo = await backend().fetch(at('/echo', { method: 'POST', body: 'hello' }))
  expect(echo.status).toBe(201)
  expect(echo.headers.get('x-upstream')).toBe('yes')
  expect(await echo.text()).toBe('hello')
})

test('204 passes through', async () => {
  expect((await backend().fetch(at('/empty'))).status).toBe(204)
})

test('an unreachable origin answers 502 with the v2 error envelope', async () => {
  const response = await remoteBackend('http://127.0.0.1:1', { retries: 0 }).fetch(at('/v2/skins'))
  expect(response.status).toBe(502)
  expect(await response.json()).toMatchObject({ success: false, errors: [{ code: 'service_unavailable' }] })
})

test('429 with Retry-After is waited for (not the back-off) and retried', async () => {
  const waits: number[] = []
  let calls429 = 0
  const stand: SendRequest = async () => (calls429++ === 0 ? new Response('slow down', { status: 429, headers: { 'Retry-After': '1' } }) : Response.json({ ok: true }))
  const response = await remoteBackend('http://up.test', { fetch: stand, sleep: async (ms) => void waits.push(ms) }).fetch(at('/v2/skins'))
  expect(response.status).toBe(200)
  expect(calls429).toBe(2)
  expect(waits).toEqual([1000])
})

test('a Retry-After longer than the bound reaches the caller unretried, with its header', async () => {
  let sent = 0
  const stand: SendRequest = async () => (sent++, new Response('later', { status: 429, headers: { 'Retry-After': '60' } }))
  const response = await remoteBackend('http://up.test', { fetch: stand, sleep: async () => {} }).fetch(at('/v2/skins'))
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe('60')
  expect(sent).toBe(1)
})

test('Retry-After as an HTTP date counts from the injected clock', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  expect(retryAfterMs('Mon, 23 Nov 2026 12:00:03 GMT', now)).toBe(3000)
  expect(retryAfterMs('2', now)).toBe(2000)
  expect(retryAfterMs('soon', now)).toBeUndefined()
  expect(retryAfterMs(null, now)).toBeUndefined()
})

test('each attempt has its own timeout: a hung first attempt is retried; failed bodies are cancelled', async () => {
  let sent = 0
  let cancelled = 0
  const stand: SendRequest = (request) => {
    sent++
    if (sent === 1) return new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)))
    if (sent === 2) return Promise.resolve(new Response(new ReadableStream({ cancel: () => void cancelled++ }), { status: 503 }))
    return Promise.resolve(Response.json({ ok: true }))
  }
  const response = await remoteBackend('http://up.test', { fetch: stand, timeoutMs: 50, sleep: async () => {} }).fetch(at('/v2/skins'))
  expect(response.status).toBe(200)
  expect(sent).toBe(3)
  expect(cancelled).toBe(1)
})

test('a job long-poll gets its wait on top of the attempt timeout, so it is neither cut nor retried as slow', async () => {
  const lengths: number[] = []
  let sent = 0
  const stand: SendRequest = async () => (sent++, Response.json({ ok: true }))
  const timer = (ms: number) => (lengths.push(ms), () => {})
  const backend = remoteBackend('http://up.test', { fetch: stand, timeoutMs: 8000, timer, sleep: async () => {} })
  const job = 'ab'.repeat(12)
  // The API answers when the job finished or the wait ran out: one attempt, timed out only after 8 s + 10 s.
  // A wait above the API's cap counts as the cap; other paths and methods keep the plain timeout.
  for (const [path, method] of [
    [`/v2/queue/${job}?t=1&wait=10000`, 'GET'],
    [`/v2/queue/${job}?wait=99999`, 'GET'],
    [`/v2/queue/${job}?wait=2500`, 'GET'],
    [`/v2/queue/${job}`, 'GET'],
    [`/v2/queue/${job}?wait=soon`, 'GET'],
    ['/v2/skins?wait=5000', 'GET'],
    [`/v2/queue/${job}?wait=5000`, 'DELETE'],
    // The submit's short wait: held as long, sent once as every POST.
    ['/v2/queue?wait=1000', 'POST'],
    ['/v2/queue/batch?wait=1000', 'POST'],
  ] as const)
    expect((await backend.fetch(at(path, { method }))).status).toBe(200)
  expect(lengths).toEqual([18_000, 18_000, 10_500, 8000, 8000, 8000, 8000, 9000, 8000])
  expect(sent).toBe(9)
})
