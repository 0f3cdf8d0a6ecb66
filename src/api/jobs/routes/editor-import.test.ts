import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startMojangStandIn, type MojangStandIn } from '../../../../test/support/mojang-stand-in'
import { decodePng, encodeMinecraftPng } from '../../../shared/png'
import { makeSkinPng } from '../../image/fixtures'
import { sha256Hex } from '../../image/texture-hash'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

/** `GET /v2/editor/import` (docs/api.md "Editor import"): a player's skin or an image URL's PNG, fetched as generate does. */
describe('GET /v2/editor/import', () => {
  let mojang: MojangStandIn
  let images: ReturnType<typeof Bun.serve>
  let t: TestApi
  const skin = makeSkinPng(801)
  const legacy = makeSkinPng(802, { height: 32 })
  beforeAll(async () => {
    mojang = await startMojangStandIn({ accounts: 0, keyBits: 1024 })
    images = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch(req) {
        const path = new URL(req.url).pathname
        if (path === '/skin.png') return new Response(skin, { headers: { 'content-type': 'image/png' } })
        if (path === '/legacy.png') return new Response(legacy, { headers: { 'content-type': 'image/png' } })
        if (path === '/photo.jpg') return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } })
        if (path === '/fake.png') return new Response('<svg/>', { headers: { 'content-type': 'image/png' } })
        if (path === '/icon.png') return new Response(encodeMinecraftPng(new Uint8Array(32 * 32 * 4), 32, 32), { headers: { 'content-type': 'image/png' } })
        return new Response('nope', { status: 404 })
      },
    })
    t = await startTestApi({
      env: {
        MOJANG_API_BASE: mojang.apiBase,
        MOJANG_SESSION_BASE: mojang.sessionBase,
        MOJANG_TEXTURES_BASE: mojang.texturesBase,
        FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${images.port}`,
      },
    })
  })
  afterAll(async () => {
    await t.close()
    images.stop(true)
    mojang.stop()
  })

  const url = (path: string) => `/v2/editor/import?url=${encodeURIComponent(`http://127.0.0.1:${images.port}/${path}`)}`
  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer())
  const codeOf = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]!.code

  test("a player's current skin, by name or uuid: the texture's PNG with its model, no cookie set", async () => {
    const player = await mojang.addPlayer('Importer', makeSkinPng(803, { slim: true }), { slim: true })
    for (const user of ['Importer', player.id]) {
      const res = await t.call(`/v2/editor/import?user=${user}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(res.headers.get('x-skin-variant')).toBe('slim')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('set-cookie')).toBeNull()
      // The very texture the player wears (Mojang's hash is the SHA-256 of its PNG).
      expect(await sha256Hex(await bytesOf(res))).toBe(player.textureHash!)
    }
  })

  test('an image URL through the safe fetcher; a legacy 64×32 skin is answered as it is', async () => {
    const res = await t.call(url('skin.png'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('x-skin-variant')).toBe('classic')
    expect(await bytesOf(res)).toEqual(skin)
    const old = await t.call(url('legacy.png'))
    expect(old.status).toBe(200)
    const decoded = decodePng(await bytesOf(old))
    expect([decoded.width, decoded.height]).toEqual([64, 32])
  })

  test('refusals carry stable codes', async () => {
    const bare = await mojang.addPlayer('DefaultSkinGuy')
    const cases: [string, number, string][] = [
      ['/v2/editor/import', 400, 'invalid_request'],
      [`/v2/editor/import?user=Importer&url=${encodeURIComponent('https://example.com/a.png')}`, 400, 'invalid_request'],
      ['/v2/editor/import?user=not%20a%20name!', 400, 'invalid_user'],
      ['/v2/editor/import?user=NobodyAtAll', 404, 'player_not_found'],
      [`/v2/editor/import?user=${bare.id}`, 404, 'player_without_skin'],
      [`/v2/editor/import?url=${encodeURIComponent('ftp://example.com/skin.png')}`, 400, 'invalid_image_url'],
      [`/v2/editor/import?url=${encodeURIComponent('data:image/png;base64,AAAA')}`, 400, 'invalid_image_url'],
      // Private and loopback addresses are never fetched (only the test's own image server is allowed).
      [`/v2/editor/import?url=${encodeURIComponent('http://10.0.0.7/skin.png')}`, 400, 'blocked_url_host'],
      [`/v2/editor/import?url=${encodeURIComponent('http://127.0.0.1:1/skin.png')}`, 400, 'blocked_url_host'],
      [url('photo.jpg'), 400, 'invalid_image_url'],
      [url('missing.png'), 400, 'invalid_image_url'],
      // A texture URL whose hash the texture host does not have names nothing: a bad URL, not an upstream failure.
      [`/v2/editor/import?url=${encodeURIComponent(`http://textures.minecraft.net/texture/${'0'.repeat(64)}`)}`, 400, 'invalid_image_url'],
      [url('fake.png'), 400, 'invalid_image'],
      [url('icon.png'), 400, 'invalid_image'],
    ]
    for (const [path, status, code] of cases) {
      const res = await t.call(path)
      expect(`${path} ${res.status}`).toBe(`${path} ${status}`)
      expect(await codeOf(res)).toBe(code)
    }
  })

  test('a link to one of our own skins answers its texture, under the skin access rule', async () => {
    t.clock.now += 61_000
    const made = await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(804)) })
    const res = await t.call(`/v2/editor/import?url=${encodeURIComponent(`http://ssg.test/skins/${made.body.skin.uuid}`)}`)
    expect(res.status).toBe(200)
    expect(await sha256Hex(await bytesOf(res))).toBe(made.body.skin.texture.hash.skin)
    const unknown = await t.call(`/v2/editor/import?url=${encodeURIComponent(`http://ssg.test/skins/${'a'.repeat(32)}`)}`)
    expect(unknown.status).toBe(400)
    expect(await codeOf(unknown)).toBe('invalid_image_url')
  })
})

describe('GET /v2/editor/import: the look-up limit', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi({ env: { LIMIT_VALIDATE_PER_MINUTE: '2' } })
  })
  afterAll(() => t.close())

  test('shares the per-minute limit of /validate/*: over it, 429 rate_limit with Retry-After; a minute later it answers again', async () => {
    const ask = () => t.call(`/v2/editor/import?url=${encodeURIComponent('http://10.0.0.7/skin.png')}`)
    expect((await t.call('/validate/name/Someone')).status).not.toBe(429)
    expect((await ask()).status).toBe(400)
    const over = await ask()
    expect(over.status).toBe(429)
    expect(((await over.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('rate_limit')
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    t.clock.now += 61_000
    expect((await ask()).status).toBe(400)
  })
})
