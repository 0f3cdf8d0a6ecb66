import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createApiKey } from '../users/identity'
import { testSessionToken } from '../testing/test-session'
import { makeSkinPng } from '../image/fixtures'
import { openStore } from '../store/db'
import { apiKeys } from '../store/schema'
import { startTestApi, TEST_PUBLIC_URL, uploadForm, type TestApi } from '../testing/api-harness'
import { corsPolicy, foreignCookieWrite } from './cors'

/** The site itself (PUBLIC_URL), an allowlisted tool, an origin a key is restricted to, and a stranger on another port of the same host. */
const OWN = TEST_PUBLIC_URL
const LISTED = 'https://tools.example'
const KEYED = 'https://keyed.example'
const FOREIGN = 'http://ssg.test:8081'

let t: TestApi
let userCookie: string
let clientCookie: string
let restrictedKey: string
let openKey: string
let userSkin: string
let clientSkin: string

async function make(headers: Record<string, string>, seed: number, name: string) {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed), { name }), headers })
  expect(sub.status).toBe(202)
  await t.api.idle()
  return (await t.json(`/v2/queue/${sub.body.job.id}`, { headers })).body.job.result as string
}

beforeAll(async () => {
  t = await startTestApi({ env: { CORS_ORIGINS: `${LISTED}/,https://other.example` } })
  const store = openStore(t.dir)
  restrictedKey = (await createApiKey(store.db, { name: 'web tool', userId: 'ef'.repeat(16) })).key
  store.db.update(apiKeys).set({ allowedOrigins: JSON.stringify([KEYED]) }).where(eq(apiKeys.name, 'web tool')).run()
  openKey = (await createApiKey(store.db, { name: 'plugin' })).key
  store.close()
  userCookie = `ssg_api=${await testSessionToken(t.dir, { sub: 'cd'.repeat(16), now: t.clock.now, ttlSeconds: 3600 })}`
  userSkin = await make({ cookie: userCookie }, 2101, 'User Skin')
  clientCookie = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
  clientSkin = await make({ cookie: clientCookie }, 2102, 'Client Skin')
})
afterAll(() => t.close())

const preflight = (path: string, origin: string, method = 'PATCH') =>
  t.call(path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, authorization' } })
const acao = (res: Response) => res.headers.get('access-control-allow-origin')
const acac = (res: Response) => res.headers.get('access-control-allow-credentials')
const skinName = async (uuid: string) => (await t.json(`/v2/skins/${uuid}`)).body.skin.name as string
const rename = (uuid: string, name: string, headers: Record<string, string>) =>
  t.json(`/v2/skins/${uuid}`, { method: 'PATCH', body: JSON.stringify({ name }), headers: { 'content-type': 'application/json', ...headers } })

describe('preflights', () => {
  test('the own origin and allowlisted origins get credentialed CORS for every method', async () => {
    for (const origin of [OWN, LISTED, 'https://other.example']) {
      const res = await preflight(`/v2/skins/${userSkin}`, origin)
      expect(res.status).toBe(204)
      expect(acao(res)).toBe(origin)
      expect(acac(res)).toBe('true')
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH')
      expect(res.headers.get('vary')).toContain('Origin')
    }
  })

  test('any other origin (a key origin too: preflights carry no key) gets `*` without credentials, Authorization allowed', async () => {
    for (const origin of [FOREIGN, KEYED, 'null']) {
      const res = await preflight('/v2/me/skins', origin, 'GET')
      expect(res.status).toBe(204)
      expect(acao(res)).toBe('*')
      expect(acac(res)).toBeNull()
      expect(res.headers.get('access-control-allow-headers')).toContain('Authorization')
    }
  })
})

describe('actual responses', () => {
  test('per-user answers are readable by trusted pages only', async () => {
    for (const origin of [OWN, LISTED]) {
      const res = await t.call('/v2/me/skins', { headers: { origin, cookie: userCookie } })
      expect(res.status).toBe(200)
      expect(acao(res)).toBe(origin)
      expect(acac(res)).toBe('true')
      expect(res.headers.get('vary')).toContain('Origin')
      expect(res.headers.get('access-control-expose-headers')).toContain('MineSkin-Breadcrumb')
    }
    for (const path of ['/v2/me/skins', '/v2/me', '/v2/queue', '/v2/delay', `/v2/skins/${userSkin}/user`]) {
      const res = await t.call(path, { headers: { origin: FOREIGN, cookie: userCookie } })
      expect(acao(res)).toBeNull()
      expect(acac(res)).toBeNull()
      expect(res.headers.get('vary')).toContain('Origin')
    }
  })

  test('public reads answer `*` without credentials to other origins', async () => {
    for (const path of ['/v2/skins', '/v2/skins/popular', `/v2/skins/${userSkin}`, `/v2/skins/${userSkin}/tags`, '/v2/stats', '/v2/capes', '/v2/signing-key']) {
      const res = await t.call(path, { headers: { origin: FOREIGN, cookie: userCookie } })
      expect(res.status).toBe(200)
      expect(acao(res)).toBe('*')
      expect(acac(res)).toBeNull()
    }
    // Files and caller-independent data are `*` for everyone, with or without Origin.
    const stats = await t.call('/v2/stats', { headers: { origin: OWN } })
    expect(acao(stats)).toBe('*')
    expect(acao(await t.call('/v2/stats'))).toBe('*')
    // Without Origin nothing else carries CORS headers.
    expect(acao(await t.call('/v2/skins'))).toBeNull()
    // The site itself still reads lists with credentials.
    const own = await t.call('/v2/skins', { headers: { origin: OWN } })
    expect([acao(own), acac(own)]).toEqual([OWN, 'true'])
  })

  test('API keys: credentialed CORS from the key’s allowedOrigins, `*` for a key usable anywhere', async () => {
    const restricted = await t.call('/v2/me/skins', { headers: { origin: KEYED, authorization: `Bearer ${restrictedKey}` } })
    expect(restricted.status).toBe(200)
    expect([acao(restricted), acac(restricted)]).toEqual([KEYED, 'true'])
    const elsewhere = await t.json('/v2/me/skins', { headers: { origin: FOREIGN, authorization: `Bearer ${restrictedKey}` } })
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.body.errors[0].code).toBe('invalid_api_key')
    expect(acac(elsewhere.res)).toBeNull()
    const open = await t.call('/v2/me/skins', { headers: { origin: FOREIGN, authorization: `Bearer ${openKey}` } })
    expect(open.status).toBe(200)
    expect([acao(open), acac(open)]).toEqual(['*', null])
  })
})

describe('cookie-authenticated writes check Origin', () => {
  test('a signed-in visitor’s rename from another origin is refused with origin_not_allowed and changes nothing', async () => {
    const attempts: Record<string, string>[] = [{ origin: FOREIGN }, { origin: 'null' }, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }]
    for (const headers of attempts) {
      const res = await rename(userSkin, 'Hacked', { cookie: userCookie, ...headers })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ success: false, errors: [{ code: 'origin_not_allowed' }] })
    }
    const del = await t.json(`/v2/skins/${userSkin}`, { method: 'DELETE', headers: { cookie: userCookie, origin: FOREIGN } })
    expect(del.body.errors[0].code).toBe('origin_not_allowed')
    // A form POST (no preflight) with the anonymous client cookie is refused as well.
    const form = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(2103)), headers: { cookie: clientCookie, origin: FOREIGN } })
    expect(form.body.errors[0].code).toBe('origin_not_allowed')
    expect(await skinName(userSkin)).toBe('User Skin')
  })

  test('the same write from the site, its own request origin, an allowlisted page or without Origin works', async () => {
    expect((await rename(userSkin, 'From Site', { cookie: userCookie, origin: OWN })).status).toBe(200)
    expect(await skinName(userSkin)).toBe('From Site')
    // The web app forwards /api/* with its own host: the request's own origin is the site.
    expect((await rename(userSkin, 'Same Host', { cookie: userCookie, origin: 'http://api.local' })).status).toBe(200)
    expect((await rename(userSkin, 'Listed', { cookie: userCookie, origin: LISTED })).status).toBe(200)
    // Servers, curl, the Java client and the web app's in-process calls send no Origin.
    expect((await rename(clientSkin, 'No Origin', { cookie: clientCookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200)
    expect(await skinName(clientSkin)).toBe('No Origin')
  })

  test('writes without the API’s cookies are not refused for their origin (keys work from any page)', async () => {
    const anon = await rename(clientSkin, 'Anon', { origin: FOREIGN })
    expect(anon.status).toBe(401)
    const keyed = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(2104)), headers: { origin: FOREIGN, authorization: `Bearer ${openKey}` } })
    expect(keyed.status).toBe(202)
    expect(acao(keyed.res)).toBe('*')
    // A restricted key from its own origin may even carry cookies.
    const fromKeyOrigin = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(2105)), headers: { origin: KEYED, authorization: `Bearer ${restrictedKey}`, cookie: clientCookie } })
    expect(fromKeyOrigin.status).toBe(202)
    await t.api.idle()
  })
})

describe('policy', () => {
  const policy = corsPolicy({ publicUrl: 'https://skins.example/app', corsOrigins: ['https://tools.example'] })
  test('trusts the PUBLIC_URL origin, the allowlist and the request’s own origin, nothing else', () => {
    expect(policy.isTrusted('https://skins.example', 'http://internal:8787/v2/me')).toBe(true)
    expect(policy.isTrusted('https://tools.example', 'http://internal:8787/v2/me')).toBe(true)
    expect(policy.isTrusted('http://internal:8787', 'http://internal:8787/v2/me')).toBe(true)
    for (const origin of ['http://skins.example', 'https://skins.example:8443', 'https://evil.skins.example', 'https://tools.example.evil', 'null']) {
      expect(policy.isTrusted(origin, 'http://internal:8787/v2/me')).toBe(false)
    }
  })

  test('safe methods and requests without the API’s cookies are never refused', () => {
    const who = { apiKeyOrigins: null }
    const foreign = { origin: 'https://evil.example', secFetchSite: 'cross-site' }
    expect(foreignCookieWrite({ method: 'GET', ...foreign }, { ssg_api: 'x' }, false, who)).toBeNull()
    expect(foreignCookieWrite({ method: 'POST', ...foreign }, { other: 'x' }, false, who)).toBeNull()
    expect(foreignCookieWrite({ method: 'POST', ...foreign }, { ssg_client: 'x' }, false, who)?.code).toBe('origin_not_allowed')
  })
})
