import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import * as z from 'zod/mini'
import { ApiCallError, createApiClient, type ApiNotice } from './client'

let server: ReturnType<typeof Bun.serve>
const hits = new Map<string, number>()

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname
      hits.set(path, (hits.get(path) ?? 0) + 1)
      const count = hits.get(path)!
      if (path === '/ok') return Response.json({ success: true, value: 42, messages: [{ code: 'hello', message: 'Hello there' }], warnings: [{ code: 'w', message: 'careful' }] })
      if (path === '/empty') return new Response(null, { status: 204 })
      if (path === '/flaky') return count === 1 ? new Response('busy', { status: 503 }) : Response.json({ success: true, value: count })
      if (path === '/bad') return Response.json({ success: false, errors: [{ code: 'invalid_image', message: 'Not a PNG' }] }, { status: 400 })
      if (path === '/failed-job') return Response.json({ success: true, value: 1, errors: [{ code: 'job_failed', message: 'It failed' }] })
      if (path === '/headers') return Response.json({ success: true, value: request.headers.get('mineskin-user-agent') === 'SkinSignatureGenerator-Web' ? 1 : 0 })
      return new Response('nope', { status: 404 })
    },
  })
})
afterAll(() => server.stop(true))

const value = z.object({ value: z.number() })

function client() {
  const notices: ApiNotice[] = []
  const logs: string[] = []
  const api = createApiClient({ baseURL: `http://127.0.0.1:${server.port}`, notify: (n) => notices.push(n), log: (level, text) => logs.push(`${level} ${text}`) })
  return { api, notices, logs }
}

describe('API client (SPEC §7, §8)', () => {
  test('parses the payload, shows messages[] as info and logs warnings[]', async () => {
    const { api, notices, logs } = client()
    expect(await api.call('/ok', value)).toEqual({ value: 42 })
    expect(notices).toEqual([{ kind: 'info', text: 'Hello there' }])
    expect(logs).toContain('warn w: careful')
  })

  test('silent calls show nothing', async () => {
    const { api, notices } = client()
    await api.call('/ok', value, { silent: true })
    await api.call('/bad', value, { silent: true }).catch(() => undefined)
    expect(notices).toEqual([])
  })

  test('a 204 answer reads as null', async () => {
    expect(await client().api.call('/empty', value)).toBeNull()
  })

  test('idempotent requests retry on 503; POST is sent once', async () => {
    hits.clear()
    expect(await client().api.call('/flaky', value)).toEqual({ value: 2 })
    hits.clear()
    await expect(client().api.call('/flaky', value, { method: 'POST' })).rejects.toBeInstanceOf(ApiCallError)
    expect(hits.get('/flaky')).toBe(1)
  })

  test('4xx raises an error with the code and shows the error message', async () => {
    const { api, notices } = client()
    const error = await api.call('/bad', value).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiCallError)
    expect(error).toMatchObject({ status: 400, code: 'invalid_image', message: 'Not a PNG' })
    expect(notices).toEqual([{ kind: 'error', text: 'Not a PNG' }])
  })

  test('errors[] on an ok status are logged but not shown (SPEC §8)', async () => {
    const { api, notices, logs } = client()
    expect(await api.call('/failed-job', value)).toEqual({ value: 1 })
    expect(notices).toEqual([])
    expect(logs).toContain('error job_failed: It failed')
  })

  test('sends the client identification header', async () => {
    expect(await client().api.call('/headers', value)).toEqual({ value: 1 })
  })
})
