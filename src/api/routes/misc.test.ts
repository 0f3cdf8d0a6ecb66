import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createPublicKey, verify } from 'node:crypto'
import { textureKey } from '../blob/blob-store'
import { createSqliteBlobStore } from '../blob/sqlite-blob-store'
import { KNOWN_CAPES } from '../capes/capes'
import { makeSkinPng } from '../image/fixtures'
import { trimmedTextureHash } from '../image'
import { openStore } from '../store/db'
import { startTestApi, TEST_PUBLIC_URL, uploadForm, type TestApi } from '../testing/api-harness'

let t: TestApi
let skin: { uuid: string; texture: { hash: { skin: string }; data: { value: string; signature: string } } }
let imageLink: string
const png = makeSkinPng(901)

beforeAll(async () => {
  t = await startTestApi()
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(png) })
  imageLink = sub.body.links.image
  await t.api.idle()
  skin = (await t.json(`/v2/queue/${sub.body.job.id}`)).body.skin
})
afterAll(() => t.close())

describe('files', () => {
  test('/v2/images/{hash} serves the uploaded original; /textures/{hash} the re-encoded texture, immutable', async () => {
    const original = await t.call(imageLink)
    expect(original.status).toBe(200)
    expect(original.headers.get('content-type')).toBe('image/png')
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(original.headers.get('access-control-allow-origin')).toBe('*')
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(png)
    const hash = skin.texture.hash.skin
    const tex = await t.call(`/textures/${hash}`)
    expect(tex.status).toBe(200)
    const bytes = new Uint8Array(await tex.arrayBuffer())
    expect(new Bun.CryptoHasher('sha256').update(bytes).digest('hex')).toBe(hash)
    expect((await t.call(`/textures/${hash}`, { headers: { 'if-none-match': tex.headers.get('etag')! } })).status).toBe(304)
    const download = await t.call(`/textures/${hash}?attachment`)
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${hash}.png"`)
    expect(await t.api.loadTexture(hash)).toEqual(bytes)
    expect(await t.api.loadTexture(trimmedTextureHash(hash))).toEqual(bytes)
    expect(await t.api.fetchImage(`https://textures.minecraft.net/texture/${hash}`)).toEqual(bytes)
    const missing = await t.json(`/textures/${'1'.repeat(64)}`)
    expect(missing.status).toBe(404)
    expect(missing.body.errors[0].code).toBe('image_not_found')
    expect((await t.json('/textures/nothex')).status).toBe(400)
  })

  test("HEAD of each PNG answers the GET's headers with the PNG's Content-Length (MineSkin's URL handler reads it)", async () => {
    const hash = skin.texture.hash.skin
    for (const path of [imageLink, `/textures/${hash}`, `/textures/${hash}.png`, `/v2/images/${hash}`]) {
      const get = await t.call(path)
      const length = (await get.arrayBuffer()).byteLength
      expect(length, path).toBeGreaterThan(100)
      const head = await t.call(path, { method: 'HEAD', headers: { 'user-agent': 'MineSkin/Url-Follow', accept: 'application/json' } })
      expect(head.status, path).toBe(200)
      expect(head.headers.get('content-length'), path).toBe(String(length))
      expect(head.headers.get('content-type'), path).toBe('image/png')
      expect(head.headers.get('etag'), path).toBe(get.headers.get('etag'))
      expect((await head.arrayBuffer()).byteLength, path).toBe(0)
    }
  })
})

describe('signing key', () => {
  test('GET /v2/signing-key publishes the PEM that verifies every signature; authlib-injector metadata carries it', async () => {
    const r = await t.call('/v2/signing-key')
    expect(r.headers.get('content-type')).toBe('application/x-pem-file')
    const pem = await r.text()
    expect(createPublicKey(pem).asymmetricKeyType).toBe('rsa')
    expect(verify('sha1', Buffer.from(skin.texture.data.value), pem, Buffer.from(skin.texture.data.signature, 'base64'))).toBe(true)
    const json = await t.json('/v2/signing-key?format=json')
    expect(json.body.key).toEqual({ pem, algorithm: 'SHA1withRSA', format: 'spki' })
    const meta = await t.json('/authlib-injector')
    expect(meta.body.signaturePublickey).toBe(pem)
    expect(meta.body.skinDomains).toEqual(['ssg.test'])
  })
})

describe('capes', () => {
  test('lists known capes; supported only once this instance has the cape texture', async () => {
    const before = await t.json('/v2/capes')
    expect(before.status).toBe(200)
    expect(before.res.headers.get('access-control-allow-origin')).toBe('*')
    expect(before.body.capes.length).toBe(KNOWN_CAPES.length)
    expect(before.body.capes.every((c: { supported: boolean }) => !c.supported)).toBe(true)
    const cape = KNOWN_CAPES[0]!
    const store = openStore(t.dir)
    await createSqliteBlobStore(store.sqlite).put(textureKey(cape.hash), makeSkinPng(1, { height: 32 }), 'image/png')
    store.close()
    const after = await t.json('/v2/capes')
    const listed = after.body.capes.find((c: { uuid: string }) => c.uuid === cape.uuid)
    expect(listed).toEqual({ uuid: cape.uuid, alias: cape.alias, hash: cape.hash, url: `http://ssg.test/textures/${cape.hash}`, supported: true })
  })
})

describe('stats', () => {
  test('counts new and duplicate generations per period and totals', async () => {
    await t.json('/v2/queue', { method: 'POST', body: uploadForm(png) })
    t.clock.now += 30_000
    const r = await t.json('/v2/stats')
    expect(r.status).toBe(200)
    const s = r.body.stats
    expect(s.generated.total).toEqual({ new: 1, duplicate: 1 })
    expect(s.generated.time.hour.current).toEqual({ new: 1, duplicate: 1 })
    expect(s.generated.time.day.current).toEqual({ new: 1, duplicate: 1 })
    expect(s.generated.time.hour.successRate).toBe(100)
    expect(s.generator.capacity.global).toBe(2)
    expect(s.generator.active.global).toBe(0)
    expect(s.accounts.usable.global).toBe(1)
    expect(s.timestamp).toBe(t.clock.now)
  })
})

describe('random names', () => {
  test('the same seed always gives the same name', async () => {
    const a = await t.json(`/random-name?seed=${skin.uuid}`)
    const b = await t.json(`/random-name?seed=${skin.uuid}`)
    expect(a.body.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+/)
    expect(b.body).toEqual(a.body)
    expect(a.res.headers.get('cache-control')).toContain('immutable')
    expect((await t.json('/random-name')).res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('envelope, headers, CORS', () => {
  test('unknown paths are 404 not_found; every answer carries the MineSkin headers', async () => {
    const r = await t.json('/v2/nothing-here')
    expect(r.status).toBe(404)
    expect(r.body).toEqual({ success: false, errors: [{ code: 'not_found', message: 'Not found (/v2/nothing-here)' }] })
    expect(r.res.headers.get('mineskin-api-version')).toBe('v2')
    expect(r.res.headers.get('mineskin-breadcrumb')).toMatch(/^[0-9a-f]{8}$/)
    expect(r.res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('preflights allow the MineSkin headers; skin routes are `*` for other sites, credentialed for the own one', async () => {
    const pre = await t.call('/v2/queue', { method: 'OPTIONS', headers: { origin: 'https://site.example', 'access-control-request-method': 'POST' } })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-headers')).toContain('Turnstile-Token')
    expect(pre.headers.get('access-control-allow-headers')).toContain('MineSkin-User-Agent')
    // No credentials for other origins (the full rules are in cors.test.ts).
    const r = await t.call(`/v2/skins/${skin.uuid}`, { headers: { origin: 'https://site.example' } })
    expect(r.headers.get('access-control-allow-origin')).toBe('*')
    expect(r.headers.get('access-control-allow-credentials')).toBeNull()
    const own = await t.call(`/v2/skins/${skin.uuid}`, { headers: { origin: TEST_PUBLIC_URL } })
    expect(own.headers.get('access-control-allow-origin')).toBe(TEST_PUBLIC_URL)
    expect(own.headers.get('access-control-allow-credentials')).toBe('true')
  })

  test('warnings: no_api_key and generic_user_agent; MineSkin-User-Agent wins over User-Agent', async () => {
    const codes = async (headers: Record<string, string>) => (await t.json('/v2/skins', { headers })).body.warnings.map((w: { code: string }) => w.code)
    expect(await codes({ 'user-agent': 'Java/17.0.2' })).toEqual(['generic_user_agent', 'no_api_key'])
    expect(await codes({ 'user-agent': 'Java/17.0.2', 'mineskin-user-agent': 'MyPlugin/2.1' })).toEqual(['no_api_key'])
  })
})
