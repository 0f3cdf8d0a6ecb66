/**
 * The one v1 route that changes state over GET, `GET /generate/user/{uuid}` (MineskinClient 1.x's
 * `generateUser(uuid, options, callback)`), acts without the visitor's cookies
 * (./without-cookies.ts): another site's `location.href`, or an `<img>` on a page of this site, makes
 * the browser send it with the SameSite=Lax session and client cookies, and nothing may land in the
 * visitor's skins. An API key (header or `?key=`) still names its owner; the POST forms keep the
 * cookies of this site's own pages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startMojangStandIn, type MojangStandIn } from '../../../test/support/mojang-stand-in'
import { makeSkinPng } from '../image/fixtures'
import { apiKeyWith, jsonInit, startTestApi, TEST_PUBLIC_URL, type TestApi } from '../testing/api-harness'
import { openTestSession } from '../testing/test-session'
import { openStore } from '../store/db'
import { loadSessionSecret } from '../users/identity/session'

let mojang: MojangStandIn
let t: TestApi
/** The signed-in victim's cookies: the API session and the anonymous client cookie of the same browser. */
let victim: string
/** An anonymous victim's client cookie. */
let anonymousVictim: string
let players: { id: string; name: string }[]

/** Headers Chromium sends with a top-level navigation started by another site (`location.href = …`). */
const CROSS_SITE_NAVIGATION = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' }
/** Headers of an `<img src>` on a page of this very site (no Origin: an image GET is no CORS request). */
const SAME_SITE_IMAGE = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image', referer: `${TEST_PUBLIC_URL}/skins` }

const mySkins = async (headers: Record<string, string>) => ((await t.json('/v2/me/skins', { headers })).body.skins as { uuid: string }[]).map((s) => s.uuid)

beforeAll(async () => {
  mojang = await startMojangStandIn({ accounts: 0, keyBits: 1024 })
  players = []
  for (let i = 0; i < 6; i++) players.push(await mojang.addPlayer(`Get_Target_${i}`, makeSkinPng(6201 + i)))
  t = await startTestApi({ env: { MOJANG_API_BASE: mojang.apiBase, MOJANG_SESSION_BASE: mojang.sessionBase, MOJANG_TEXTURES_BASE: mojang.texturesBase } })
  const client = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
  const store = openStore(t.dir)
  const { token } = await openTestSession(store.db, loadSessionSecret(t.dir), { sub: 'c'.repeat(32), now: t.clock.now })
  store.close()
  victim = `ssg_api=${token}; ${client}`
  anonymousVictim = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
}, 60_000)
afterAll(async () => {
  await t?.close()
  await mojang?.stop()
})

describe('GET /generate/user/{uuid} with the visitor’s cookies', () => {
  test('another site’s navigation adds nothing to the signed-in victim’s skins, and keeps their client cookie', async () => {
    expect(await mySkins({ cookie: victim })).toEqual([])
    const res = await t.call(`/generate/user/${players[0]!.id}?visibility=0`, { headers: { cookie: victim, ...CROSS_SITE_NAVIGATION } })
    expect(res.status).toBe(200)
    const body = await res.json()
    // It ran as an anonymous caller, and says why.
    expect(body.warnings.map((w: { code: string }) => w.code)).toContain('cookies_ignored')
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await mySkins({ cookie: victim })).toEqual([])
    // The skin exists, owned by nobody: the victim cannot edit it either.
    const user = await t.json(`/v2/skins/${body.uuid}/user`, { headers: { cookie: victim } })
    expect(user.body.user).toMatchObject({ isOwner: false, hasGenerated: false })
  })

  test('an <img> on a page of this site adds nothing to an anonymous visitor’s skins (client cookie only)', async () => {
    const res = await t.call(`/generate/user/${players[1]!.id}`, { headers: { cookie: anonymousVictim, ...SAME_SITE_IMAGE } })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await mySkins({ cookie: anonymousVictim })).toEqual([])
  })

  test('HEAD, which the GET route answers too, adds nothing either', async () => {
    const res = await t.call(`/generate/user/${players[2]!.id}`, { method: 'HEAD', headers: { cookie: victim, ...CROSS_SITE_NAVIGATION } })
    expect(res.status).toBe(200)
    expect(await mySkins({ cookie: victim })).toEqual([])
  })

  test('an API key in the query or the header names the key’s owner, cookies or not', async () => {
    const key = await apiKeyWith(t, {})
    const raw = key.authorization.slice('Bearer '.length)
    const viaQuery = await t.json(`/generate/user/${players[3]!.id}?key=${raw}`, { headers: { cookie: victim } })
    const viaHeader = await t.json(`/generate/user/${players[4]!.id}`, { headers: { ...key, 'user-agent': 'MineSkin-JavaClient' } })
    expect([viaQuery.status, viaHeader.status]).toEqual([200, 200])
    expect(viaQuery.body.warnings.map((w: { code: string }) => w.code)).not.toContain('cookies_ignored')
    expect((await mySkins(key)).sort()).toEqual([viaQuery.body.uuid, viaHeader.body.uuid].sort())
    expect(await mySkins({ cookie: victim })).toEqual([])
  })

  test('the POST route still counts the cookies of this site’s own pages', async () => {
    const res = await t.json('/generate/user', jsonInit({ uuid: players[5]!.id }, { headers: { cookie: victim, origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' } }))
    expect(res.status).toBe(200)
    expect(await mySkins({ cookie: victim })).toEqual([res.body.uuid])
    // …and refuses the same POST from another site (./../routes/cors.ts).
    const foreign = await t.json('/generate/user', jsonInit({ uuid: players[5]!.id }, { headers: { cookie: victim, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }))
    expect([foreign.status, foreign.body.errorCode]).toEqual([403, 'origin_not_allowed'])
  })
})
