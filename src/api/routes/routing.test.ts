/**
 * Routing as MineSkin's server does it (issue 12 point 3): Express routes non-strictly, so every API
 * path answers the same with one trailing slash. The route list is read from the API app itself, so a
 * route added later is covered without editing this file.
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
  const text = await r.text()
  let code: string | undefined
  try {
    code = JSON.parse(text)?.errors?.[0]?.code
  } catch {
    code = undefined
  }
  return { status: r.status, code }
}

describe('trailing slashes (issue 12 point 3)', () => {
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

  test('only one trailing slash is forgiven; unknown paths stay 404 not_found', async () => {
    expect((await t.json('/v2/skins//')).status).toBe(404)
    const unknown = await t.json('/v2/nothing/')
    expect(unknown.status).toBe(404)
    expect(unknown.body.errors[0].code).toBe('not_found')
  })
})
