import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import { makeSkinPng } from '../image/fixtures'
import { createSafeFetcher, type SafeFetchOptions } from './index'
import { apiFailure } from '../../../test/support/api-failure'

const png = makeSkinPng(42)
let server: Server<unknown>
let other: Server<unknown>
let base: string
let allow: string[]
/** Resolves when the client hangs up on the endless body. */
let endlessCancelled: Promise<void> = Promise.resolve()

beforeAll(() => {
  other = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(png, { headers: { 'content-type': 'image/png' } }) })
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const url = new URL(req.url)
      const p = url.pathname
      const redirect = (to: string, status = 302) => new Response(null, { status, headers: { location: to } })
      if (p === '/skin.png') return new Response(png, { headers: { 'content-type': 'image/png' } })
      if (p === '/skin-params.png') return new Response(png, { headers: { 'content-type': 'IMAGE/PNG; charset=binary' } })
      if (p === '/page.html') return new Response('<html></html>', { headers: { 'content-type': 'text/html' } })
      if (p === '/no-type') return new Response(png)
      if (p === '/gone') return new Response('nope', { status: 404 })
      if (p === '/declared-big') return new Response(new Uint8Array(30_000), { headers: { 'content-type': 'image/png' } })
      if (p === '/endless') {
        let hangUp = () => {}
        endlessCancelled = new Promise((r) => (hangUp = r))
        return new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(4096))
            },
            cancel: () => hangUp(),
          }),
          { headers: { 'content-type': 'image/png' } },
        )
      }
      if (p === '/hang') return new Promise<Response>(() => {})
      if (p.startsWith('/hops/')) {
        const n = Number(p.split('/')[2])
        return n <= 0 ? redirect('/skin.png') : redirect(`/hops/${n - 1}`, n % 2 ? 301 : 307)
      }
      if (p === '/to-private') return redirect('http://10.0.0.1/skin.png')
      if (p === '/to-other-port') return redirect(`http://127.0.0.1:${other.port}/skin.png`)
      if (p === '/to-rebound-name') return redirect(`http://rebound.test:${server.port}/skin.png`)
      if (p === '/to-metadata') return redirect('http://169.254.169.254/latest/meta-data/')
      if (p === '/to-ftp') return redirect('ftp://example.com/skin.png')
      return new Response('?', { status: 500 })
    },
  })
  base = `http://127.0.0.1:${server.port}`
  allow = [`127.0.0.1:${server.port}`]
})

afterAll(() => {
  server.stop(true)
  other.stop(true)
})

const failure = apiFailure

/** A resolver that answers from a table and fails for other names. */
const dns = (table: Record<string, string[]>) => async (host: string) => {
  const answer = table[host]
  if (!answer) throw new Error(`ENOTFOUND ${host}`)
  return answer
}

/** A fetch stand-in that records URLs and answers with the skin PNG. */
/**
 * A fetch that answers a PNG and records what was asked for (the URL with its `Host` header's name,
 * as the server sees it) and where it connected (the URL's host: the checked IP once pinned) with
 * which TLS server name.
 */
function recordingFetch() {
  const calls: string[] = []
  const connected: { address: string; serverName: string | null }[] = []
  const impl = (async (input: string | URL | Request, init?: RequestInit & { tls?: { serverName?: string } }) => {
    const u = new URL(String(input))
    connected.push({ address: u.hostname, serverName: init?.tls?.serverName ?? null })
    const host = new Headers(init?.headers).get('host')
    if (host) u.host = host
    calls.push(u.href)
    return new Response(png, { headers: { 'content-type': 'image/png' } })
  }) as typeof fetch
  return { calls, connected, impl }
}

describe('loopback server through the test allowlist', () => {
  test('downloads a PNG', async () => {
    const got = await createSafeFetcher({ allowPrivateHosts: allow })(`${base}/skin.png`)
    expect(got.bytes).toEqual(png)
    expect(got.originalUrl).toBe(`${base}/skin.png`)
    expect(got.requestedUrl).toBe(`${base}/skin.png`)
    expect(got.finalUrl).toBe(`${base}/skin.png`)
  })

  test('accepts image/png with parameters in any case', async () => {
    expect((await createSafeFetcher({ allowPrivateHosts: allow })(`${base}/skin-params.png`)).bytes).toEqual(png)
  })

  test('follows up to 5 redirects (301/302/307, relative Location) and reports the final URL', async () => {
    const got = await createSafeFetcher({ allowPrivateHosts: allow })(`${base}/hops/4`)
    expect(got.finalUrl).toBe(`${base}/skin.png`)
    expect(got.bytes).toEqual(png)
  })

  test('refuses a sixth redirect', async () => {
    const err = await failure(createSafeFetcher({ allowPrivateHosts: allow })(`${base}/hops/5`))
    expect(err.code).toBe('invalid_image_url')
    expect(err.message).toMatch(/more than 5 redirects/)
  })

  test('without the allowlist the same loopback server is blocked', async () => {
    const err = await failure(createSafeFetcher()(`${base}/skin.png`))
    expect(err.code).toBe('blocked_url_host')
    expect(err.status).toBe(400)
  })

  test('the allowlist is exact: localhost on the same port resolves to loopback and is blocked', async () => {
    const err = await failure(createSafeFetcher({ allowPrivateHosts: allow })(`http://localhost:${server.port}/skin.png`))
    expect(err.code).toBe('blocked_url_host')
  })

  test.each([
    ['a private address', '/to-private', /10\.0\.0\.1 is a private address/],
    ['a loopback port not on the allowlist', '/to-other-port', /127\.0\.0\.1 is a loopback address/],
    ['the cloud metadata address', '/to-metadata', /169\.254\.169\.254 is a linkLocal address/],
  ])('a redirect to %s is blocked', async (_, path, reason) => {
    const err = await failure(createSafeFetcher({ allowPrivateHosts: allow })(`${base}${path}`))
    expect(err.code).toBe('blocked_url_host')
    expect(err.message).toMatch(reason)
  })

  test('a redirect to a name that resolves privately is blocked after the redirect', async () => {
    const resolve = dns({ 'rebound.test': ['93.184.216.34', '127.0.0.1'] })
    const err = await failure(createSafeFetcher({ allowPrivateHosts: allow, resolve })(`${base}/to-rebound-name`))
    expect(err.code).toBe('blocked_url_host')
    expect(err.message).toMatch(/rebound\.test resolves to 127\.0\.0\.1/)
  })

  test('a redirect to another scheme is refused', async () => {
    const err = await failure(createSafeFetcher({ allowPrivateHosts: allow })(`${base}/to-ftp`))
    expect(err.code).toBe('invalid_image_url')
    expect(err.message).toMatch(/only http and https/)
  })

  test.each([
    ['a non-PNG content type', '/page.html', /expected Content-Type image\/png, got text\/html/],
    ['a missing content type', '/no-type', /expected Content-Type image\/png/],
    ['an HTTP error', '/gone', /answered HTTP 404/],
    ['a Content-Length over the limit', '/declared-big', /30000 bytes; the limit is 20000/],
  ])('refuses %s', async (_, path, reason) => {
    const err = await failure(createSafeFetcher({ allowPrivateHosts: allow })(`${base}${path}`))
    expect(err.code).toBe('invalid_image_url')
    expect(err.message).toMatch(reason)
  })

  test('stops reading an endless body as soon as it passes the limit', async () => {
    const err = await failure(createSafeFetcher({ allowPrivateHosts: allow, maxBytes: 10_000, timeoutMs: 10_000 })(`${base}/endless`))
    expect(err.message).toMatch(/larger than the limit of 10000 bytes/)
    // The connection is dropped: the server sees its endless stream cancelled.
    await endlessCancelled
  })

  test('gives up when the server never answers', async () => {
    const err = await failure(createSafeFetcher({ allowPrivateHosts: allow, timeoutMs: 150 })(`${base}/hang`))
    expect(err.code).toBe('invalid_image_url')
    expect(err.message).toMatch(/timed out after 150 ms/)
  })

  test('a host that drops the connection is an invalid_image_url, not a crash', async () => {
    // A listener that drops every connection: a dead host, without racing for a freed port.
    const dead = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { open: (s) => void s.end(), data: () => {} } })
    const err = await failure(createSafeFetcher({ allowPrivateHosts: [`127.0.0.1:${dead.port}`] })(`http://127.0.0.1:${dead.port}/x.png`)).finally(() => dead.stop(true))
    expect(err.code).toBe('invalid_image_url')
    expect(err.message).toMatch(/could not be reached/)
  })
})

describe('address checks with an injected resolver (no network)', () => {
  const fetcher = (resolveTable: Record<string, string[]>, extra: SafeFetchOptions = {}) => {
    const rec = recordingFetch()
    return { rec, get: createSafeFetcher({ resolve: dns(resolveTable), fetch: rec.impl, ...extra }) }
  }

  test('a name with only public addresses is fetched', async () => {
    const { rec, get } = fetcher({ 'skins.example': ['93.184.216.34', '2606:4700::1111'] })
    const got = await get('https://skins.example/a.png')
    expect(got.bytes).toEqual(png)
    expect(rec.calls).toEqual(['https://skins.example/a.png'])
    // Connected to the checked IPv4 address, with the name as TLS server name.
    expect(rec.connected).toEqual([{ address: '93.184.216.34', serverName: 'skins.example' }])
  })

  test('the download connects to the address that was checked, not to a second answer of the name (DNS rebinding)', async () => {
    const rec = recordingFetch()
    const answers = [['93.184.216.34'], ['127.0.0.1']]
    let lookups = 0
    const get = createSafeFetcher({ resolve: async () => answers[Math.min(lookups++, 1)]!, fetch: rec.impl })
    expect((await get('http://rebind.example/skin.png')).bytes).toEqual(png)
    expect(lookups).toBe(1)
    expect(rec.connected).toEqual([{ address: '93.184.216.34', serverName: null }])
    expect(rec.calls).toEqual(['http://rebind.example/skin.png'])
  })

  test.each([
    ['one private answer among public ones', ['93.184.216.34', '10.0.0.7']],
    ['an IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['a carrier-grade NAT address', ['100.64.3.4']],
    ['a unique-local IPv6 address', ['fd00::5']],
    ['a multicast address', ['239.1.2.3']],
    ['the unspecified address', ['0.0.0.0']],
  ])('refuses a name with %s and never connects', async (_, answer) => {
    const { rec, get } = fetcher({ 'evil.example': answer })
    const err = await failure(get('http://evil.example/skin.png'))
    expect(err.code).toBe('blocked_url_host')
    expect(rec.calls).toEqual([])
  })

  test.each([
    'http://127.0.0.1/skin.png',
    'http://127.8.9.10/skin.png',
    'http://0x7f.1/skin.png',
    'http://2130706433/skin.png',
    'http://[::1]/skin.png',
    'http://[::ffff:10.0.0.1]/skin.png',
    'http://[::7f00:1]/skin.png',
    'http://[fe80::1]/skin.png',
    'http://169.254.169.254/latest/meta-data',
    'http://192.168.1.1/skin.png',
    'http://172.16.0.1/skin.png',
    'http://0.0.0.0/skin.png',
    'http://[64:ff9b::a00:1]/skin.png',
  ])('refuses the literal address in %s', async (url) => {
    const { rec, get } = fetcher({})
    const err = await failure(get(url))
    expect(err.code).toBe('blocked_url_host')
    expect(rec.calls).toEqual([])
  })

  test('an unresolvable name is an invalid_image_url', async () => {
    const { get } = fetcher({})
    const err = await failure(get('http://nowhere.example/skin.png'))
    expect(err.code).toBe('invalid_image_url')
    expect(err.message).toMatch(/could not be resolved/)
  })

  test.each([
    ['ftp://example.com/skin.png', /only http and https/],
    ['file:///etc/passwd', /only http and https/],
    ['javascript:alert(1)', /only http and https/],
    ['not a url', /not a valid URL/],
    ['http://user:pw@skins.example/a.png', /credentials/],
    [`https://skins.example/${'a'.repeat(231)}.png`, /257 characters; the limit is 256/],
  ])('refuses %s', async (url, reason) => {
    const { rec, get } = fetcher({ 'skins.example': ['93.184.216.34'] })
    const err = await failure(get(url))
    expect(err.code).toBe('invalid_image_url')
    expect(err.message).toMatch(reason)
    expect(rec.calls).toEqual([])
  })

  test('page URLs are rewritten before fetching and the rewritten URL is reported', async () => {
    const { rec, get } = fetcher(
      { 'i.imgur.com': ['151.101.0.193'], 'api.skins.example': ['93.184.216.34'] },
      { rewrite: { selfSkinTextureUrl: (id) => `https://api.skins.example/v2/skins/${id}/texture` } },
    )
    const a = await get('https://imgur.com/AbC123')
    expect(a.requestedUrl).toBe('https://i.imgur.com/AbC123.png')
    const b = await get('https://minesk.in/0123abcd')
    expect(b.requestedUrl).toBe('https://api.skins.example/v2/skins/0123abcd/texture')
    expect(rec.calls).toEqual(['https://i.imgur.com/AbC123.png', 'https://api.skins.example/v2/skins/0123abcd/texture'])
  })

  test('page rewrites apply without a rewrite context too', async () => {
    const { rec, get } = fetcher({ 'i.imgur.com': ['151.101.0.193'] })
    expect((await get('https://imgur.com/XyZ9')).requestedUrl).toBe('https://i.imgur.com/XyZ9.png')
    expect(rec.calls).toEqual(['https://i.imgur.com/XyZ9.png'])
  })
})
