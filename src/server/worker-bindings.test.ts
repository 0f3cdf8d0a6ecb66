/**
 * The Worker entry's backends in-process (docs/cloudflare.md "The web Worker"): service bindings
 * (`API`, `RENDER`, `ACCOUNTS`) win over origins, requests reach a bound Worker with the paths an
 * origin would see, and with nothing configured the 503 says what to set. Bindings here are stand-in
 * Fetchers that record what they get; test/worker runs the real ones under `wrangler dev`.
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ExecutionContext, Fetcher } from '@cloudflare/workers-types'
import { paintedSkinPng } from '../../test/support/skin-files'
import { MISSING_API_MESSAGE } from './proxy/service-backend'
import worker, { type WorkerEnv } from './worker'

const DIST = join(import.meta.dir, '../../dist/client')

/** A binding that answers with `answer` and records `METHOD path?query` of each request. */
function fakeBinding(answer: (request: Request) => Response) {
  const seen: string[] = []
  const fetcher = {
    fetch: async (input: Request | string) => {
      const request = typeof input === 'string' ? new Request(input) : input
      const url = new URL(request.url)
      seen.push(`${request.method} ${url.host}${url.pathname}${url.search}`)
      return answer(request)
    },
  }
  return { seen, fetcher: fetcher as unknown as Fetcher }
}

const assets = fakeBinding((request) => {
  const path = new URL(request.url).pathname
  try {
    return new Response(readFileSync(join(DIST, path)))
  } catch {
    return new Response('missing', { status: 404 })
  }
}).fetcher

const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext
const call = (env: WorkerEnv, path: string) => worker.fetch(new Request(`http://site.test${path}`), env, ctx)

test('API binding wins over API_ORIGIN and gets the stripped /api path', async () => {
  const api = fakeBinding(() => Response.json({ success: true, skins: [], pagination: { current: {}, next: {} } }))
  const response = await call({ ASSETS: assets, API: api.fetcher, API_ORIGIN: 'http://127.0.0.1:1' }, '/api/v2/skins?size=2')
  expect(response.status).toBe(200)
  expect(api.seen).toEqual(['GET binding.internal/v2/skins?size=2'])
})

test('RENDER binding serves /render/* with the path kept; ACCOUNTS serves /accounts/* with the mount stripped', async () => {
  const render = fakeBinding(() => new Response('png', { headers: { 'Content-Type': 'image/png' } }))
  const accounts = fakeBinding(() => new Response('<p>login</p>', { headers: { 'Content-Type': 'text/html' } }))
  const env: WorkerEnv = { ASSETS: assets, RENDER: render.fetcher, ACCOUNTS: accounts.fetcher, API_ORIGIN: 'http://127.0.0.1:1' }
  expect((await call(env, `/render/head/${'a'.repeat(64)}?scale=4`)).status).toBe(200)
  expect(render.seen).toEqual([`GET binding.internal/render/head/${'a'.repeat(64)}?scale=4`])
  const login = await call(env, '/accounts/login?next=%2F')
  expect(await login.text()).toBe('<p>login</p>')
  expect(accounts.seen).toEqual(['GET binding.internal/login?next=%2F'])
})

test('without RENDER the Worker renders itself, reading the texture over the API binding', async () => {
  const api = fakeBinding(() => new Response(paintedSkinPng(7), { headers: { 'Content-Type': 'image/png' } }))
  const response = await call({ ASSETS: assets, API: api.fetcher }, `/render/head/${'b'.repeat(64)}?scale=4`)
  expect(api.seen).toEqual([`GET binding.internal/textures/${'b'.repeat(64)}`])
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/png')
})

test('with no API configured, /api/* and data pages answer 503 naming the exact commands', async () => {
  const env: WorkerEnv = { ASSETS: assets }
  const api = await call(env, '/api/v2/skins')
  expect(api.status).toBe(503)
  expect(await api.json()).toEqual({ success: false, errors: [{ code: 'api_not_configured', message: MISSING_API_MESSAGE }] })
  const page = await call(env, '/skins')
  expect(page.status).toBe(503)
  const html = await page.text()
  expect(html).toContain('wrangler dev --var API_ORIGIN:https://your-api.example/api')
  expect(html).toContain('API_ORIGIN=https://your-api.example/api in .dev.vars')
})
