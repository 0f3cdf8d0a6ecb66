import { afterAll, beforeAll, expect, test } from 'bun:test'
import { remoteBackend } from './remote-backend'

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
