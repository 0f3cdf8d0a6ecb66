import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import { createRenderRoutes, type RenderOptions } from './routes'
import { decodeForTest, px } from './testing/pixels'
import { pngOf, syntheticSkin, syntheticSkinPng, texelColour } from './testing/synthetic-skin'

const LOCAL = 'aa'.repeat(32)
const REMOTE = 'bb'.repeat(32)
const BROKEN = 'cc'.repeat(32)
const NOT_A_SKIN = 'dd'.repeat(32)
const skinPng = syntheticSkinPng()
const slimPng = syntheticSkinPng({ slim: true })
const bigPng = pngOf({ width: 128, height: 128, rgba: new Uint8Array(128 * 128 * 4) })

/** A stand-in for the texture host: serves /texture/{hash}, 500 for BROKEN, 404 otherwise. */
let server: ReturnType<typeof Bun.serve>
let host: string
const remoteHits: string[] = []
beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname
      remoteHits.push(path)
      if (path === `/texture/${REMOTE}` || path === '/any/skin.png') return new Response(skinPng as Uint8Array<ArrayBuffer>)
      if (path === '/any/slim.png') return new Response(slimPng as Uint8Array<ArrayBuffer>)
      if (path === '/any/big.png') return new Response(bigPng as Uint8Array<ArrayBuffer>)
      if (path === `/texture/${BROKEN}`) return new Response('upstream down', { status: 500 })
      return new Response('not found', { status: 404 })
    },
  })
  host = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.stop(true))

/** What the app injects: a fetcher that throws `{ status }` errors like the API's SSRF-safe one. */
async function fetchTexture(url: string): Promise<Uint8Array> {
  if (url.includes('10.0.0.1')) throw Object.assign(new Error('Private addresses are not allowed'), { code: 'blocked_url_host', status: 400 })
  const res = await fetch(url)
  if (!res.ok) throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status === 404 ? 404 : 502 })
  return new Uint8Array(await res.arrayBuffer())
}

function setup(overrides: Partial<RenderOptions> = {}) {
  const localLoads: string[] = []
  const app = createRenderRoutes({
    loadTextureByHash: async (hash) => {
      localLoads.push(hash)
      if (hash === LOCAL) return skinPng
      if (hash === NOT_A_SKIN) return new TextEncoder().encode('not a png at all')
      return null
    },
    fetchTexture,
    textureHost: `${host}/texture/`,
    localTextureOrigins: ['https://skins.example'],
    ...overrides,
  })
  return { app, localLoads }
}

async function image(res: Response) {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/png')
  return decodeForTest(new Uint8Array(await res.arrayBuffer()))
}

async function errorOf(res: Response): Promise<[number, string]> {
  const body = (await res.json()) as { success: boolean; errors: { code: string; message: string }[] }
  expect(body.success).toBe(false)
  expect(body.errors[0]?.message.length).toBeGreaterThan(0)
  return [res.status, body.errors[0]?.code ?? '']
}

describe('GET /render/{view}/{textureHash}', () => {
  test('renders a local texture with immutable caching and a strong ETag', async () => {
    const { app, localLoads } = setup()
    const res = await app.request(`/render/head/${LOCAL}`)
    const head = await image(res)
    expect([head.width, head.height]).toEqual([180, 201])
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/)
    expect(localLoads).toEqual([LOCAL])
    expect(remoteHits).not.toContain(`/texture/${LOCAL}`)
  })

  test('face and body views, with the pixels of the skin', async () => {
    const { app } = setup()
    const face = await image(await app.request(`/render/face/${LOCAL}?scale=4`))
    expect([face.width, face.height]).toEqual([32, 32])
    expect(px(face, 1, 1)).toEqual(texelColour('head', 'overlay', 'front', 0, 0))
    const bare = await image(await app.request(`/render/face/${LOCAL}?scale=4&overlay=false`))
    expect(px(bare, 1, 1)).toEqual(texelColour('head', 'base', 'front', 0, 0))
    const body = await image(await app.request(`/render/body/${LOCAL}`))
    expect([body.width, body.height]).toEqual([160, 320])
  })

  test('answers 304 to a matching If-None-Match without loading the texture', async () => {
    const { app, localLoads } = setup()
    const first = await app.request(`/render/head/${LOCAL}?scale=3`)
    const etag = first.headers.get('etag') ?? ''
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await app.request(`/render/head/${LOCAL}?scale=3`, { headers: { 'If-None-Match': header } })
      expect(again.status).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await again.text()).toBe('')
    }
    const stale = await app.request(`/render/head/${LOCAL}?scale=3`, { headers: { 'If-None-Match': '"other"' } })
    expect(stale.status).toBe(200)
    expect(localLoads).toEqual([LOCAL])
  })

  test('serves repeated renders from the LRU (one texture load), and evicts beyond cacheEntries', async () => {
    const { app, localLoads } = setup({ cacheEntries: 1 })
    await app.request(`/render/head/${LOCAL}`)
    await app.request(`/render/head/${LOCAL}`)
    expect(localLoads.length).toBe(1)
    await app.request(`/render/face/${LOCAL}`)
    await app.request(`/render/head/${LOCAL}`)
    expect(localLoads.length).toBe(3)
  })

  test('concurrent requests for one render share one load', async () => {
    const { app, localLoads } = setup()
    const all = await Promise.all([1, 2, 3, 4].map(() => app.request(`/render/body/${LOCAL}`)))
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect(localLoads.length).toBe(1)
  })

  test('clamps scale to 1…10 and keys the ETag by the clamped value', async () => {
    const { app } = setup()
    const big = await app.request(`/render/face/${LOCAL}?scale=500`)
    expect((await image(big)).width).toBe(80)
    const ten = await app.request(`/render/face/${LOCAL}?scale=10`)
    expect(big.headers.get('etag')).toBe(ten.headers.get('etag'))
    expect((await image(await app.request(`/render/face/${LOCAL}?scale=0`))).width).toBe(8)
    expect((await image(await app.request(`/render/face/${LOCAL}?scale=-4`))).width).toBe(8)
  })

  test('slim changes the body (3-px arms) but not the head', async () => {
    const { app } = setup()
    const classic = await app.request(`/render/body/${LOCAL}?slim=false`)
    const slim = await app.request(`/render/body/${LOCAL}?slim=true`)
    expect(classic.headers.get('etag')).not.toBe(slim.headers.get('etag'))
    expect(px(await image(slim), 5, 100)[3]).toBe(0)
    expect(px(await image(classic), 5, 100)[3]).toBe(255)
    const headSlim = await app.request(`/render/head/${LOCAL}?slim=1`)
    const head = await app.request(`/render/head/${LOCAL}`)
    expect(headSlim.headers.get('etag')).toBe(head.headers.get('etag'))
  })

  test('fetches an unknown hash from the texture host, after asking the blob store', async () => {
    const { app, localLoads } = setup()
    const res = await app.request(`/render/head/${REMOTE.toUpperCase()}.png`)
    await image(res)
    expect(localLoads).toEqual([REMOTE])
    expect(remoteHits).toContain(`/texture/${REMOTE}`)
  })

  test('404 texture_not_found, 502 texture_fetch_failed, 400 invalid_image', async () => {
    const { app } = setup()
    expect(await errorOf(await app.request(`/render/head/${'ee'.repeat(32)}`))).toEqual([404, 'texture_not_found'])
    expect(await errorOf(await app.request(`/render/head/${BROKEN}`))).toEqual([502, 'texture_fetch_failed'])
    const bad = await app.request(`/render/head/${NOT_A_SKIN}`)
    expect(bad.headers.get('cache-control')).toBe('no-store')
    expect(await errorOf(bad)).toEqual([400, 'invalid_image'])
  })

  test('400 invalid_render_request for a bad view, hash or option', async () => {
    const { app } = setup()
    for (const path of [
      `/render/bust/${LOCAL}`,
      '/render/head/not-a-hash',
      '/render/head/abc',
      `/render/head/${LOCAL}?scale=ten`,
      `/render/head/${LOCAL}?scale=2.5`,
      `/render/head/${LOCAL}?overlay=yes`,
      `/render/body/${LOCAL}?slim=maybe`,
    ]) {
      expect(await errorOf(await app.request(path))).toEqual([400, 'invalid_render_request'])
    }
  })

  test('HEAD answers the headers without a body', async () => {
    const { app } = setup()
    const res = await app.request(`/render/head/${LOCAL}`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toMatch(/^"/)
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })
})

describe('GET /render?url=', () => {
  test('a bare texture id is a hash: blob store first, head by default, immutable', async () => {
    const { app, localLoads } = setup()
    const res = await app.request(`/render?url=${LOCAL}&scale=1`)
    const head = await image(res)
    expect([head.width, head.height]).toEqual([18, 21])
    expect(localLoads).toEqual([LOCAL])
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const hashRoute = await app.request(`/render/head/${LOCAL}?scale=1`)
    expect(res.headers.get('etag')).toBe(hashRoute.headers.get('etag'))
  })

  test('a bare id not stored locally is fetched from textureHost', async () => {
    const { app } = setup()
    const res = await app.request(`/render?url=${REMOTE}&body=true`)
    expect((await image(res)).width).toBe(160)
    expect(remoteHits).toContain(`/texture/${REMOTE}`)
  })

  test('the Mojang host default prefixes a bare id with textures.minecraft.net', async () => {
    const seen: string[] = []
    const { app } = setup({
      textureHost: undefined,
      fetchTexture: async (url) => {
        seen.push(url)
        return skinPng
      },
    })
    expect((await app.request(`/render?url=${REMOTE}`)).status).toBe(200)
    expect(seen).toEqual([`http://textures.minecraft.net/texture/${REMOTE}`])
  })

  test('textures.minecraft.net and own /textures/ URLs are read from the blob store with no network', async () => {
    const fetched: string[] = []
    const { app, localLoads } = setup({
      fetchTexture: async (url) => {
        fetched.push(url)
        throw new Error('no network in this test')
      },
    })
    const mojang = encodeURIComponent(`https://textures.minecraft.net/texture/${LOCAL}`)
    expect((await app.request(`/render?url=${mojang}`)).status).toBe(200)
    const own = encodeURIComponent(`https://skins.example/textures/${LOCAL}`)
    expect((await app.request(`/render?url=${own}&scale=2`)).status).toBe(200)
    expect(localLoads).toEqual([LOCAL, LOCAL])
    expect(fetched).toEqual([])
    // an own-origin texture nobody has is a 404, never a request to ourselves
    const missing = encodeURIComponent(`https://skins.example/textures/${REMOTE}`)
    expect(await errorOf(await app.request(`/render?url=${missing}`))).toEqual([404, 'texture_not_found'])
    expect(fetched).toEqual([])
  })

  test('any other URL goes through the injected fetcher, with an ETag from the bytes and a 1-hour cache', async () => {
    const { app } = setup()
    const url = encodeURIComponent(`${host}/any/slim.png`)
    const res = await app.request(`/render?url=${url}&body=true&slim=true`)
    const body = await image(res)
    expect(px(body, 5, 100)[3]).toBe(0)
    expect(px(body, 15, 85)).toEqual(texelColour('rightArm', 'overlay', 'front', 0, 0, true))
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    const etag = res.headers.get('etag') ?? ''
    const again = await app.request(`/render?url=${url}&body=true&slim=true`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    const other = await app.request(`/render?url=${encodeURIComponent(`${host}/any/skin.png`)}&body=true&slim=true`)
    expect(other.headers.get('etag')).not.toBe(etag)
  })

  test('errors: missing or bad url 400, fetcher refusal keeps its code, upstream 404 and bad images', async () => {
    const { app } = setup()
    expect(await errorOf(await app.request('/render'))).toEqual([400, 'invalid_render_request'])
    expect(await errorOf(await app.request('/render?url='))).toEqual([400, 'invalid_render_request'])
    expect(await errorOf(await app.request('/render?url=file:///etc/passwd'))).toEqual([400, 'invalid_render_request'])
    expect(await errorOf(await app.request('/render?url=not%20a%20url'))).toEqual([400, 'invalid_render_request'])
    expect(await errorOf(await app.request(`/render?url=${LOCAL}&body=perhaps`))).toEqual([400, 'invalid_render_request'])
    expect(await errorOf(await app.request(`/render?url=${encodeURIComponent('http://10.0.0.1/x.png')}`))).toEqual([400, 'blocked_url_host'])
    expect(await errorOf(await app.request(`/render?url=${encodeURIComponent(`${host}/nothing.png`)}`))).toEqual([404, 'texture_not_found'])
    expect(await errorOf(await app.request(`/render?url=${encodeURIComponent(`${host}/any/big.png`)}`))).toEqual([400, 'invalid_image'])
  })
})

describe('legacy texture through HTTP', () => {
  test('a 64x32 skin renders with mirrored limbs', async () => {
    const legacy = pngOf(syntheticSkin({ legacy: true }))
    const app = createRenderRoutes({ loadTextureByHash: async () => legacy, fetchTexture })
    const body = await image(await app.request(`/render/body/${LOCAL}?scale=1&overlay=false`))
    expect(px(body, 4, 20)).toEqual(texelColour('rightLeg', 'base', 'front', 0, 0))
    expect(px(body, 11, 20)).toEqual(texelColour('rightLeg', 'base', 'front', 0, 0))
  })
})

describe('mounted in the app', () => {
  test("app.route('/', …) keeps the render routes' own error envelope and leaves other routes alone", async () => {
    const parent = new Hono()
    parent.onError((_, c) => c.text('parent error page', 500))
    parent.route('/', setup().app)
    parent.get('/other', (c) => c.text('other'))
    expect(await errorOf(await parent.request(`/render/head/${BROKEN}`))).toEqual([502, 'texture_fetch_failed'])
    expect((await parent.request(`/render/head/${LOCAL}`)).status).toBe(200)
    expect(await (await parent.request('/other')).text()).toBe('other')
  })
})
