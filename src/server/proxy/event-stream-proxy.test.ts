/**
 * `GET /api/v2/queue/events` through the web app's API proxy, as the Bun entry serves it (the
 * compression step of src/server/static/served-answer.ts included): with the embedded API in-process
 * and with the API on another origin (remote backend). Events must reach the visitor while the stream
 * is open — a proxy that buffered or compressed the answer would hold them until the stream ends,
 * which it never does — and a visitor who leaves ends the API's stream.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { createTestApp } from '../../../test/support/web-app'
import { makeSkinPng } from '../../api/image/fixtures'
import { startTestApi, uploadForm, type TestApi } from '../../api/testing/api-harness'
import { readSse } from '../../api/testing/sse-reader'
import type { Backend } from '../app-options'
import { servedAnswer } from '../static/served-answer'
import { isEventStreamRequest } from './event-stream-request'
import { remoteBackend } from './remote-backend'

const HEADERS = { 'user-agent': 'EventStreamProxyTest/1.0', 'accept-encoding': 'gzip, br' }

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c()
})

/** Serves `fetch` on a free loopback port; returns its origin. */
function serve(fetch: (request: Request) => Promise<Response>): string {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch })
  cleanup.push(async () => void server.stop(true))
  return `http://127.0.0.1:${server.port}`
}

/** The web app on `api`, served the way src/server/bun.ts serves it. */
function site(api: Backend): string {
  const app = createTestApp({ api })
  return serve((request) => servedAnswer(request, { fetch: (r) => app.fetch(r), isStatic: () => false }))
}

async function testApi(): Promise<TestApi> {
  const t = await startTestApi({ noStart: true })
  cleanup.push(() => t.close())
  return t
}

/** A job's whole life seen through the site's stream. */
async function watchThrough(origin: string, t: TestApi) {
  const list = await fetch(`${origin}/api/v2/queue`, { headers: HEADERS })
  const cookie = /ssg_client=[^;]+/.exec(list.headers.get('set-cookie') ?? '')![0]
  const res = await fetch(`${origin}/api/v2/queue/events`, { headers: { ...HEADERS, cookie } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
  expect(res.headers.get('content-encoding')).toBeNull()
  const stream = readSse(res)
  expect((await stream.next()).event).toBe('ready')
  const queued = await fetch(`${origin}/api/v2/queue`, { method: 'POST', body: uploadForm(makeSkinPng(9501)), headers: { ...HEADERS, cookie } })
  expect(queued.status).toBe(202)
  const jobId = ((await queued.json()) as { job: { id: string } }).job.id
  await t.api.start()
  const statuses: string[] = []
  for (let e = await stream.next(); ; e = await stream.next()) {
    const data = JSON.parse(e.data) as { job: { id: string; status: string } }
    expect(data.job.id).toBe(jobId)
    statuses.push(data.job.status)
    if (data.job.status === 'completed') break
  }
  expect(statuses).toEqual(['waiting', 'processing', 'completed'])
  return stream
}

/** Resolves once the API holds no stream (the visitor's departure reached it). */
async function streamsClosed(t: TestApi) {
  for (let i = 0; i < 200 && t.api.services.events!.hub!.open() > 0; i++) await Bun.sleep(5)
  return t.api.services.events!.hub!.open()
}

describe('the job event stream through the web app', () => {
  test('embedded API in-process: events arrive unbuffered and uncompressed; leaving ends the API\'s stream', async () => {
    const t = await testApi()
    const origin = site({ fetch: t.api.fetch, inProcess: true })
    const stream = await watchThrough(origin, t)
    expect(t.api.services.events!.hub!.open()).toBe(1)
    await stream.cancel()
    expect(await streamsClosed(t)).toBe(0)
    // A HEAD answers the headers at once instead of waiting for a stream that never ends.
    const head = await fetch(`${origin}/api/v2/queue/events`, { method: 'HEAD', headers: HEADERS })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
  })

  test('API on another origin (remote backend): events arrive while the stream is open; leaving ends it upstream', async () => {
    const t = await testApi()
    const apiOrigin = serve((request) => t.api.fetch(request))
    const origin = site(remoteBackend(apiOrigin))
    const stream = await watchThrough(origin, t)
    await stream.cancel()
    expect(await streamsClosed(t)).toBe(0)
  })

  test('the Bun entry lifts its idle timeout for stream requests only (GET of /v2/queue/events under any API root)', () => {
    const at = (path: string, method = 'GET') => isEventStreamRequest(new Request(`http://site.test${path}`, { method }))
    expect([at('/api/v2/queue/events'), at('/v2/queue/events/'), at('/API/V2/Queue/Events')]).toEqual([true, true, true])
    expect([at('/api/v2/queue/events', 'POST'), at('/api/v2/queue/events/x'), at('/api/v2/queue'), at('/api/v2/queue/0123456789abcdef01234567')]).toEqual([false, false, false, false])
  })
})
