import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { delayResponseSchema, meApiKeyResponseSchema, meClientResponseSchema, meCreditsResponseSchema, meResponseSchema } from '../../../shared/schemas/api'
import { createApiKey } from '../identity'
import { testSessionToken } from '../../testing/test-session'
import { makeSkinPng } from '../../image/fixtures'
import { createCreditLedger } from '../services/credits'
import { listNotifications } from '../services/notifications'
import { removeReportedSkin } from '../services/skin-removal'
import { addSubscription } from '../services/subscription-grants'
import { openStore, type BunStore as Store } from '../../store/db'
import { apiKeys, jobs, skinReports, skins } from '../../store/schema'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

const DAY = 86_400_000
const UA = { 'user-agent': 'MeAccountTest/1.0' }
let t: TestApi
let store: Store
let seq = 0
const newUser = () => (++seq).toString(16).padStart(32, 'a')

beforeAll(async () => {
  t = await startTestApi()
  store = openStore(t.dir)
})
afterAll(async () => {
  store.close()
  await t.close()
})

async function keyOf(userId: string | null, useCredits = false) {
  const k = await createApiKey(store.db, { name: 'test key', userId, now: t.clock.now })
  if (useCredits) store.db.update(apiKeys).set({ useCredits: 1 }).where(eq(apiKeys.id, k.id)).run()
  return { ...k, headers: { ...UA, authorization: `Bearer ${k.key}` } }
}

describe('GET /v2/me/client, /v2/me/credits, /v2/me/apikey, /v2/delay', () => {
  test('shapes for a key of a user', async () => {
    const user = newUser()
    const k = await keyOf(user, true)
    await createCreditLedger(store.db).add({ userId: user, amount: 50, type: 'paid', now: t.clock.now })

    const client = await t.json('/v2/me/client', { headers: { ...k.headers, origin: 'http://example.test', 'x-forwarded-for': '203.0.113.9' } })
    expect(client.status).toBe(200)
    expect(meClientResponseSchema.parse(client.body).client).toEqual({
      agent: 'MeAccountTest/1.0',
      origin: 'http://example.test',
      key: k.id,
      user,
      ip: '203.0.113.9',
      billable: true,
      metered: false,
      credits: true,
    })
    expect(client.res.headers.get('cache-control')).toBe('private, no-store, max-age=0')

    const credits = await t.json('/v2/me/credits', { headers: k.headers })
    expect(meCreditsResponseSchema.parse(credits.body).credit).toEqual({ current: { type: 'paid', balance: 50, total: 50 }, all: { balance: 50, total: 50 } })
    expect(credits.body.warnings.map((w: { code: string }) => w.code)).not.toContain('no_credits')

    const key = await t.json('/v2/me/apikey', { headers: k.headers })
    const info = meApiKeyResponseSchema.parse(key.body).key
    expect(info).toMatchObject({ id: k.id, name: 'test key', user, useCredits: true, allowedOrigins: [], subscription: null, minDelay: 0 })
    expect(info.grants.per_minute).toBe(120)
    // Key dates are ISO strings, as MineSkin's; the key was just used.
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
    expect(info.createdAt).toMatch(iso)
    expect(info.lastUsed).toMatch(iso)
    expect(Date.parse(info.lastUsed!)).toBeGreaterThanOrEqual(Date.parse(info.createdAt))

    const delay = await t.json('/v2/delay', { headers: k.headers })
    expect(delayResponseSchema.parse(delay.body).rateLimit.limit.minute.limit).toBe(120)

    const me = await t.json('/v2/me', { headers: k.headers })
    expect(meResponseSchema.parse(me.body).user).toBe(user)
  })

  test('without a key or user: client answers without the facts it lacks, the rest refuses with stable codes', async () => {
    // Absent, not null, as MineSkin's `v2GetClientInfo` answers.
    const client = await t.json('/v2/me/client', { headers: UA })
    expect(client.status).toBe(200)
    expect(client.body.client).toEqual({ agent: 'MeAccountTest/1.0', billable: false, metered: false, credits: false })
    expect(meClientResponseSchema.parse(client.body).client.key).toBeUndefined()
    expect(Object.keys((await t.json('/v2/me/client')).body.client).sort()).toEqual(['billable', 'credits', 'metered'])
    // 403, as MineSkin's OpenAPI documents `/v2/me/apikey` (no 401 there); a bare key is no key.
    for (const headers of [UA, { ...UA, authorization: (await keyOf(null)).key }]) {
      const key = await t.json('/v2/me/apikey', { headers })
      expect([key.status, key.body.errors[0].code]).toEqual([403, 'invalid_api_key'])
      expect(key.res.headers.get('cache-control')).toBe('private, no-store, max-age=0')
    }
    const credits = await t.json('/v2/me/credits', { headers: UA })
    expect([credits.status, credits.body.errors[0].code]).toEqual([401, 'invalid_user'])
    const delay = await t.json('/v2/delay', { headers: UA })
    expect(delayResponseSchema.parse(delay.body).rateLimit.delay.seconds).toBeGreaterThanOrEqual(0)
  })

  test('a key of no user: /v2/me is 404 user_not_found, /v2/me/apikey answers', async () => {
    const k = await keyOf(null)
    const me = await t.json('/v2/me', { headers: k.headers })
    expect([me.status, me.body.errors[0].code]).toEqual([404, 'user_not_found'])
    expect(meApiKeyResponseSchema.parse((await t.json('/v2/me/apikey', { headers: k.headers })).body).key.user).toBeNull()
  })

  test('credits: a user without any → no_credits; with none left → insufficient_credits', async () => {
    const user = newUser()
    const cookie = `ssg_api=${await testSessionToken(t.dir, { sub: user, now: t.clock.now, ttlSeconds: 3600 })}`
    const none = await t.json('/v2/me/credits', { headers: { ...UA, cookie } })
    expect(meCreditsResponseSchema.parse(none.body).credit).toEqual({ current: {}, all: { balance: 0, total: 0 } })
    expect(none.body.warnings.map((w: { code: string }) => w.code)).toContain('no_credits')
    const ledger = createCreditLedger(store.db)
    await ledger.add({ userId: user, amount: 1, now: t.clock.now })
    await ledger.spend(user, t.clock.now)
    const empty = await t.json('/v2/me/credits', { headers: { ...UA, cookie } })
    expect(empty.body.warnings.map((w: { code: string }) => w.code)).toContain('insufficient_credits')
  })

  test('a key restricted to origins refuses browser calls from other origins', async () => {
    const k = await keyOf(newUser())
    store.db.update(apiKeys).set({ allowedOrigins: JSON.stringify(['https://mine.example']) }).where(eq(apiKeys.id, k.id)).run()
    expect((await t.json('/v2/me/apikey', { headers: { ...k.headers, origin: 'https://mine.example' } })).body.key.allowedOrigins).toEqual(['https://mine.example'])
    expect((await t.json('/v2/me/apikey', { headers: k.headers })).status).toBe(200)
    const other = await t.json('/v2/me/apikey', { headers: { ...k.headers, origin: 'https://evil.example' } })
    expect([other.status, other.body.errors[0].message]).toEqual([403, 'Origin not allowed'])
  })

  test('a revoked key → 403 invalid_api_key', async () => {
    const k = await keyOf(newUser())
    expect((await t.json('/v2/me/apikey', { headers: k.headers })).status).toBe(200)
    store.db.update(apiKeys).set({ revokedAt: t.clock.now }).where(eq(apiKeys.id, k.id)).run()
    const r = await t.json('/v2/me/apikey', { headers: k.headers })
    expect([r.status, r.body.errors[0].code]).toEqual([403, 'invalid_api_key'])
  })
})

describe('credits spent by generation', () => {
  test('a useCredits key spends one credit per job and is refused with nothing queued when empty', async () => {
    const user = newUser()
    const k = await keyOf(user, true)
    await createCreditLedger(store.db).add({ userId: user, amount: 2, now: t.clock.now })
    const jobsOfKey = () => store.db.select().from(jobs).where(eq(jobs.apiKeyId, k.id)).all().length

    for (const seed of [7101, 7102]) {
      const r = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed)), headers: k.headers })
      expect(r.status).toBe(202)
    }
    await t.api.idle()
    expect(jobsOfKey()).toBe(2)
    const credits = await t.json('/v2/me/credits', { headers: k.headers })
    expect(credits.body.credit.all).toEqual({ balance: 0, total: 2 })
    // The last credit spent tells the owner once.
    expect((await listNotifications(store.db, user)).map((n) => n.title)).toEqual(['Credits used up'])

    const refused = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(7103)), headers: k.headers })
    expect([refused.status, refused.body.errors[0].code]).toEqual([429, 'insufficient_credits'])
    expect(jobsOfKey()).toBe(2)
  })

  test('a key without useCredits spends nothing; a refused request gets its credit back', async () => {
    const user = newUser()
    const plain = await keyOf(user)
    const paying = await keyOf(user, true)
    await createCreditLedger(store.db).add({ userId: user, amount: 5, now: t.clock.now })
    expect((await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(7201)), headers: plain.headers })).status).toBe(202)
    const bad = await t.json('/v2/queue', { method: 'POST', body: uploadForm(new Uint8Array([1, 2, 3])), headers: paying.headers })
    expect(bad.status).toBe(400)
    await t.api.idle()
    expect((await createCreditLedger(store.db).summary(user, t.clock.now)).all.balance).toBe(5)
  })
})

describe('grants from subscriptions', () => {
  test('a valid feat_pack subscription grants ad_free; expired or past expiresAt does not', async () => {
    const user = newUser()
    const k = await keyOf(user)
    const grants = async () => (await t.json('/v2/me', { headers: k.headers })).body.grants
    expect((await grants()).ad_free).toBe(false)
    await addSubscription(store.db, { id: `s${seq}a`, userId: user, productGroup: 'feat_pack', status: 'expired', now: t.clock.now })
    await addSubscription(store.db, { id: `s${seq}b`, userId: user, productGroup: 'feat_pack', status: 'active', now: t.clock.now, expiresAt: t.clock.now - 1 })
    expect((await grants()).ad_free).toBe(false)
    await addSubscription(store.db, { id: `s${seq}c`, userId: user, productGroup: 'request_speed', status: 'cancelled', now: t.clock.now, expiresAt: t.clock.now + DAY })
    const g = await grants()
    expect(g.per_minute).toBe(240)
    expect(g.ad_free).toBe(false)
    expect((await t.json('/v2/me/apikey', { headers: k.headers })).body.key.subscription).toBe('request_speed')
    await addSubscription(store.db, { id: `s${seq}d`, userId: user, productGroup: 'feat_pack', status: 'paused', now: t.clock.now })
    expect(await grants()).toMatchObject({ ad_free: true, skin_edit_duration: 72, private_skins: true })
    t.clock.now += 2 * DAY
    const later = await grants()
    expect([later.per_minute, later.ad_free]).toEqual([120, true])
  })
})

describe('removing a reported skin', () => {
  test('soft-deletes it and notifies the owner behind the creating key once', async () => {
    const user = newUser()
    const k = await keyOf(user)
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(7301), { name: 'Reported' }), headers: k.headers })
    await t.api.idle()
    const uuid = (await t.json(`/v2/queue/${sub.body.job.id}`, { headers: k.headers })).body.job.result as string
    const row = store.db.select().from(skins).where(eq(skins.uuid, uuid)).get()!
    store.db.insert(skinReports).values({ skinId: row.id, reporter: 'user:x', reason: 'skin', createdAt: t.clock.now }).run()
    store.db.insert(skinReports).values({ skinId: row.id, reporter: 'user:y', reason: 'name', createdAt: t.clock.now }).run()
    expect(await removeReportedSkin(store.db, uuid, t.clock.now)).toEqual({ uuid, reports: 2, notifiedUsers: [user] })
    expect((await t.json(`/v2/skins/${uuid}`)).status).toBe(404)
    const notes = await listNotifications(store.db, user)
    expect(notes.map((n) => [n.title, n.level])).toEqual([['Skin removed', 'warning']])
    expect(notes[0]!.message).toContain('“Reported”')
    expect(await removeReportedSkin(store.db, uuid, t.clock.now)).toBeNull()
  })
})
