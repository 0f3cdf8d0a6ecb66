/**
 * Edge behaviour on workerd (docs/architecture.md "Edge behaviour") under `wrangler dev` with a fresh
 * local state (`--persist-to` a temp dir, so no render is cached from an earlier run): the second
 * request for a render is answered from `caches.default` (`X-Render-Cache: hit`) with the same bytes;
 * HTML gets the same Cache-Control and Vary as on Bun; `/builds/latest.json` names the deployed build,
 * never cached; with `SENTRY_DSN` the DSN's origin joins connect-src and a server error (an upstream
 * that fails for one skin page) is reported to a local stand-in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startWranglerDev, type WranglerDev } from './wrangler-dev'

let api: RunningServer
let upstream: ReturnType<typeof Bun.serve>
let standIn: ReturnType<typeof Bun.serve>
let worker: WranglerDev
let state: string
const envelopes: string[] = []
/** Skin id whose API answers fail (a server error of the page). */
const BROKEN = 'b0bb0b0b'

beforeAll(async () => {
  api = await startBunServer({ DEMO_SKINS: '2' })
  // The API as the Worker sees it, except one skin whose lookups fail.
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url)
      if (url.pathname.includes(BROKEN)) return Response.json({ success: false, errors: [{ code: 'boom', message: 'broken for the test' }] }, { status: 500 })
      return fetch(`${api.origin}/api${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' })
    },
  })
  standIn = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      if (request.method === 'POST') envelopes.push(await request.text())
      return Response.json({})
    },
  })
  state = mkdtempSync(join(tmpdir(), 'ssg-edge-state-'))
  worker = await startWranglerDev([
    '--persist-to',
    state,
    '--var',
    `API_ORIGIN:http://127.0.0.1:${upstream.port}`,
    '--var',
    `SENTRY_DSN:http://publickey@127.0.0.1:${standIn.port}/13`,
  ])
}, 200_000)

afterAll(async () => {
  await worker?.stop()
  upstream?.stop(true)
  standIn?.stop(true)
  await api?.stop()
  if (state) rmSync(state, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(worker.origin + path, { headers, redirect: 'manual' })

describe('edge behaviour on workerd', () => {
  test('a render is stored in caches.default: the second request is a hit with the same bytes', async () => {
    const list = (await (await get('/api/v2/skins?size=1')).json()) as { skins: { texture: string }[] }
    const path = `/render/head/${list.skins[0]!.texture}?scale=6`
    const first = await get(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-render-cache')).toBe('miss')
    expect(first.headers.get('cache-control')).toContain('immutable')
    const bytes = new Uint8Array(await first.arrayBuffer())
    const second = await get(path)
    expect(second.status).toBe(200)
    expect(second.headers.get('x-render-cache')).toBe('hit')
    expect(second.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes)
    // Conditional request on the cached copy: 304 from the cache.
    const etag = second.headers.get('etag')!
    const conditional = await get(path, { 'if-none-match': etag })
    expect(conditional.status).toBe(304)
    expect(conditional.headers.get('x-render-cache')).toBe('hit')
  })

  test('HTML: private, no-cache anonymous, private, no-store with a session; Vary Cookie (+ Accept-Language unprefixed)', async () => {
    const page = await get('/skins')
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('private, no-cache')
    const vary = (page.headers.get('vary') ?? '').toLowerCase()
    expect(vary).toContain('cookie')
    expect(vary).toContain('accept-language')
    expect((await get('/de/skins', { cookie: 'ssg_web=x' })).headers.get('cache-control')).toBe('private, no-store')
  })

  test('/builds/latest.json names the deployed build and is never cached', async () => {
    const html = await (await get('/')).text()
    const pageBuild = /data-build="([^"]+)"/.exec(html)?.[1]
    expect(pageBuild).toMatch(/^[0-9a-f]{12}$/)
    const response = await get(`/builds/latest.json?t=${Math.floor(Date.now() / 1000)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ buildId: pageBuild! })
  })

  test('with SENTRY_DSN: connect-src allows it and a server error is reported', async () => {
    const page = await get('/skins')
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`connect-src [^;]*http://127\\.0\\.0\\.1:${standIn.port}`))
    const broken = await get(`/skins/${BROKEN}`)
    expect(broken.status).toBeGreaterThanOrEqual(500)
    const deadline = Date.now() + 20_000
    while (!envelopes.some((e) => e.includes(`/skins/${BROKEN}`)) && Date.now() < deadline) await Bun.sleep(100)
    expect(envelopes.some((e) => e.includes(`/skins/${BROKEN}`))).toBe(true)
  }, 40_000)
})
