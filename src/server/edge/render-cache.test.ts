/**
 * The Worker's render cache wrapper over a counting backend and a Map-backed
 * stand-in for `caches.default`: a second GET of a cacheable render is a hit without a backend call,
 * what the answer forbids is never stored, and a matching If-None-Match on a hit gets 304. The real
 * `caches.default` under wrangler dev is tested in test/worker/edge.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { cachedRenderBackend, isStorable, RENDER_CACHE_HEADER, type RenderCache } from './render-cache'

/** Cache API stand-in keyed by URL, storing copies as the real one does. */
function memoryCache() {
  const entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>()
  const cache: RenderCache = {
    async match(request) {
      const entry = entries.get(request.url)
      return entry && new Response(entry.body.slice(0), entry.init)
    },
    async put(request, response) {
      entries.set(request.url, { body: await response.arrayBuffer(), init: { status: response.status, headers: [...response.headers] } })
    },
  }
  return { cache, entries }
}

function countingBackend(cacheControl: string, extra: Record<string, string> = {}) {
  let calls = 0
  return {
    get calls() {
      return calls
    },
    backend: {
      fetch: async () => {
        calls++
        return new Response(new Uint8Array([137, 80, 78, 71, calls]), { headers: { 'content-type': 'image/png', 'cache-control': cacheControl, etag: '"r1"', ...extra } })
      },
    },
  }
}

describe('render cache', () => {
  test('the second GET of an immutable render is answered from the cache', async () => {
    const { cache } = memoryCache()
    const counting = countingBackend('public, max-age=31536000, immutable')
    const backend = cachedRenderBackend(counting.backend, async () => cache)
    const first = await backend.fetch(new Request('https://skins.test/render/head/abc?scale=4', { headers: { cookie: 'ssg_web=1' } }))
    expect(first.headers.get(RENDER_CACHE_HEADER)).toBe('miss')
    const firstBytes = new Uint8Array(await first.arrayBuffer())
    const second = await backend.fetch(new Request('https://skins.test/render/head/abc?scale=4'))
    expect(second.headers.get(RENDER_CACHE_HEADER)).toBe('hit')
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(firstBytes)
    expect(second.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(counting.calls).toBe(1)
    // Another query is another render.
    expect((await backend.fetch(new Request('https://skins.test/render/head/abc?scale=8'))).headers.get(RENDER_CACHE_HEADER)).toBe('miss')
    expect(counting.calls).toBe(2)
    const conditional = await backend.fetch(new Request('https://skins.test/render/head/abc?scale=4', { headers: { 'if-none-match': '"r1"' } }))
    expect(conditional.status).toBe(304)
    expect(conditional.headers.get('etag')).toBe('"r1"')
    expect(counting.calls).toBe(2)
  })

  test('answers that forbid storing are fetched every time; non-GET and no cache pass through', async () => {
    for (const [policy, extra] of [['no-store', {}], ['private, max-age=60', {}], ['public, max-age=0', {}], ['public, max-age=60', { 'set-cookie': 'a=1' }], ['public, max-age=60', { vary: '*' }]] as const) {
      const { cache, entries } = memoryCache()
      const counting = countingBackend(policy, extra)
      const backend = cachedRenderBackend(counting.backend, async () => cache)
      await backend.fetch(new Request('https://skins.test/render/x'))
      await backend.fetch(new Request('https://skins.test/render/x'))
      expect(counting.calls, policy).toBe(2)
      expect(entries.size, policy).toBe(0)
    }
    const counting = countingBackend('public, max-age=60')
    const none = cachedRenderBackend(counting.backend, async () => undefined)
    expect((await none.fetch(new Request('https://skins.test/render/x'))).headers.get(RENDER_CACHE_HEADER)).toBeNull()
    const { cache, entries } = memoryCache()
    await cachedRenderBackend(counting.backend, async () => cache).fetch(new Request('https://skins.test/render/x', { method: 'HEAD' }))
    expect(entries.size).toBe(0)
  })

  test('isStorable reads s-maxage and max-age', () => {
    const r = (cc: string, status = 200) => new Response('x', { status, headers: { 'cache-control': cc } })
    expect(isStorable(r('public, s-maxage=60, max-age=0'))).toBe(true)
    expect(isStorable(r('public, max-age=3600'))).toBe(true)
    expect(isStorable(r('public, max-age=3600', 404))).toBe(false)
    expect(isStorable(r('no-cache, max-age=3600'))).toBe(false)
    expect(isStorable(new Response('x'))).toBe(false)
  })
})
