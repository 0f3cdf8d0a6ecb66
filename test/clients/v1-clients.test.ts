/**
 * Real v1 clients against our API: the requests of MineskinClient 1.2.4
 * (Jsoup), MineskinClient 2.1 (Java 11 HttpClient), SkinsRestorer's legacy MineSkin client
 * (15.4: JSON; ≤ 15.0: urlencoded) and Citizens2's `MojangSkinGenerator`, replayed as their public
 * source builds them — headers, body
 * encodings, field names — and each answer read the way that client reads it (Gson field types,
 * `has("error")`, `errorCode` switches, `delay` on 429). Every answer is also parsed with the v1 zod
 * schemas, and every signature is verified against the published signing key.
 * @module
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { apiKeyWith, startTestApi, type TestApi } from '../../src/api/testing/api-harness'
import { v1ErrorSchema, v1GenerateResponseSchema, v1SkinResponseSchema } from '../../src/shared/schemas/api'
import { startMojangStandIn, type MojangStandIn } from '../support/mojang-stand-in'
import { citizensMultipart, JSOUP_DEFAULT_HEADERS, JSOUP_EMPTY_FORM, java11Multipart, jsoupMultipart } from './java-forms'

const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const INT32_MAX = 2 ** 31 - 1

let t: TestApi
let mojang: MojangStandIn
let pem: string
let images: ReturnType<typeof Bun.serve>
let imageBase: string
let player: { id: string; name: string }
let rawKey: string

beforeAll(async () => {
  mojang = await startMojangStandIn({ accounts: 0, keyBits: 1024 })
  player = await mojang.addPlayer('Legacy_Player', makeSkinPng(7001))
  // Stand-in image host for URL inputs (loopback, allowed for the fetcher by the test-only list).
  images = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const m = /^\/skin-(\d+)\.png$/.exec(new URL(req.url).pathname)
      return m ? new Response(makeSkinPng(Number(m[1])), { headers: { 'content-type': 'image/png' } }) : new Response('nope', { status: 404 })
    },
  })
  imageBase = `http://127.0.0.1:${images.port}`
  t = await startTestApi({
    env: {
      MOJANG_API_BASE: mojang.apiBase,
      MOJANG_SESSION_BASE: mojang.sessionBase,
      MOJANG_TEXTURES_BASE: mojang.texturesBase,
      FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${images.port}`,
    },
  })
  pem = await (await t.call('/v2/signing-key')).text()
  rawKey = (await apiKeyWith(t, {})).authorization.slice('Bearer '.length)
}, 60_000)
afterAll(async () => {
  await t.close()
  images.stop(true)
  mojang.stop()
})

/** Sends a request and returns status, raw text and the JSON. */
async function send(path: string, init: RequestInit) {
  const res = await t.call(path, init)
  const text = await res.text()
  return { status: res.status, text, json: JSON.parse(text) as Record<string, any>, res }
}

/** What every v1 client needs of a skin answer: a valid signature over the value, and the integer/dashed fields. */
function expectUsableSkin(json: Record<string, any>) {
  const { value, signature } = json.data.texture
  expect(verify('sha1', Buffer.from(value), pem, Buffer.from(signature, 'base64'))).toBe(true)
  expect(Number.isInteger(json.id) && json.id > 0 && json.id <= INT32_MAX).toBe(true)
  expect(json.data.uuid).toMatch(DASHED)
  expect(Number.isInteger(json.delayInfo.millis) && Number.isInteger(json.delayInfo.seconds)).toBe(true)
}

describe('MineskinClient 1.2.4 (Jsoup)', () => {
  const jsoup = (extra: Record<string, string> = {}) => ({ 'user-agent': 'MineSkin-JavaClient', ...JSOUP_DEFAULT_HEADERS, authorization: `Bearer ${rawKey}`, ...extra })
  /** `MineskinClient.handleResponse`: `has("error")` is a failure, else Gson into `Skin`. */
  const handle = (json: Record<string, any>) => {
    expect(json).not.toHaveProperty('error')
    expectUsableSkin(json)
    return json
  }

  test('generateUpload(file, options): multipart file first, then name/variant/visibility', async () => {
    const png = makeSkinPng(7101, { slim: true })
    const { body, contentType } = jsoupMultipart([
      { key: 'file', filename: 'Upload Test.png', bytes: png },
      { key: 'name', value: 'Upload Test' },
      { key: 'variant', value: 'slim' },
      { key: 'visibility', value: '0' },
    ])
    const r = await send('/generate/upload', { method: 'POST', headers: jsoup({ 'content-type': contentType }), body })
    expect(r.status).toBe(200)
    const skin = handle(v1GenerateResponseSchema.parse(r.json))
    expect(skin.name).toBe('Upload Test')
    expect(skin.variant).toBe('slim')
    expect(skin.model).toBe('slim')
    expect(skin.private).toBe(false)
    // The client's next-request gate: delayInfo.millis (+100 ms with a key).
    expect(skin.delayInfo.millis).toBeGreaterThanOrEqual(0)

    // getId(id) and getUuid(uuid) read the same skin back.
    const byId = await send(`/get/id/${skin.id}`, { headers: jsoup() })
    const byUuid = await send(`/get/uuid/${skin.uuid}`, { headers: jsoup() })
    for (const got of [byId, byUuid]) {
      expect(got.status).toBe(200)
      handle(v1SkinResponseSchema.parse(got.json))
      expect(got.json.data.texture).toEqual(skin.data.texture)
      expect(got.json.id).toBe(skin.id)
    }
  })

  test('generateUrl(url, options): JSON {name, variant, visibility, url}', async () => {
    const body = JSON.stringify({ name: 'From URL', visibility: 1, url: `${imageBase}/skin-7102.png` })
    const r = await send('/generate/url', { method: 'POST', headers: jsoup({ 'content-type': 'application/json' }), body })
    expect(r.status).toBe(200)
    const skin = handle(v1GenerateResponseSchema.parse(r.json))
    expect(skin.name).toBe('From URL')
    // v1 visibility 1 is unlisted: `private: true` in v1 terms, and not in the public lists.
    expect(skin.private).toBe(true)
    const v2 = await t.json(`/v2/skins/${skin.uuid}`)
    expect(v2.body.skin.visibility).toBe('unlisted')
  })

  test('generateUser(uuid): JSON {uuid} with the dashed player uuid', async () => {
    const dashed = player.id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')
    const r = await send('/generate/user', { method: 'POST', headers: jsoup({ 'content-type': 'application/json' }), body: JSON.stringify({ uuid: dashed }) })
    expect(r.status).toBe(200)
    handle(v1GenerateResponseSchema.parse(r.json))
  })

  test('deprecated generateUrl(url, options, callback): POST with everything in the query, no body', async () => {
    // `String.format("…/generate/url?url=%s&%s", url, "name=%s&model=%s&visibility=%s")`, unencoded; AUTO variant is "".
    const path = `/generate/url?url=${imageBase}/skin-7103.png&name=Old Form&model=&visibility=0`
    const r = await send(path, { method: 'POST', headers: jsoup({ 'content-type': JSOUP_EMPTY_FORM }), body: '' })
    expect(r.status).toBe(200)
    const skin = handle(v1GenerateResponseSchema.parse(r.json))
    expect(skin.name).toBe('Old Form')
  })

  test('deprecated generateUpload(file, options, callback) and generateUser(uuid, options, callback): options in the query', async () => {
    const { body, contentType } = jsoupMultipart([{ key: 'file', filename: 'old.png', bytes: makeSkinPng(7104) }])
    const up = await send('/generate/upload?name=Old Upload&model=steve&visibility=0', { method: 'POST', headers: jsoup({ 'content-type': contentType }), body })
    expect(up.status).toBe(200)
    const skin = handle(v1GenerateResponseSchema.parse(up.json))
    // `model=steve` from old clients is the classic variant.
    expect(skin.variant).toBe('classic')
    expect(skin.model).toBe('steve')

    const user = await send(`/generate/user/${player.id}?name=&model=&visibility=0`, { method: 'GET', headers: jsoup() })
    expect(user.status).toBe(200)
    handle(v1GenerateResponseSchema.parse(user.json))
  })

  test('an error answer carries `error`, which the client shows', async () => {
    const { body, contentType } = jsoupMultipart([{ key: 'file', filename: 'bad.png', bytes: new TextEncoder().encode('not a png') }])
    const r = await send('/generate/upload', { method: 'POST', headers: jsoup({ 'content-type': contentType }), body })
    expect(r.status).toBe(400)
    const err = v1ErrorSchema.parse(r.json)
    expect(err.error.length).toBeGreaterThan(0)
    expect(err.errorCode).toBe('invalid_image')
  })
})

describe('MineskinClient 2.1 (Java 11 HttpClient)', () => {
  const java11 = (extra: Record<string, string> = {}) => ({ 'user-agent': 'MineSkinClient-Test/2.1', authorization: `Bearer ${rawKey}`, accept: 'application/json', ...extra })
  /** `MineSkinResponse`: success is `success` if present, else status 200; `warnings` as a raw List. */
  const succeeded = (status: number, json: Record<string, any>) => ('success' in json ? json.success === true : status === 200)

  test('generateUpload: fields first, then the PNG as image/png', async () => {
    const { body, contentType } = java11Multipart({ name: 'Java Eleven', variant: 'classic', visibility: '0' }, { key: 'file', filename: 'Java Eleven.png', bytes: makeSkinPng(7201) })
    const r = await send('/generate/upload', { method: 'POST', headers: java11({ 'content-type': contentType }), body })
    expect(succeeded(r.status, r.json)).toBe(true)
    const skin = v1GenerateResponseSchema.parse(r.json)
    expectUsableSkin(skin)
    expect(Array.isArray(skin.warnings)).toBe(true)
    expect(skin.duplicate).toBe(false)

    // The same PNG again: the existing skin, `duplicate: true`.
    const again = java11Multipart({ name: 'Java Eleven', variant: 'classic', visibility: '0' }, { key: 'file', filename: 'Java Eleven.png', bytes: makeSkinPng(7201) })
    const dup = await send('/generate/upload', { method: 'POST', headers: java11({ 'content-type': again.contentType }), body: again.body })
    expect(v1GenerateResponseSchema.parse(dup.json).duplicate).toBe(true)
    expect(dup.json.data.texture.value).toBe(skin.data.texture.value)

    // getSkinByUuid(uuid): GET /get/uuid/{uuid} as ExistingSkin.
    const got = await send(`/get/uuid/${skin.uuid}`, { headers: java11() })
    expect(succeeded(got.status, got.json)).toBe(true)
    expect(got.json.data.texture).toEqual(skin.data.texture)
  })

  test('generateUrl and generateUser: JSON bodies', async () => {
    const url = await send('/generate/url', { method: 'POST', headers: java11({ 'content-type': 'application/json' }), body: JSON.stringify({ variant: 'slim', url: `${imageBase}/skin-7202.png` }) })
    expect(succeeded(url.status, url.json)).toBe(true)
    expect(v1GenerateResponseSchema.parse(url.json).variant).toBe('slim')
    const user = await send('/generate/user', { method: 'POST', headers: java11({ 'content-type': 'application/json' }), body: JSON.stringify({ uuid: player.id }) })
    expect(succeeded(user.status, user.json)).toBe(true)
    expectUsableSkin(user.json)
  })
})

describe("SkinsRestorer's legacy MineSkin client", () => {
  const sr = (extra: Record<string, string> = {}) => ({ 'user-agent': 'SkinsRestorer/MineSkinAPI', accept: 'application/json', ...extra })

  test('15.4: JSON {variant: "SLIM", visibility: 0, url} (Gson writes the enum name, omits null name)', async () => {
    const body = JSON.stringify({ variant: 'SLIM', visibility: 0, url: `${imageBase}/skin-7301.png` })
    const r = await send('/generate/url', { method: 'POST', headers: sr({ 'content-type': 'application/json', authorization: `Bearer ${rawKey}` }), body })
    expect(r.status).toBe(200)
    // MineSkinUrlResponse: idStr, data.texture.{value, signature}; `variant` echoes the request.
    const skin = v1GenerateResponseSchema.parse(r.json)
    expect(skin.idStr).toBe(String(skin.id))
    expect(skin.variant).toBe('slim')
    expectUsableSkin(skin)
  })

  test('≤ 15.0: urlencoded `url=<encoded>&variant=slim`', async () => {
    const body = `url=${encodeURIComponent(`${imageBase}/skin-7302.png`)}&variant=slim`
    const r = await send('/generate/url', { method: 'POST', headers: sr({ 'content-type': 'application/x-www-form-urlencoded' }), body })
    expect(r.status).toBe(200)
    expect(v1GenerateResponseSchema.parse(r.json).variant).toBe('slim')
  })

  test('400: `errorCode` is what SkinsRestorer switches on (anything but retry codes → "invalid URL skin")', async () => {
    const r = await send('/generate/url', { method: 'POST', headers: sr({ 'content-type': 'application/json' }), body: JSON.stringify({ visibility: 0, url: `${imageBase}/missing.png` }) })
    expect(r.status).toBe(400)
    const err = v1ErrorSchema.parse(r.json)
    expect(['failed_to_create_id', 'skin_change_failed', 'no_account_available']).not.toContain(err.errorCode)
  })

  test('403 invalid_api_key: `errorCode` and `error` both strings (15.4 sends `Bearer Optional[key]`)', async () => {
    const r = await send('/generate/url', { method: 'POST', headers: sr({ 'content-type': 'application/json', authorization: `Bearer Optional[${rawKey}]` }), body: JSON.stringify({ visibility: 0, url: `${imageBase}/skin-7303.png` }) })
    expect(r.status).toBe(403)
    const err = v1ErrorSchema.parse(r.json)
    expect(err.errorCode).toBe('invalid_api_key')
    expect(err.error).toBe('Invalid API Key')
  })

  test('403 with an unknown or a short key: `error` is exactly "Invalid API Key", the text MineSkinAPIImpl switches on', async () => {
    // MineSkinAPIImpl.queryURL: form POST to `…/generate/url/` (trailing slash), `url=<encoded>&variant=slim`.
    for (const key of ['f'.repeat(64), 'my-old-key']) {
      const body = `url=${encodeURIComponent(`${imageBase}/skin-7306.png`)}&variant=slim`
      const r = await send('/generate/url/', { method: 'POST', headers: sr({ 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${key}` }), body })
      expect(r.status).toBe(403)
      const err = v1ErrorSchema.parse(r.json)
      expect([err.errorCode, err.error]).toEqual(['invalid_api_key', 'Invalid API Key'])
    }
  })

  test('429: `delay` says how many seconds to sleep, and after that the retry goes through', async () => {
    const limited = await startTestApi({ env: { LIMIT_ANONYMOUS_DELAY: '5', FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${images.port}` } })
    try {
      const call = (seed: number) =>
        limited.call('/generate/url', { method: 'POST', headers: sr({ 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' }), body: JSON.stringify({ visibility: 0, url: `${imageBase}/skin-${seed}.png` }) })
      expect((await call(7304)).status).toBe(200)
      const refused = await call(7305)
      expect(refused.status).toBe(429)
      const err = v1ErrorSchema.parse(await refused.json())
      expect(err.errorCode).toBe('rate_limit')
      // MineSkin's text for the delay (`middleware/rateLimit.ts`).
      expect(err.error).toMatch(/^request too soon, next request in \d+ms$/)
      expect(err.delay).toBeGreaterThanOrEqual(1)
      expect(err.delay).toBeLessThanOrEqual(5)
      // `TimeUnit.SECONDS.sleep(response.getDelay())`, on the injected clock.
      limited.clock.now += err.delay * 1000
      expect((await call(7305)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe("Citizens2's MojangSkinGenerator", () => {
  const citizens = (extra: Record<string, string> = {}) => ({ 'user-agent': 'Citizens/2.0', 'cache-control': 'no-cache', ...extra })
  /** `generateFromPNG(png, slim)`: what `/npc skin --file` does with the answer — `data.uuid` names the skin. */
  const fromPng = async (png: Uint8Array, slim = false) => {
    const { body, contentType } = citizensMultipart(png, slim)
    const r = await send(`/generate/upload${slim ? '?model=slim' : ''}`, { method: 'POST', headers: citizens({ 'content-type': contentType }), body })
    expect(r.status).toBe(200)
    expectUsableSkin(r.json)
    return r.json
  }

  test('data.uuid, which NPC plugins store as the skin’s id (Citizens: `setSkinPersistent(uuid, …)`), is each skin’s own and stays the same for that skin', async () => {
    const first = await fromPng(makeSkinPng(7401))
    const second = await fromPng(makeSkinPng(7402), true)
    expect(second.variant).toBe('slim')
    // `generateFromURL(url, slim)`: json-simple's `{"name":"","url":…}` with every backslash removed.
    const url = await send('/generate/url', { method: 'POST', headers: citizens({ accept: 'application/json', 'content-type': 'application/json' }), body: JSON.stringify({ name: '', url: `${imageBase}/skin-7403.png` }) })
    expect(url.status).toBe(200)
    const ids = [first.data.uuid, second.data.uuid, url.json.data.uuid]
    expect(new Set(ids).size).toBe(3)
    // A random-looking version-4 uuid like MineSkin's, not any signing account's profile id.
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const profileIds = [first, second, url.json].map((s) => JSON.parse(Buffer.from(s.data.texture.value, 'base64').toString()).profileId)
    for (const id of ids) expect(profileIds).not.toContain(id.replace(/-/g, ''))

    // The same PNG again (the duplicate) and every read of the skin give the same data.uuid.
    const again = await fromPng(makeSkinPng(7401))
    expect([again.duplicate, again.uuid]).toEqual([true, first.uuid])
    expect(again.data.uuid).toBe(first.data.uuid)
    for (const path of [`/get/uuid/${first.uuid}`, `/get/id/${first.id}`]) expect((await send(path, { headers: citizens() })).json.data.uuid).toBe(first.data.uuid)
  })
})

describe('MineskinClient 1.2.4 errors: `error` as MineSkin words it', () => {
  const jsoup = (extra: Record<string, string> = {}) => ({ 'user-agent': 'MineSkin-JavaClient', ...JSOUP_DEFAULT_HEADERS, ...extra })
  const error = async (path: string, init: RequestInit, status: number) => {
    const r = await send(path, init)
    expect(r.status, path).toBe(status)
    return v1ErrorSchema.parse(r.json)
  }

  test('generateUser with a player Mojang does not know, with no uuid, with a malformed one', async () => {
    const json = (body: unknown) => ({ method: 'POST', headers: jsoup({ 'content-type': 'application/json' }), body: JSON.stringify(body) })
    expect((await error('/generate/user', json({ uuid: '0b7e2c4a-1f3d-4e5a-9c8b-7d6e5f4a3b2c' }), 400)).error).toBe('invalid user')
    expect((await error('/generate/user', json({}), 400)).error).toBe('missing uuid')
    expect((await error('/generate/user/not-a-uuid!', { headers: jsoup() }, 400)).error).toBe('invalid uuid')
  })

  test('generateUpload without a file, generateUrl without a url', async () => {
    const { body, contentType } = jsoupMultipart([{ key: 'name', value: 'No File' }])
    expect((await error('/generate/upload', { method: 'POST', headers: jsoup({ 'content-type': contentType }), body }, 400)).error).toBe('No file uploaded')
    const noUrl = await error('/generate/url', { method: 'POST', headers: jsoup({ 'content-type': 'application/json' }), body: JSON.stringify({ name: 'No Url' }) }, 400)
    expect([noUrl.errorCode, noUrl.error]).toEqual(['invalid_request', 'invalid request properties (expected url or user)'])
  })
})
