/**
 * Routing as MineSkin's server does it: Express routes non-strictly, so every API path answers the
 * same with one trailing slash, and case-insensitively, so it answers the same in
 * any case; repeated slashes count as one. The route list is read from the API
 * app itself, so a route added later is covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiApp } from '../app'
import { apiConfigFromEnv } from '../config'
import { makeSkinPng } from '../image/fixtures'
import { startTestApi, testSigner, uploadForm, type TestApi } from '../testing/api-harness'
import { createApiServices } from '../wiring'

let t: TestApi
let routes: { method: string; path: string }[] = []
const values: Record<string, string> = {}

beforeAll(async () => {
  t = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '50' } })
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1201)) })
  await t.api.idle()
  const job = await t.json(`/v2/queue/${sub.body.job.id}`)
  values.id = job.body.skin.uuid
  values.jobId = sub.body.job.id
  values.imageHash = sub.body.links.image.split('/').pop()
  values.textureHash = job.body.skin.texture.hash.skin
  values.name = 'Notch'
  values.uuid = '069a79f444e94726a5befca90e38aaf5'
  // Legacy v1 routes (`/get/stats/:details`, `/get/forTexture/:value/:signature`, `/get/list/:param`).
  values.details = 'details'
  values.value = Buffer.from('{"textures":{}}').toString('base64')
  values.signature = 'c2lnbmF0dXJl'
  values.param = '1'

  // The registered routes of a second, idle API instance on its own data dir.
  const dir = mkdtempSync(join(tmpdir(), 'ssg-routes-'))
  try {
    const wiring = await createApiServices(apiConfigFromEnv({ DATA_DIR: dir, PUBLIC_URL: 'http://ssg.test', DEMO_SKINS: '0' }), { signer: await testSigner() })
    routes = createApiApp(wiring.services)
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method, path: r.path }))
    wiring.services.ctx.store.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
afterAll(() => t.close())

/** A concrete path for a route pattern: real ids of the skin and job made above. */
function concrete(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'hash') return pattern.startsWith('/v2/images') ? values.imageHash! : values.textureHash!
    const v = values[name]
    if (!v) throw new Error(`no test value for :${name} in ${pattern}`)
    return v
  })
}

/** Status and error code of one call. */
async function answer(method: string, path: string) {
  // A minute apart, so the generate delay and the per-minute window never make one of the pair a 429.
  t.clock.now += 60_000
  // POSTs go without a body: refused before anything is created, so both calls meet the same state.
  const r = await t.call(path, { method, redirect: 'manual' })
  // The job event stream never ends by itself: its status is the answer.
  if ((r.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await r.body?.cancel()
    return { status: r.status, code: undefined }
  }
  const text = await r.text()
  let code: string | undefined
  try {
    code = JSON.parse(text)?.errors?.[0]?.code
  } catch {
    code = undefined
  }
  return { status: r.status, code }
}

describe('trailing slashes', () => {
  test('the route list read from the app has every v2 route', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.path}`))
    for (const p of ['GET /v2/skins', 'GET /v2/skins/:id', 'POST /v2/queue', 'GET /v2/queue/:jobId', 'POST /v2/generate', 'GET /v2/stats', 'GET /v2/me/skins']) expect(paths).toContain(p)
    expect(routes.length).toBeGreaterThan(25)
  })

  test('every route answers the same status with and without a trailing slash, and neither is the unknown-path 404', async () => {
    for (const { method, path } of routes) {
      const plain = concrete(path)
      for (const query of ['', '?size=3']) {
        const a = await answer(method, plain + query)
        const b = await answer(method, `${plain}/${query}`)
        const label = `${method} ${plain}/${query}`
        expect({ label, status: b.status, code: b.code }).toEqual({ label, status: a.status, code: a.code })
        expect({ label, code: a.code }).not.toEqual({ label, code: 'not_found' })
      }
    }
  })

  test('GET /v2/skins/?size=80 returns the latest list, as the anchor front end asks for it', async () => {
    const slash = await t.json('/v2/skins/?size=80')
    const plain = await t.json('/v2/skins?size=80')
    expect(slash.status).toBe(200)
    expect(slash.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([values.id])
    expect(slash.body).toEqual(plain.body)
  })

  test('unknown paths stay 404 not_found, with or without a trailing slash', async () => {
    for (const path of ['/v2/nothing/', '/v2/nothing', '/v2/skins/x/nothing']) {
      const unknown = await t.json(path)
      expect(unknown.status).toBe(404)
      expect(unknown.body.errors[0].code).toBe('not_found')
    }
  })
})

/** `pattern` made concrete with its literal segments upper-cased (`/V2/SKINS/<id>`). */
const shouted = (pattern: string) =>
  concrete(
    pattern
      .split('/')
      .map((seg) => (seg.startsWith(':') ? seg : seg.toUpperCase()))
      .join('/'),
  )

describe('case and repeated slashes', () => {
  test('every route answers the same with its literal segments upper-cased and with every slash doubled', async () => {
    for (const { method, path } of routes) {
      const plain = concrete(path)
      const a = await answer(method, plain)
      for (const variant of [shouted(path), concrete(path.replaceAll('/', '//'))]) {
        const b = await answer(method, variant)
        const label = `${method} ${variant}`
        expect({ label, status: b.status, code: b.code }).toEqual({ label, status: a.status, code: a.code })
      }
    }
  })

  test('GET //v2/skins, /V2/Skins/latest/ and /v2//skins//?size=80 return the latest list', async () => {
    const plain = await t.json('/v2/skins?size=80')
    for (const path of ['//v2/skins?size=80', '/V2/Skins/latest/?size=80', '/v2//skins//?size=80']) {
      const r = await t.json(path)
      expect({ path, status: r.status }).toEqual({ path, status: 200 })
      expect(r.body.skins).toEqual(plain.body.skins)
    }
  })

  test('parameter values keep their case, even when they spell a literal segment of another route', async () => {
    // The test API's profile service is offline: its answer names the player it was asked for.
    for (const name of ['MixedCase_Name', 'Skins', 'LATEST']) {
      const r = await t.json(`//Validate/NAME/${name}`)
      expect(r.body).toEqual((await t.json(`/validate/name/${name}`)).body)
      expect(JSON.stringify(r.body)).toContain(name)
    }
  })
})
