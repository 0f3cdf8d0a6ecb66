import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { meResponseSchema, skinListResponseSchema } from '../../../shared/schemas/api'
import { createApiKey } from '../identity'
import { testSessionToken } from '../../testing/test-session'
import { makeSkinPng } from '../../image/fixtures'
import { openStore } from '../../store/db'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

const DAY = 86_400_000
let t: TestApi
let key: string
let userCookie: string

beforeAll(async () => {
  t = await startTestApi({ env: { LIMIT_ANONYMOUS_PENDING: '50' } })
  const store = openStore(t.dir)
  key = (await createApiKey(store.db, { name: 'mine' })).key
  store.close()
  userCookie = `ssg_api=${await testSessionToken(t.dir, { sub: 'cd'.repeat(16), now: t.clock.now, ttlSeconds: 30 * 24 * 3600 })}`
})
afterAll(() => t.close())

async function make(headers: Record<string, string>, seed: number, fields: Record<string, string> = {}) {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed), fields), headers })
  await t.api.idle()
  return (await t.json(`/v2/queue/${sub.body.job.id}`, { headers })).body.job.result as string
}

describe('GET /v2/me', () => {
  test('anonymous → 404 user_not_found; a user gets id and grants; a key gets its grants', async () => {
    const anon = await t.json('/v2/me')
    expect(anon.status).toBe(404)
    expect(anon.body.errors[0].code).toBe('user_not_found')
    const user = await t.json('/v2/me', { headers: { cookie: userCookie } })
    expect(meResponseSchema.parse(user.body).user).toBe('cd'.repeat(16))
    expect(user.body.grants).toMatchObject({ per_minute: 60, private_skins: true })
    expect(user.res.headers.get('cache-control')).toBe('private, no-store, max-age=0')
    // A key of no user is no user: 404 like anonymous.
    const byKey = await t.json('/v2/me', { headers: { authorization: `Bearer ${key}` } })
    expect(byKey.status).toBe(404)
    expect(byKey.body.errors[0].code).toBe('user_not_found')
  })
})

describe('GET /v2/me/skins', () => {
  test('lists the caller’s own skins of every visibility, newest first, with keyset pages', async () => {
    const h = { cookie: userCookie }
    const a = await make(h, 1501, { name: 'Alpha One' })
    const b = await make(h, 1502, { name: 'Beta Two', visibility: 'private' })
    const c = await make(h, 1503, { name: 'Gamma One', visibility: 'unlisted' })
    await make({ authorization: `Bearer ${key}` }, 1504)
    const page1 = await t.json('/v2/me/skins?size=2', { headers: h })
    skinListResponseSchema.parse(page1.body)
    expect(page1.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([c, b])
    const page2 = await t.json(page1.body.links.next, { headers: h })
    expect(page2.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([a])
    const filtered = await t.json('/v2/me/skins?filter=one', { headers: h })
    expect(filtered.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([c, a])
    const mine = await t.json('/v2/me/skins', { headers: { authorization: `Bearer ${key}` } })
    expect(mine.body.skins.length).toBe(1)
    expect((await t.json('/v2/me/skins')).status).toBe(401)
  })

  test('anonymous clients see their cookie’s skins of the last 3 months', async () => {
    const cookie = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
    const old = await make({ cookie }, 1601)
    t.clock.now += 100 * DAY
    const recent = await make({ cookie }, 1602)
    const r = await t.json('/v2/me/skins', { headers: { cookie } })
    expect(r.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([recent])
    expect(r.body.skins.map((s: { uuid: string }) => s.uuid)).not.toContain(old)
  })
})
