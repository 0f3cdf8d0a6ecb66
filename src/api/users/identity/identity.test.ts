import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { textureKey } from '../../blob/blob-store'
import { createSqliteBlobStore } from '../../blob/sqlite-blob-store'
import { KNOWN_CAPES } from '../../capes/capes'
import { makeSkinPng } from '../../image/fixtures'
import { eq } from 'drizzle-orm'
import { openStore, type BunStore } from '../../store/db'
import { accountSessions, users } from '../../store/schema'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'
import { openTestSession } from '../../testing/test-session'
import { createApiKey, loadSessionSecret, signApiSession, verifyApiSession } from './index'

let t: TestApi
let key: string
let secret: string
let store: BunStore
const USER = 'ab'.repeat(16)
const SID = '5e'.repeat(16)

beforeAll(async () => {
  t = await startTestApi()
  store = openStore(t.dir)
  key = (await createApiKey(store.db, { name: 'plugin' })).key
  await createSqliteBlobStore(store.sqlite).put(textureKey(KNOWN_CAPES[1]!.hash), makeSkinPng(77, { height: 32 }), 'image/png')
  secret = loadSessionSecret(t.dir)
})
afterAll(() => {
  store.close()
  t.close()
})

/** A live session's token for `sub` with `grants` in its claims. */
const sessionToken = async (sub: string, grants: Record<string, unknown> = {}) => (await openTestSession(store.db, secret, { sub, grants, now: t.clock.now })).token

describe('API keys', () => {
  test('short keys → 403 invalid_api_key with the length cause; unknown keys → 403', async () => {
    const short = await t.json('/v2/skins', { headers: { authorization: 'Bearer abc' } })
    expect(short.status).toBe(403)
    expect(short.body.errors).toEqual([
      { code: 'invalid_api_key', message: 'Invalid API Key' },
      { code: 'invalid_api_key_length', message: 'API keys are at least 64 characters long' },
    ])
    const unknown = await t.json('/v2/skins', { headers: { authorization: `Bearer ${'x'.repeat(70)}` } })
    expect(unknown.status).toBe(403)
    expect(unknown.body.errors).toEqual([{ code: 'invalid_api_key', message: 'Invalid API Key' }])
  })

  test('a header that is not `Bearer <key>` carries no key, as on MineSkin: anonymous, with a warning saying why', async () => {
    // MineSkin middleware/apikey.ts reads a key only from `authHeader.startsWith("Bearer ")`.
    for (const authorization of [key, `bearer ${key}`, `BEARER ${key}`, `Basic ${key}`, 'Bearer', 'Bearer   ', `Token ${key}`]) {
      const r = await t.json('/v2/me/client', { headers: { authorization, 'user-agent': 'KeyTest/1' } })
      expect({ authorization, status: r.status }).toEqual({ authorization, status: 200 })
      expect(r.body.client.key).toBeUndefined()
      expect(r.body.warnings.map((w: { code: string }) => w.code)).toEqual(['invalid_authorization', 'no_api_key'])
      expect(r.body.warnings[0].message).toContain('Authorization: Bearer <key>')
      expect(JSON.stringify(r.body)).not.toContain(key)
    }
    const generated = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1091)), headers: { authorization: key } })
    expect(generated.status).toBe(202)
    expect(generated.body.rateLimit.limit.minute.limit).toBe(20)
    expect(generated.body.warnings.map((w: { code: string }) => w.code)).toContain('invalid_authorization')
  })

  test('`Bearer <key>` with extra spaces is the key; no warning', async () => {
    const r = await t.json('/v2/me/client', { headers: { authorization: `  Bearer   ${key}  `, 'user-agent': 'KeyTest/1' } })
    expect(r.status).toBe(200)
    expect(r.body.client.key).toEqual(expect.any(String))
    expect(r.body.warnings).toEqual([])
  })

  test('a valid key gets the apikey grants, private skins, capes, and its own job list', async () => {
    const auth = { authorization: `Bearer ${key}`, 'user-agent': 'KeyTest/1' }
    const cape = KNOWN_CAPES[1]!
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1001), { visibility: 'private', cape: cape.uuid }), headers: auth })
    expect(sub.status).toBe(202)
    expect(sub.body.warnings).toEqual([])
    expect(sub.body.rateLimit.limit.minute.limit).toBe(120)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`, { headers: auth })
    expect(job.body.skin.visibility).toBe('private')
    expect(job.body.skin.texture.hash.cape).toBe(cape.hash)
    expect(job.body.skin.texture.url.cape).toBe(`http://ssg.test/textures/${cape.hash}`)
    const value = JSON.parse(Buffer.from(job.body.skin.texture.data.value, 'base64').toString('utf8'))
    expect(value.textures.CAPE.url).toBe(`http://ssg.test/textures/${cape.hash}`)
    const list = await t.json('/v2/queue', { headers: auth })
    expect(list.body.jobs.map((j: { id: string }) => j.id)).toEqual([sub.body.job.id])
  })
})

describe('API session cookie (ssg_api)', () => {
  test('sign/verify round trip; wrong secret and expiry are refused with jose codes', async () => {
    const token = await signApiSession(secret, { sub: USER, sid: SID, grants: { per_minute: 7 } }, { now: t.clock.now })
    const ok = await verifyApiSession(secret, token, t.clock.now)
    expect(ok).toEqual({ ok: true, claims: { sub: USER, sid: SID, grants: { per_minute: 7 } } })
    expect((await verifyApiSession('f'.repeat(64), token, t.clock.now)).ok).toBe(false)
    const expired = await verifyApiSession(secret, token, t.clock.now + 2 * 3_600_000)
    expect(expired).toEqual({ ok: false, reason: 'ERR_JWT_EXPIRED' })
  })

  test('a signed-in user gets user grants (claims override them) and owns what they create', async () => {
    const token = await sessionToken(USER, { per_minute: 2 })
    const headers = { cookie: `ssg_api=${token}`, 'user-agent': 'Browser/1' }
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1002), { visibility: 'private' }), headers })
    expect(sub.status).toBe(202)
    expect(sub.body.rateLimit.limit.minute.limit).toBe(2)
    expect(sub.body.warnings).toEqual([])
    await t.api.idle()
    const uuid = (await t.json(`/v2/queue/${sub.body.job.id}`, { headers })).body.job.result
    const user = await t.json(`/v2/skins/${uuid}/user`, { headers })
    expect(user.body.user).toEqual({ isOwner: true, hasGenerated: true, canEdit: true, canDelete: true })
    expect((await t.json(`/v2/skins/${uuid}`)).status).toBe(404)
    await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1003)), headers })
    expect((await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1004)), headers })).status).toBe(429)
  })

  test("a key sent with a session cookie acts as the key's owner, never as the cookie's user", async () => {
    const token = await sessionToken(USER)
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1005)), headers: { cookie: `ssg_api=${token}`, 'user-agent': 'Browser/1' } })
    expect(sub.status).toBe(202)
    await t.api.idle()
    const uuid = (await t.json(`/v2/queue/${sub.body.job.id}`, { headers: { cookie: `ssg_api=${token}` } })).body.job.result
    const mine = { cookie: `ssg_api=${token}`, 'user-agent': 'Browser/1' }
    expect((await t.json(`/v2/skins/${uuid}/user`, { headers: mine })).body.user.isOwner).toBe(true)
    // The same cookie beside a key that has no user: the key decides, so the skin is not the caller's.
    const keyed = { ...mine, authorization: `Bearer ${key}` }
    expect((await t.json(`/v2/skins/${uuid}/user`, { headers: keyed })).body.user.isOwner).toBe(false)
    const listed = await t.json('/v2/me/skins', { headers: keyed })
    expect(listed.body.skins.map((x: { uuid: string }) => x.uuid)).not.toContain(uuid)
    expect((await t.json('/v2/me/skins', { headers: mine })).body.skins.map((x: { uuid: string }) => x.uuid)).toContain(uuid)
  })

  test('a broken session cookie is a warning (invalid_jwt) and the caller is anonymous', async () => {
    const r = await t.json('/v2/skins', { headers: { cookie: 'ssg_api=not.a.jwt', 'user-agent': 'Browser/1' } })
    expect(r.status).toBe(200)
    expect(r.body.warnings.map((w: { code: string }) => w.code)).toEqual(['invalid_jwt', 'no_api_key'])
  })

  test('a token counts only while its session lives: revoked, another user\'s or no session → anonymous', async () => {
    const who = 'c1'.repeat(16)
    const { token, sessionId } = await openTestSession(store.db, secret, { sub: who, now: t.clock.now })
    const me = (cookie: string) => t.json('/v2/me', { headers: { cookie: `ssg_api=${cookie}`, 'user-agent': 'Browser/1' } })
    expect((await me(token)).status).toBe(200)
    // A token naming someone else's session, or a made-up one, is not a session of this user.
    const foreign = await signApiSession(secret, { sub: 'c2'.repeat(16), sid: sessionId }, { now: t.clock.now })
    const madeUp = await signApiSession(secret, { sub: who, sid: 'f0'.repeat(16) }, { now: t.clock.now })
    // Anonymous callers have no /v2/me (404); a refused token makes the caller anonymous.
    const anonymous = (await t.json('/v2/me', { headers: { 'user-agent': 'Browser/1' } })).status
    expect(anonymous).toBe(404)
    for (const bad of [foreign, madeUp]) expect((await me(bad)).status).toBe(anonymous)
    store.db.update(accountSessions).set({ revokedAt: t.clock.now }).where(eq(accountSessions.id, sessionId)).run()
    const after = await t.json('/v2/skins', { headers: { cookie: `ssg_api=${token}`, 'user-agent': 'Browser/1' } })
    expect(after.body.warnings.map((w: { code: string }) => w.code)).toEqual(['invalid_jwt', 'no_api_key'])
    expect((await me(token)).status).toBe(anonymous)
  })

  test('a locked user: the session token is refused and the API key answers 403 account_locked', async () => {
    const who = 'c3'.repeat(16)
    const { token } = await openTestSession(store.db, secret, { sub: who, now: t.clock.now })
    const owned = (await createApiKey(store.db, { name: 'locked', userId: who })).key
    expect((await t.json('/v2/me', { headers: { authorization: `Bearer ${owned}` } })).status).toBe(200)
    store.db.update(users).set({ lockedAt: t.clock.now }).where(eq(users.id, who)).run()
    expect((await t.json('/v2/me', { headers: { cookie: `ssg_api=${token}`, 'user-agent': 'Browser/1' } })).status).toBe(404)
    const keyed = await t.json('/v2/me', { headers: { authorization: `Bearer ${owned}` } })
    expect(keyed.status).toBe(403)
    expect(keyed.body.errors[0].code).toBe('account_locked')
    store.db.update(users).set({ lockedAt: null }).where(eq(users.id, who)).run()
    expect((await t.json('/v2/me', { headers: { authorization: `Bearer ${owned}` } })).status).toBe(200)
  })
})
