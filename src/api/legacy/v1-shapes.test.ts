/**
 * Every answer of the legacy v1 API (reference/mineskin-api.md §7) checked against
 * its schema in src/shared/schemas/api/v1.ts, in the uses the old plugins make of it: upload, PNG data
 * URL and player (through the Mojang stand-in), then every `/get/*` read of what they made, with the
 * visibility rules of the lists and of private skins, the `?key=` form of the key, and v1 errors.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { z } from 'zod'
import { startMojangStandIn, type MojangStandIn } from '../../../test/support/mojang-stand-in'
import {
  v1AnchorListResponseSchema,
  v1DelayResponseSchema,
  v1ErrorSchema,
  v1GenerateResponseSchema,
  v1PageListResponseSchema,
  v1SkinResponseSchema,
  v1StatsResponseSchema,
  type V1GenerateResponse,
} from '../../shared/schemas/api'
import { makeSkinPng } from '../image/fixtures'
import { apiKeyWith, jsonInit, startTestApi, uploadForm, type TestApi } from '../testing/api-harness'

let mojang: MojangStandIn
let t: TestApi
let player: { id: string; name: string }
/** An API key (apikey grants include `private_skins`) and a key with a 7 s generate delay. */
let ownerKey: { authorization: string }
let delayKey: string

/** The skins made in `beforeAll`, oldest first, a minute apart. */
const made: Record<'upload' | 'url' | 'user' | 'userGet' | 'priv' | 'last', V1GenerateResponse> = {} as never
/** Epoch ms each of them was made at (the test clock). */
const madeAt: Partial<Record<keyof typeof made, number>> = {}

const dataUrl = (seed: number) => `data:image/png;base64,${Buffer.from(makeSkinPng(seed)).toString('base64')}`
const urlencoded = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
})

/**
 * Calls a v1 route, expects `status`, the `MineSkin-Api-Version: v1` header and a body `schema`
 * parses; a success body must not contain `error` anywhere (Taterzens reads that as a failure).
 */
async function v1<S extends z.ZodType>(path: string, schema: S, status = 200, init?: RequestInit): Promise<{ body: z.infer<S>; res: Response }> {
  const res = await t.call(path, init)
  const text = await res.text()
  expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(status)
  expect(res.headers.get('mineskin-api-version'), path).toBe('v1')
  if (status < 300) expect(text.toLowerCase(), path).not.toContain('error')
  return { body: schema.parse(JSON.parse(text)), res }
}

beforeAll(async () => {
  mojang = await startMojangStandIn({ accounts: 0, keyBits: 1024 })
  player = await mojang.addPlayer('V1_Player', makeSkinPng(9103))
  t = await startTestApi({ env: { MOJANG_API_BASE: mojang.apiBase, MOJANG_SESSION_BASE: mojang.sessionBase, MOJANG_TEXTURES_BASE: mojang.texturesBase } })
  ownerKey = await apiKeyWith(t, {})
  delayKey = (await apiKeyWith(t, { delay: 7 })).authorization.slice('Bearer '.length)

  const steps: [keyof typeof made, string, RequestInit][] = [
    ['upload', '/generate/upload', { method: 'POST', body: uploadForm(makeSkinPng(9101, { slim: true }), { name: 'V1 upload', visibility: '0', variant: 'SLIM' }) }],
    ['url', '/generate/url', jsonInit({ url: dataUrl(9102), visibility: 1, model: 'steve', name: 'V1 unlisted' })],
    ['user', '/generate/user', urlencoded({ uuid: player.id, name: 'V1 user' })],
    ['userGet', `/generate/user/${player.id.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')}?name=V1%20user`, {}],
    ['priv', '/generate/upload', { method: 'POST', body: uploadForm(makeSkinPng(9104), { name: 'V1 private', visibility: '2' }), headers: ownerKey }],
    ['last', '/generate/url', urlencoded({ url: dataUrl(9105), name: 'V1 last', variant: 'CLASSIC' })],
  ]
  for (const [name, path, init] of steps) {
    t.clock.now += 60_000
    madeAt[name] = t.clock.now
    made[name] = (await v1(path, v1GenerateResponseSchema, 200, init)).body
  }
}, 60_000)

afterAll(async () => {
  await t?.close()
  await mojang?.stop()
})

describe('v1 generate answers', () => {
  test('each input form answers a v1 skin: integer id, dashed data.uuid, epoch-second timestamp, delayInfo, deprecation warning', () => {
    for (const [name, skin] of Object.entries(made)) {
      expect(skin.idStr, name).toBe(String(skin.id))
      // The second request for the player answers the skin of the first, made a minute earlier.
      const at = name === 'userGet' ? madeAt.user! : madeAt[name as keyof typeof made]!
      expect(skin.timestamp, name).toBe(Math.round(at / 1000))
      expect(skin.delayInfo, name).toEqual({ millis: 0, seconds: 0 })
      expect(skin.warnings.map((w) => w.code), name).toContain('deprecated')
    }
    expect(new Set(Object.values(made).map((s) => s.id)).size).toBe(5) // the GET of the same player is the same skin
  })

  test('options are read as v1 clients send them: variant in any case, model, visibility as number or string', () => {
    expect([made.upload.variant, made.upload.model, made.upload.private, made.upload.name]).toEqual(['slim', 'slim', false, 'V1 upload'])
    expect([made.url.variant, made.url.model, made.url.private]).toEqual(['classic', 'steve', true])
    expect([made.last.variant, made.last.model, made.last.private]).toEqual(['classic', 'steve', false])
    expect(made.priv.private).toBe(true)
  })

  test('a player generated twice (POST body, then GET /generate/user/{dashed uuid}) is one skin, the second a duplicate', () => {
    expect(made.user.duplicate).toBe(false)
    expect(made.userGet.duplicate).toBe(true)
    expect(made.userGet.uuid).toBe(made.user.uuid)
    expect(made.userGet.id).toBe(made.user.id)
  })

  test('a v1 generate error is the v1 error shape', async () => {
    const { body } = await v1('/generate/upload', v1ErrorSchema, 400, jsonInit({ name: 'no file' }))
    expect(body.errorCode).toBe('missing_file')
  })
})

describe('v1 reads', () => {
  test('/get/id/{id} and /get/uuid/{uuid} answer the same skin (apart from _deprecated), with delayInfo', async () => {
    const byId = (await v1(`/get/id/${made.upload.id}`, v1SkinResponseSchema)).body
    const byUuid = (await v1(`/get/uuid/${made.upload.uuid}`, v1SkinResponseSchema)).body
    expect(byId._deprecated).toBeString()
    const { _deprecated, ...rest } = byId
    expect(rest).toEqual(byUuid)
    expect(byUuid.uuid).toBe(made.upload.uuid)
    expect(byUuid.data).toEqual(made.upload.data)
    expect(byUuid.timestamp).toBe(Math.round(madeAt.upload! / 1000))
    expect(byUuid.delayInfo).toEqual({ millis: 0, seconds: 0 })
    // The dashed form of the skin uuid reads the same skin.
    const dashed = made.upload.uuid.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')
    expect((await v1(`/get/uuid/${dashed}`, v1SkinResponseSchema)).body.id).toBe(made.upload.id)
  })

  test('/get/forTexture/{value}[/{signature}] finds the skin signed with that value', async () => {
    const { value, signature } = made.last.data.texture
    const one = (await v1(`/get/forTexture/${encodeURIComponent(value)}`, v1SkinResponseSchema)).body
    const two = (await v1(`/get/forTexture/${encodeURIComponent(value)}/${encodeURIComponent(signature)}`, v1SkinResponseSchema)).body
    expect([one.uuid, two.uuid]).toEqual([made.last.uuid, made.last.uuid])
  })

  test('/get/random is a public skin', async () => {
    const { body } = await v1('/get/random', v1SkinResponseSchema)
    expect([made.upload.uuid, made.user.uuid, made.last.uuid]).toContain(body.uuid)
  })

  test('/get/stats and /get/stats/details count what was generated', async () => {
    for (const path of ['/get/stats', '/get/stats/details']) {
      const { body } = await v1(path, v1StatsResponseSchema)
      expect(body.total, path).toBeGreaterThanOrEqual(5)
      expect(body.server, path).toBe('ssg.test')
    }
  })

  test('/get/delay: anonymous, a ?key= with a delay grant, and a malformed ?key=', async () => {
    const anon = (await v1('/get/delay', v1DelayResponseSchema)).body
    expect([anon.delay, anon.seconds, anon.millis]).toEqual([0, 0, 0])
    expect(anon.next).toBe(Math.round(t.clock.now / 1000))
    const keyed = (await v1(`/get/delay?key=${delayKey}`, v1DelayResponseSchema)).body
    expect([keyed.delay, keyed.seconds, keyed.millis, keyed.delayInfo]).toEqual([7, 7, 7000, { millis: 7000, seconds: 7 }])
    const bad = (await v1('/get/delay?key=short', v1ErrorSchema, 403)).body
    expect(bad.errorCode).toBe('invalid_api_key')
  })
})

describe('v1 lists', () => {
  const listed = () => [made.last.uuid, made.user.uuid, made.upload.uuid] // public, newest first
  const hidden = () => [made.url.uuid, made.priv.uuid] // unlisted, private

  test('/get/list, /get/list/1 and /get/list/start list public skins newest first, never unlisted or private ones', async () => {
    for (const path of ['/get/list', '/get/list/1']) {
      const { body } = await v1(path, v1PageListResponseSchema)
      expect(body.skins.map((s) => s.uuid), path).toEqual(listed())
      expect([body.page.index, body.page.total], path).toEqual([1, 3])
      expect(body.skins[0]!.time, path).toBe(Math.round(madeAt.last! / 1000))
    }
    const { body } = await v1('/get/list/start', v1AnchorListResponseSchema)
    expect(body.skins.map((s) => s.uuid)).toEqual(listed())
    expect(body.page.anchor).toBe('start')
    expect(body.skins.map((s) => s.variant)).toEqual(['classic', 'classic', 'slim'])
    for (const uuid of hidden()) expect(JSON.stringify(body)).not.toContain(uuid)
  })

  test('/get/list/{uuid} continues after that skin', async () => {
    const [newest, middle, oldest] = listed() as [string, string, string]
    expect((await v1(`/get/list/${newest}`, v1AnchorListResponseSchema)).body.skins.map((s) => s.uuid)).toEqual([middle, oldest])
    expect((await v1(`/get/list/${middle}?size=1`, v1AnchorListResponseSchema)).body.skins.map((s) => s.uuid)).toEqual([oldest])
    expect((await v1(`/get/list/${oldest}`, v1AnchorListResponseSchema)).body.skins).toEqual([])
    // An unlisted skin is a valid anchor too: the public skins made before it.
    expect((await v1(`/get/list/${made.url.uuid}`, v1AnchorListResponseSchema)).body.skins.map((s) => s.uuid)).toEqual([oldest])
  })

  test('size is read with parseInt: 2.5 is 2', async () => {
    const { body } = await v1('/get/list?size=2.5', v1PageListResponseSchema)
    expect(body.skins.map((s) => s.uuid)).toEqual(listed().slice(0, 2))
    const page2 = (await v1('/get/list/2?size=2.5', v1PageListResponseSchema)).body
    expect(page2.skins.map((s) => s.uuid)).toEqual(listed().slice(2))
    expect(page2.page.index).toBe(2)
  })

  test('an unknown anchor is 404 "anchor not found" in the list shape', async () => {
    const { body } = await v1(`/get/list/${'ab'.repeat(16)}`, v1AnchorListResponseSchema, 404)
    expect(body).toEqual({ msg: 'anchor not found', skins: [], page: { anchor: 'ab'.repeat(16) } })
  })
})

describe('v1 private skins and errors', () => {
  test('a private skin is 404 to anyone but its owner, and answered to the owner uncached', async () => {
    const anon = (await v1(`/get/uuid/${made.priv.uuid}`, v1ErrorSchema, 404)).body
    expect(anon.errorCode).toBe('skin_not_found')
    expect((await v1(`/get/id/${made.priv.id}`, v1ErrorSchema, 404)).body.errorCode).toBe('skin_not_found')
    const other = `/get/uuid/${made.priv.uuid}?key=${delayKey}`
    expect((await v1(other, v1ErrorSchema, 404)).body.errorCode).toBe('skin_not_found')

    const owner = await v1(`/get/uuid/${made.priv.uuid}`, v1SkinResponseSchema, 200, { headers: ownerKey })
    expect([owner.body.uuid, owner.body.private]).toEqual([made.priv.uuid, true])
    expect(owner.res.headers.get('cache-control')).toBe('private, no-store')
    const viaQuery = await v1(`/get/id/${made.priv.id}?key=${ownerKey.authorization.slice('Bearer '.length)}`, v1SkinResponseSchema)
    expect(viaQuery.body.uuid).toBe(made.priv.uuid)
    const forTexture = `/get/forTexture/${encodeURIComponent(made.priv.data.texture.value)}`
    expect((await v1(forTexture, v1ErrorSchema, 404)).body.errorCode).toBe('skin_not_found')
  })

  test('an unlisted skin is readable by its uuid, not by its sequential integer id (the lists leave it out: above)', async () => {
    expect((await v1(`/get/uuid/${made.url.uuid}`, v1SkinResponseSchema)).body.private).toBe(true)
    expect((await v1(`/get/id/${made.url.uuid}`, v1SkinResponseSchema)).body.id).toBe(made.url.id)
    expect((await v1(`/get/id/${made.url.id}`, v1ErrorSchema, 404)).body.errorCode).toBe('skin_not_found')
  })

  test('unknown v1 routes and bad ids are v1 errors', async () => {
    for (const [path, status, code, init] of [
      ['/generate/nope', 404, 'not_found', { method: 'POST' }],
      ['/get/nope', 404, 'not_found', {}],
      ['/Get/UUID/123', 400, 'invalid_uuid', {}],
      ['/get/id/abc', 400, 'invalid_number', {}],
      [`/get/uuid/${'0'.repeat(32)}`, 404, 'skin_not_found', {}],
    ] as const) {
      const { body } = await v1(path, v1ErrorSchema, status, init)
      expect(body.errorCode, path).toBe(code)
      expect(body.error, path).toBeString()
    }
  })

  test('`error` is MineSkin\'s text: the per-minute limit names the count, a validation error its issues', async () => {
    const limited = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1' } })
    try {
      const call = (seed: number) => limited.json('/generate/url', jsonInit({ url: dataUrl(seed) }, { headers: { 'x-forwarded-for': '192.0.2.77' } }))
      expect((await call(9301)).status).toBe(200)
      const refused = await call(9302)
      expect([refused.status, refused.body.errorCode, refused.body.error]).toEqual([429, 'rate_limit', 'rate limit exceeded, 2 > 1'])
    } finally {
      await limited.close()
    }
    const { body } = await v1('/generate/url', v1ErrorSchema, 400, jsonInit({ url: dataUrl(9303), cape: 'nope' }))
    expect([body.errorCode, body.error]).toEqual(['validation_error', 'Validation error: custom: Invalid cape uuid (cape)'])
  })
})
