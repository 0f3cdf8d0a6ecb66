/**
 * HTML `Cache-Control` and `Vary` (docs/architecture.md "Edge behaviour") through the real app
 * in-process: anonymous pages are `private, no-cache` (never shared: each has its own CSP nonce), pages
 * for a visitor with a session or client cookie `private, no-store`, unprefixed pages vary by cookie
 * and Accept-Language, and answers with their own policy keep it. Plus `/builds/latest.json` (SPEC §7).
 */
import { describe, expect, test } from 'bun:test'
import { createTestApp, loadTestManifest } from '../../../test/support/web-app'
import { ANONYMOUS_HTML, hasPerUserCookie, htmlCacheControl, mergeVary, PER_USER_HTML } from './cache-headers'

const app = createTestApp()
const varyOf = (response: Response) => (response.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase())

describe('HTML cache headers', () => {
  test('anonymous pages: private, no-cache, Vary Cookie; unprefixed ones also Accept-Language', async () => {
    for (const path of ['/', '/de', '/apikey', '/de/apikey', '/no/such/page']) {
      const response = await app.request(path)
      expect(response.headers.get('content-type'), path).toStartWith('text/html')
      expect(response.headers.get('cache-control'), path).toBe(ANONYMOUS_HTML)
      expect(response.headers.get('cache-control'), path).not.toContain('public')
      expect(varyOf(response), path).toContain('cookie')
      // A nonce per response is why: two loads of one page never share it.
      expect(response.headers.get('content-security-policy'), path).toContain("'nonce-")
    }
    const unprefixed = await app.request('/')
    expect(varyOf(unprefixed)).toEqual(expect.arrayContaining(['cookie', 'accept-language']))
    expect(varyOf(unprefixed).filter((v) => v === 'cookie')).toHaveLength(1)
    const nonces = await Promise.all([app.request('/'), app.request('/')].map(async (r) => (await r).headers.get('content-security-policy')))
    expect(nonces[0]).not.toBe(nonces[1])
  })

  test('a visitor with a session or client cookie gets private, no-store', async () => {
    for (const cookie of ['ssg_web=abc', 'theme=dark; ssg_api=tok', 'ssg_client=c1', 'locale=en; ssg_session=s']) {
      const response = await app.request('/', { headers: { cookie } })
      expect(response.status, cookie).toBe(200)
      expect(response.headers.get('cache-control'), cookie).toBe(PER_USER_HTML)
    }
    // Language and theme alone do not make a page someone's own.
    expect((await app.request('/', { headers: { cookie: 'locale=en; theme=dark' } })).headers.get('cache-control')).toBe(ANONYMOUS_HTML)
  })

  test('server errors are no-store; answers with their own policy keep it; non-HTML is untouched', async () => {
    // The cape page needs the API, which this test app has not (503 page).
    const error = await app.request('/de/cape-ad')
    expect(error.status).toBe(503)
    expect(error.headers.get('content-type')).toStartWith('text/html')
    expect(error.headers.get('cache-control')).toBe('no-store')
    const own = createTestApp({ render: { fetch: async () => new Response('<p>x</p>', { headers: { 'content-type': 'text/html', 'cache-control': 'no-store, max-age=0' } }) } })
    expect((await own.request('/render/x')).headers.get('cache-control')).toBe('no-store, max-age=0')
    const png = createTestApp({ render: { fetch: async () => new Response('png', { headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=60' } }) } })
    const image = await png.request('/render/x')
    expect(image.headers.get('cache-control')).toBe('public, max-age=60')
    expect(image.headers.get('vary')).toBeNull()
  })

  test('helpers: cookie names, Vary merging, status', () => {
    expect(hasPerUserCookie(undefined)).toBe(false)
    expect(hasPerUserCookie('xssg_web=1; ssg_webx=2')).toBe(false)
    expect(hasPerUserCookie(' ssg_web = 1')).toBe(true)
    expect(mergeVary(null, 'Cookie')).toBe('Cookie')
    expect(mergeVary('cookie, Accept-Language', 'Cookie')).toBe('cookie, Accept-Language')
    expect(mergeVary('*', 'Cookie')).toBe('*')
    expect(htmlCacheControl(503, 'ssg_web=1')).toBe('no-store')
    expect(htmlCacheControl(404, null)).toBe(ANONYMOUS_HTML)
  })
})

describe('/builds/latest.json (SPEC §7 build check)', () => {
  test('carries the manifest build id, never cached, whatever the query; pages carry the same id', async () => {
    const { buildId } = loadTestManifest()
    const response = await app.request('/builds/latest.json?t=1763900000')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ buildId })
    expect(await (await app.request('/')).text()).toContain(`data-build="${buildId}"`)
  })

  test('a new build shows at once', async () => {
    let buildId = 'aaaaaaaaaaaa'
    const manifest = loadTestManifest()
    const live = createTestApp({ manifest: async () => ({ ...manifest, buildId }) })
    expect(await (await live.request('/builds/latest.json?t=1')).json()).toEqual({ buildId: 'aaaaaaaaaaaa' })
    buildId = 'bbbbbbbbbbbb'
    expect(await (await live.request('/builds/latest.json?t=2')).json()).toEqual({ buildId: 'bbbbbbbbbbbb' })
  })
})
