/**
 * The same app on workerd under `wrangler dev` (reference/stack.md §6.3): wrangler runs
 * under Node 22 from node_modules/.bin (never under Bun), proxies the API to a real Bun server, and
 * serves /assets/* from Workers Static Assets.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { LOCALE_CODES } from '../../src/shared/locales'
import { localizePath } from '../../src/shared/routes'
import { freePort, startBunServer, waitForHttp, type RunningServer } from '../support/bun-server'
import { executableScriptTags } from '../support/script-tags'
import { WRANGLER_TEST_ENV } from './wrangler-dev'

const ROOT = join(import.meta.dir, '../..')
const BIN = join(ROOT, 'node_modules/.bin')

let api: RunningServer
let worker: ReturnType<typeof Bun.spawn>
let origin: string

beforeAll(async () => {
  api = await startBunServer({ DEMO_SKINS: '2' })
  const port = freePort()
  origin = `http://127.0.0.1:${port}`
  worker = Bun.spawn(
    [join(BIN, 'node'), join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), 'dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(freePort()), '--var', `API_ORIGIN:${api.origin}/api`, '--var', `PUBLIC_URL:${origin}`, '--show-interactive-dev-session=false'],
    {
      cwd: ROOT,
      env: { ...process.env, PATH: `${BIN}:${process.env.PATH}`, ...WRANGLER_TEST_ENV, CI: 'true' },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  )
  await waitForHttp(`${origin}/robots.txt`, 120_000, () => worker.exitCode === null)
}, 150_000)

afterAll(async () => {
  worker?.kill()
  await worker?.exited
  await api?.stop()
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(origin + path, { headers, redirect: 'manual' })

describe('the Worker under wrangler dev', () => {
  test('home renders with islands and the client script', async () => {
    const response = await get('/')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toStartWith('<!DOCTYPE html>')
    expect(html).toContain('<html lang="en"')
    expect(html).toMatch(/<script type="module" src="\/assets\/client-[a-z0-9]+\.js"/)
  })

  test('a prefixed route renders in its language', async () => {
    const response = await get('/de/skins')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<html lang="de"')
  })

  test('an unknown path is the 404 page', async () => {
    const response = await get('/no/such/page')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page Not Found')
  })

  test('/{skin} redirects a browser to the skin page; other lengths are 404', async () => {
    const response = await get('/abcdef12', { accept: 'text/html' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/skins/abcdef12')
    expect((await get('/abcdef1', { accept: 'text/html' })).status).toBe(404)
  })

  test('/{skin} answers a program the texture PNG through the API', async () => {
    const list = (await (await get('/api/v2/skins?size=1')).json()) as { skins: { uuid: string; texture: string }[] }
    const skin = list.skins[0]!
    const response = await get(`/${skin.uuid}`, { 'user-agent': 'Java/17.0.2', accept: '*/*' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(bytes).toEqual(new Uint8Array(await (await get(`/textures/${skin.texture}`)).arrayBuffer()))
    expect((await get('/abcdef12', { accept: '*/*' })).status).toBe(404)
  })

  test("HEAD of a skin link and of the PNG routes states the PNG's length on workerd too (MineSkin's URL handler)", async () => {
    const list = (await (await get('/api/v2/skins?size=1')).json()) as { skins: { uuid: string; texture: string }[] }
    const skin = list.skins[0]!
    const length = (await (await get(`/textures/${skin.texture}`)).arrayBuffer()).byteLength
    expect(length).toBeGreaterThan(100)
    // Java's default Accept names text/html beside image types: still the PNG.
    const java = { 'user-agent': 'Java/17.0.2', accept: 'text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2' }
    const mineskin = { 'user-agent': 'MineSkin/Url-Follow', accept: 'application/json' }
    for (const [path, headers] of [[`/${skin.uuid}`, java], [`/${skin.uuid}`, mineskin], [`/textures/${skin.texture}`, mineskin], [`/api/v2/images/${skin.texture}`, mineskin]] as const) {
      const response = await fetch(origin + path, { method: 'HEAD', headers, redirect: 'manual' })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe('image/png')
      expect(response.headers.get('content-length'), path).toBe(String(length))
    }
  })

  test('language detection: cookie, then Accept-Language, then en', async () => {
    expect((await get('/skins', { 'accept-language': 'fr-CA,fr;q=0.9' })).headers.get('location')).toBe('/fr/skins')
    expect((await get('/skins', { cookie: 'locale=pl', 'accept-language': 'fr' })).headers.get('location')).toBe('/pl/skins')
    expect((await get('/skins')).status).toBe(200)
  })

  test('every SPEC §2 route answers in all nine languages', async () => {
    for (const locale of LOCALE_CODES) {
      for (const page of ['/', '/skins', '/skins/popular', '/skins/random', '/my-skins', '/account', '/apikey', '/cape-ad', '/export']) {
        const path = localizePath(page, locale)
        expect((await get(path)).status, path).toBe(200)
      }
      expect((await get(localizePath('/gallery', locale))).status).toBe(301)
    }
    expect((await get('/bulk')).status).toBe(200)
    expect((await get('/stats')).status).toBe(200)
  })

  test('pages carry the CSP with a fresh nonce on every script; assets get nosniff from _headers', async () => {
    const nonces = new Set<string>()
    for (const path of ['/', '/', '/de/skins', '/no/such/page']) {
      const response = await get(path)
      const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce, path).toBeDefined()
      nonces.add(nonce!)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
      // wrangler dev is plain http: no HSTS.
      expect(response.headers.get('strict-transport-security'), path).toBeNull()
      const tags = executableScriptTags(await response.text())
      expect(tags.length, path).toBeGreaterThan(0)
      for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`)
    }
    expect(nonces.size).toBe(4)
    const html = await (await get('/')).text()
    const asset = await get(/src="(\/assets\/client-[a-z0-9]+\.js)"/.exec(html)![1]!)
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await get('/robots.txt')).headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('/assets/* come from Static Assets with immutable caching', async () => {
    const html = await (await get('/')).text()
    const script = /src="(\/assets\/client-[a-z0-9]+\.js)"/.exec(html)?.[1]
    const response = await get(script!)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  test('/api/* is proxied to the configured API origin', async () => {
    const response = await get('/api/v2/skins?size=1')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ success: true })
  })

  test('skin pages and renders work through the API origin (textures read from it, rendered in the Worker)', async () => {
    const list = (await (await get('/api/v2/skins?size=1')).json()) as { skins: { uuid: string; texture: string }[] }
    const skin = list.skins[0]!
    for (const locale of LOCALE_CODES) expect((await get(localizePath(`/skins/${skin.uuid}`, locale))).status).toBe(200)
    const render = await get(`/render/head/${skin.texture}?scale=4`)
    expect(render.status).toBe(200)
    expect(render.headers.get('content-type')).toBe('image/png')
    expect(render.headers.get('cache-control')).toContain('immutable')
    expect((await get('/skins/00000000000000000000000000000000')).status).toBe(404)
  })
})
