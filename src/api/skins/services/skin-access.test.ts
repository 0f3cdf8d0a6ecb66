/**
 * Unlisted means unlisted on every API (docs/api.md "Visibility"): over a gallery of public,
 * unlisted and private skins made by three different owners (a browser's client cookie, an API key,
 * a signed-in user), a stranger who walks every v1 integer id, tries short ids, signed values and
 * texture URLs gets the public skins only; an unlisted skin answers its uuid link; owners keep
 * every way to their own skins.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../image/fixtures'
import { apiKeyWith, jsonInit, startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'
import { openTestSession } from '../../testing/test-session'
import { openStore } from '../../store/db'
import { loadSessionSecret } from '../../users/identity/session'

interface Made {
  uuid: string
  shortId: string
  value: string
  textureUrl: string
  id: number
}

let t: TestApi
/** Request headers of each owner, and of strangers. */
const who: Record<'cookieOwner' | 'keyOwner' | 'userOwner' | 'strangerCookie' | 'strangerKey' | 'nobody', Record<string, string>> = {
  cookieOwner: {},
  keyOwner: {},
  userOwner: {},
  strangerCookie: {},
  strangerKey: {},
  nobody: {},
}
const skins: Record<'public1' | 'public2' | 'public3' | 'unlistedByCookie' | 'unlistedByKey' | 'privateByKey' | 'unlistedByUser' | 'privateByUser', Made> = {} as never
const OWNER_OF: Record<keyof typeof skins, keyof typeof who | null> = {
  public1: null,
  public2: null,
  public3: null,
  unlistedByCookie: 'cookieOwner',
  unlistedByKey: 'keyOwner',
  privateByKey: 'keyOwner',
  unlistedByUser: 'userOwner',
  privateByUser: 'userOwner',
}

/** Generates a skin through the v2 queue as `as`; returns what a stranger might learn of it. */
async function make(seed: number, visibility: string, as: Record<string, string>): Promise<Made> {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed), { visibility }), headers: as })
  if (sub.status >= 300) throw new Error(JSON.stringify(sub.body))
  await t.api.idle()
  const job = await t.json(`/v2/queue/${sub.body.job.id}`, { headers: as })
  const skin = job.body.skin
  const v1 = await t.json(`/get/uuid/${skin.uuid}`, { headers: as })
  return { uuid: skin.uuid, shortId: skin.shortId, value: skin.texture.data.value, textureUrl: v1.body.data.texture.url.replace('https://', 'http://'), id: v1.body.id }
}

beforeAll(async () => {
  t = await startTestApi()
  const cookie = async () => ({ cookie: (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]! })
  who.cookieOwner = await cookie()
  who.strangerCookie = await cookie()
  who.keyOwner = await apiKeyWith(t, {})
  who.strangerKey = await apiKeyWith(t, {})
  const store = openStore(t.dir)
  const session = await openTestSession(store.db, loadSessionSecret(t.dir), { sub: 'b'.repeat(32), grants: { private_skins: true }, now: t.clock.now })
  store.close()
  who.userOwner = { cookie: `ssg_api=${session.token}` }

  skins.public1 = await make(5101, 'public', who.nobody)
  skins.unlistedByCookie = await make(5102, 'unlisted', who.cookieOwner)
  skins.unlistedByKey = await make(5103, 'unlisted', who.keyOwner)
  skins.public2 = await make(5104, 'public', who.cookieOwner)
  skins.privateByKey = await make(5105, 'private', who.keyOwner)
  skins.unlistedByUser = await make(5106, 'unlisted', who.userOwner)
  skins.privateByUser = await make(5107, 'private', who.userOwner)
  skins.public3 = await make(5108, 'public', who.keyOwner)
}, 60_000)
afterAll(() => t.close())

const hidden = () => (Object.keys(skins) as (keyof typeof skins)[]).filter((k) => OWNER_OF[k] !== null)
const publicUuids = () => [skins.public1.uuid, skins.public2.uuid, skins.public3.uuid].sort()

/** Every skin `as` reaches by walking v1 integer ids from 1 past the last one. */
async function walkV1Ids(as: Record<string, string>): Promise<string[]> {
  const last = Math.max(...Object.values(skins).map((s) => s.id))
  const found: string[] = []
  for (let id = 1; id <= last + 5; id++) {
    const r = await t.json(`/get/id/${id}`, { headers: as })
    if (r.status === 200) found.push(r.body.uuid)
    else expect(r.status, `/get/id/${id}`).toBe(404)
  }
  return found.sort()
}

describe('walking the v1 integer ids', () => {
  test('a stranger — no credentials, another cookie, another key — gets the public skins and 0 unlisted or private ones', async () => {
    expect(Object.values(skins).map((s) => s.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    for (const as of [who.nobody, who.strangerCookie, who.strangerKey]) expect(await walkV1Ids(as)).toEqual(publicUuids())
  })

  test('each owner also reaches their own unlisted and private skins by id, and nobody else’s', async () => {
    for (const owner of ['cookieOwner', 'keyOwner', 'userOwner'] as const) {
      const own = hidden().filter((k) => OWNER_OF[k] === owner).map((k) => skins[k].uuid)
      expect(await walkV1Ids(who[owner]), owner).toEqual([...publicUuids(), ...own].sort())
    }
  })
})

describe('the other look-ups', () => {
  test('an unlisted skin answers its uuid link (v2 and v1, plain and dashed) to anyone; a private one only to its owner', async () => {
    for (const k of hidden()) {
      const { uuid } = skins[k]
      const dashed = uuid.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')
      const expected = k.startsWith('unlisted') ? 200 : 404
      for (const path of [`/v2/skins/${uuid}`, `/v2/skins/${dashed}`, `/get/uuid/${uuid}`, `/get/uuid/${dashed}`, `/get/id/${uuid}`]) {
        expect((await t.call(path, { headers: who.strangerCookie })).status, `${k} ${path}`).toBe(expected)
        expect((await t.call(path, { headers: who[OWNER_OF[k]!] })).status, `${k} ${path} (owner)`).toBe(200)
      }
    }
  })

  test('by 8-hex short id (2³² values: guessable) or by the signed value a game server hands its players: owner only', async () => {
    for (const k of hidden()) {
      const { shortId, value } = skins[k]
      for (const path of [`/v2/skins/${shortId}`, `/v2/skins/${shortId}/texture`, `/v2/skins/${shortId}/similar`, `/get/forTexture/${encodeURIComponent(value)}`]) {
        expect((await t.call(path, { headers: who.strangerKey })).status, `${k} ${path}`).toBe(404)
        expect((await t.call(path, { headers: who[OWNER_OF[k]!] })).status, `${k} ${path} (owner)`).toBeLessThan(400)
      }
    }
    // Public skins answer every form, as before.
    expect((await t.call(`/v2/skins/${skins.public1.shortId}`)).status).toBe(200)
    expect((await t.call(`/get/forTexture/${encodeURIComponent(skins.public1.value)}`)).status).toBe(200)
  })

  test('generating from an unlisted skin’s texture URL or short link never hands a stranger that skin', async () => {
    // Its owner gets their own skin back; a stranger a new public skin on the same texture.
    const own = await t.json('/v2/generate', jsonInit({ url: skins.unlistedByCookie.textureUrl }, { headers: who.cookieOwner }))
    expect(own.body.skin.uuid).toBe(skins.unlistedByCookie.uuid)
    const fromTexture = await t.json('/v2/generate', jsonInit({ url: skins.unlistedByCookie.textureUrl }, { headers: who.strangerCookie }))
    expect(fromTexture.status).toBe(200)
    expect(fromTexture.body.skin.uuid).not.toBe(skins.unlistedByCookie.uuid)
    expect(fromTexture.body.skin.visibility).toBe('public')
    // A link to our own site by short id names no skin a stranger may see; the uuid link does.
    const byShort = await t.json('/v2/generate', jsonInit({ url: `http://ssg.test/skins/${skins.unlistedByKey.shortId}` }, { headers: who.strangerCookie }))
    expect([byShort.status, byShort.body.errors?.[0]?.code]).toEqual([400, 'invalid_image_url'])
    const byUuid = await t.json('/v2/generate', jsonInit({ url: `http://ssg.test/skins/${skins.unlistedByKey.uuid}` }, { headers: who.strangerCookie }))
    expect(byUuid.body.skin.uuid).toBe(skins.unlistedByKey.uuid)
  })
})
