/**
 * `GET /v2/me/apikeys`, `GET /v2/me/legacyskins` and `GET /v2/usage`, asked as MineSkin's own clients
 * ask: its web front end (`api/MineSkinAPI.ts`: `fetch` with `credentials: 'include'` and its INIT
 * headers) and its Java client (`Java11RequestHandler.getJson`: `User-Agent`, `Authorization: Bearer`,
 * `Accept: application/json`). Answers are checked against MineSkin's shapes (`models/v2/me.ts`,
 * `models/v2/skins.ts`, `models/v2/usage.ts`) and the shared zod schemas.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { jsoupMultipart, JSOUP_DEFAULT_HEADERS } from '../../../../test/clients/java-forms'
import { meApiKeysResponseSchema, meLegacySkinsResponseSchema, usageResponseSchema } from '../../../shared/schemas/api'
import { makeSkinPng } from '../../image/fixtures'
import { openStore } from '../../store/db'
import { apiKeys, legacySkins, skins } from '../../store/schema'
import { startTestApi, TEST_PUBLIC_URL, uploadForm, type TestApi } from '../../testing/api-harness'
import { testSessionToken } from '../../testing/test-session'
import { createApiKey } from '../identity'
import { createCreditLedger } from '../services/credits'
import type { AccountsDeps } from '../../../accounts/deps'
import { deleteAccount } from '../../../accounts/services/delete-account'

const USER = 'ab'.repeat(16)
const OTHER = 'ef'.repeat(16)
let t: TestApi
let cookie = ''
let otherCookie = ''
const keys: Record<'plain' | 'credits' | 'revoked' | 'other' | 'ownerless', { id: string; key: string }> = {} as never

/** MineSkin's web front end: `fetch(BASE + path, { ...INIT, credentials: 'include' })`, from the site's own origin. */
const web = (sessionCookie: string) => ({
  'content-type': 'application/json',
  accept: 'application/json',
  'mineskin-user-agent': 'MineSkin-Web',
  origin: TEST_PUBLIC_URL,
  cookie: sessionCookie,
})
/** MineSkin's Java client (2.x) `getJson`. */
const java = (key: string) => ({ 'user-agent': 'MyPlugin/1.0', authorization: `Bearer ${key}`, accept: 'application/json' })

beforeAll(async () => {
  t = await startTestApi({ env: { LIMIT_ANONYMOUS_PENDING: '50' } })
  cookie = `ssg_api=${await testSessionToken(t.dir, { sub: USER, now: t.clock.now, ttlSeconds: 3600 })}`
  otherCookie = `ssg_api=${await testSessionToken(t.dir, { sub: OTHER, now: t.clock.now, ttlSeconds: 3600 })}`
  const store = openStore(t.dir)
  keys.plain = await createApiKey(store.db, { name: 'Server A', userId: USER, now: t.clock.now })
  keys.credits = await createApiKey(store.db, { name: 'Server B', userId: USER, grants: { per_minute: 90, capes: true }, now: t.clock.now + 1 })
  await store.db.update(apiKeys).set({ useCredits: 1 }).where(eq(apiKeys.id, keys.credits.id)).run()
  keys.revoked = await createApiKey(store.db, { name: 'Old', userId: USER, now: t.clock.now + 2 })
  await store.db.update(apiKeys).set({ revokedAt: t.clock.now }).where(eq(apiKeys.id, keys.revoked.id)).run()
  keys.other = await createApiKey(store.db, { name: 'Not yours', userId: OTHER, now: t.clock.now })
  keys.ownerless = await createApiKey(store.db, { name: 'No account', now: t.clock.now })
  store.close()
}, 60_000)
afterAll(() => t.close())

describe('GET /v2/me/apikeys', () => {
  test("the web front end (session cookie) gets the user's keys in MineSkin's shape, revoked ones left out", async () => {
    const r = await t.json('/v2/me/apikeys', { headers: web(cookie) })
    expect(r.status).toBe(200)
    expect(r.res.headers.get('cache-control')).toBe('private, no-store, max-age=0')
    expect(r.res.headers.get('access-control-allow-origin')).toBe(TEST_PUBLIC_URL)
    const body = meApiKeysResponseSchema.parse(r.body)
    expect(body.success).toBe(true)
    expect(body.keys).toEqual([
      { id: keys.plain.id, name: 'Server A', billable: false, useCredits: false, metered: false, grants: {} },
      { id: keys.credits.id, name: 'Server B', billable: true, useCredits: true, metered: false, grants: { per_minute: 90, capes: true } },
    ])
    // Nothing that would let the list be used as a key.
    expect(JSON.stringify(r.body)).not.toContain(keys.plain.key)
  })

  test('the Java client with a key of the user gets the same list; with a key of another user, that user’s', async () => {
    const byKey = await t.json('/v2/me/apikeys', { headers: java(keys.plain.key) })
    expect(byKey.body.keys.map((k: { id: string }) => k.id)).toEqual([keys.plain.id, keys.credits.id])
    expect(byKey.body.links.key).toBe('/v2/me/apikey')
    const other = await t.json('/v2/me/apikeys', { headers: java(keys.other.key) })
    expect(other.body.keys.map((k: { id: string }) => k.id)).toEqual([keys.other.id])
  })

  test('no user → 401 unauthorized, as MineSkin: anonymous, or a key of no account', async () => {
    for (const headers of [{}, java(keys.ownerless.key)]) {
      const r = await t.json('/v2/me/apikeys', { headers })
      expect(r.status).toBe(401)
      expect(r.body).toEqual({ success: false, errors: [{ code: 'unauthorized', message: expect.any(String) }] })
    }
    expect((await t.json('/v2/me/apikeys', { headers: java(keys.revoked.key) })).status).toBe(403)
  })

  test('a page of another origin cannot read the list with the visitor’s cookie', async () => {
    const r = await t.call('/v2/me/apikeys', { headers: { ...web(cookie), origin: 'https://evil.example' } })
    expect(r.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('GET /v2/me/legacyskins', () => {
  /** MineskinClient 1.x (Jsoup) `generateUpload`, with the user's session cookie or a key of theirs. */
  const v1Upload = async (seed: number, auth: Record<string, string>) => {
    const { body, contentType } = jsoupMultipart([
      { key: 'name', value: `Legacy ${seed}` },
      { key: 'file', filename: 'skin.png', bytes: makeSkinPng(seed) },
    ])
    const res = await t.call('/generate/upload', { method: 'POST', body, headers: { 'user-agent': 'MineSkin-JavaClient', ...JSOUP_DEFAULT_HEADERS, 'content-type': contentType, ...auth } })
    expect(res.status).toBe(200)
    return ((await res.json()) as { uuid: string }).uuid
  }

  test('lists the skins the user got from v1 generate (new and duplicate, by cookie or key), oldest first, once each', async () => {
    const empty = await t.json('/v2/me/legacyskins', { headers: web(cookie) })
    expect(empty.status).toBe(200)
    expect(meLegacySkinsResponseSchema.parse(empty.body).skins).toEqual({ v1: [] })

    const first = await v1Upload(3101, { cookie })
    t.clock.now += 1000
    const second = await v1Upload(3102, { authorization: `Bearer ${keys.plain.key}` })
    t.clock.now += 1000
    // The same image again: MineSkin's v1 answers the existing skin, and lists it once.
    expect(await v1Upload(3101, { cookie })).toBe(first)
    // A v2 skin, another user's v1 skin and an anonymous v1 skin are not the user's legacy skins.
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3103)), headers: { cookie } })
    await t.api.idle()
    expect((await t.json(`/v2/queue/${sub.body.job.id}`, { headers: { cookie } })).body.job.status).toBe('completed')
    const others = await v1Upload(3104, { cookie: otherCookie })
    await v1Upload(3105, {})

    const r = await t.json('/v2/me/legacyskins', { headers: web(cookie) })
    expect(r.res.headers.get('cache-control')).toBe('private, no-store, max-age=0')
    expect(r.body).toEqual({ success: true, skins: { v1: [first, second] }, messages: [], warnings: [], links: { self: '/v2/me/legacyskins' } })
    // The Java client with a key of the user sees the same list.
    expect((await t.json('/v2/me/legacyskins', { headers: java(keys.credits.key) })).body.skins.v1).toEqual([first, second])
    expect((await t.json('/v2/me/legacyskins', { headers: web(otherCookie) })).body.skins.v1).toEqual([others])

    // A deleted skin is no longer listed.
    const store = openStore(t.dir)
    await store.db.update(skins).set({ deletedAt: t.clock.now, status: 'deleted' }).where(eq(skins.uuid, second)).run()
    store.close()
    expect((await t.json('/v2/me/legacyskins', { headers: web(cookie) })).body.skins.v1).toEqual([first])
  }, 60_000)

  test('no user → 401 unauthorized', async () => {
    for (const headers of [{}, java(keys.ownerless.key)]) {
      const r = await t.json('/v2/me/legacyskins', { headers })
      expect(r.status).toBe(401)
      expect(r.body.errors[0].code).toBe('unauthorized')
    }
  })

  test('deleting the account deletes its list with the other owner links', async () => {
    const leaving = 'cd'.repeat(16)
    await v1Upload(3106, { cookie: `ssg_api=${await testSessionToken(t.dir, { sub: leaving, now: t.clock.now, ttlSeconds: 3600 })}` })
    const store = openStore(t.dir)
    const count = () => store.db.select().from(legacySkins).where(eq(legacySkins.userId, leaving)).all().length
    expect(count()).toBe(1)
    await deleteAccount({ db: store.db } as AccountsDeps, { id: leaving, email: null })
    expect(count()).toBe(0)
    store.close()
  }, 30_000)
})

describe('GET /v2/usage', () => {
  test("the signed-in user's credits (remaining, used) and their delay and next request, in MineSkin's shape", async () => {
    const store = openStore(t.dir)
    const ledger = createCreditLedger(store.db)
    await ledger.add({ userId: USER, amount: 10, now: t.clock.now })
    for (let i = 0; i < 3; i++) await ledger.spend(USER, t.clock.now)
    store.close()
    const r = await t.json('/v2/usage', { headers: web(cookie) })
    expect(r.status).toBe(200)
    expect(r.res.headers.get('cache-control')).toBe('private, no-store, max-age=5')
    const body = usageResponseSchema.parse(r.body)
    expect(body.usage.credits).toEqual({ remaining: 7, used: 3 })
    expect(body.usage.rate.delay).toBe(0)
    expect(body.usage.rate.next).toBeGreaterThanOrEqual(t.clock.now - 60_000)
    // The Java client with a key of the user reads the same credits.
    expect((await t.json('/v2/usage', { headers: java(keys.plain.key) })).body.usage.credits).toEqual({ remaining: 7, used: 3 })
  })

  test('a user without credits gets zeros; no user → 401 invalid_user', async () => {
    expect((await t.json('/v2/usage', { headers: web(otherCookie) })).body.usage.credits).toEqual({ remaining: 0, used: 0 })
    for (const headers of [{}, java(keys.ownerless.key)]) {
      const r = await t.json('/v2/usage', { headers })
      expect(r.status).toBe(401)
      expect(r.body.errors[0].code).toBe('invalid_user')
    }
  })

  test('only the site itself (and trusted origins) may read it with cookies', async () => {
    expect((await t.call('/v2/usage', { headers: web(cookie) })).headers.get('access-control-allow-credentials')).toBe('true')
    expect((await t.call('/v2/usage', { headers: { ...web(cookie), origin: 'https://evil.example' } })).headers.get('access-control-allow-origin')).toBeNull()
  })
})
