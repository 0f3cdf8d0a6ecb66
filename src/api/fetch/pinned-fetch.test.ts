/**
 * Requests pinned to checked addresses (./pinned-fetch.ts) against a real https server on 127.0.0.1
 * with a certificate for `hooks.test` (testdata/, self-signed, trusted for these tests only): the
 * name travels as `Host` and TLS server name and the certificate is verified against it, a
 * certificate for another name is refused, and an address that refuses the connection gives way to
 * the next one, IPv4 first.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { fetchPinned, pinnedTarget } from './pinned-fetch'

const dir = join(import.meta.dir, 'testdata')
const cert = await Bun.file(join(dir, 'hooks-test.cert.pem')).text()
const key = await Bun.file(join(dir, 'hooks-test.key.pem')).text()
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, tls: { cert, key }, fetch: (r) => new Response(`host=${r.headers.get('host')}`) })
afterAll(() => server.stop(true))

describe('pinned requests', () => {
  test('the name is the Host and the TLS server name; the certificate is checked against it', async () => {
    const res = await fetchPinned(new URL(`https://hooks.test:${server.port}/x`), ['127.0.0.1'], {}, { fetch, trust: cert })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(`host=hooks.test:${server.port}`)
  })

  test('a certificate that does not name the host is refused', async () => {
    await expect(fetchPinned(new URL(`https://other.test:${server.port}/x`), ['127.0.0.1'], {}, { fetch, trust: cert })).rejects.toThrow(/altname|ALTNAME/)
    // Nor is a self-signed certificate trusted by default.
    await expect(fetchPinned(new URL(`https://hooks.test:${server.port}/x`), ['127.0.0.1'], {}, { fetch })).rejects.toThrow()
  })

  test('an address that refuses the connection gives way to the next one', async () => {
    // Nothing listens on 127.0.0.2 (the server is bound to 127.0.0.1 only).
    const res = await fetchPinned(new URL(`https://hooks.test:${server.port}/x`), ['127.0.0.2', '127.0.0.1'], {}, { fetch, trust: cert })
    expect(res.status).toBe(200)
  })

  test('IPv4 addresses are tried before IPv6 ones; an IPv6 address is bracketed; no addresses: as given', async () => {
    const seen: string[] = []
    const record = (async (input: string | URL | Request) => {
      seen.push(String(input))
      if (seen.length === 1) throw new TypeError('connection refused')
      return new Response('ok')
    }) as typeof fetch
    await fetchPinned(new URL('https://hooks.test/a'), ['2606:4700::1111', '93.184.216.34', '2606:4700::2222'], {}, { fetch: record })
    expect(seen).toEqual(['https://93.184.216.34/a', 'https://[2606:4700::1111]/a'])
    seen.length = 0
    await fetchPinned(new URL('https://hooks.test/b'), null, {}, { fetch: (async (i: string | URL | Request) => (seen.push(String(i)), new Response('ok'))) as typeof fetch })
    expect(seen).toEqual(['https://hooks.test/b'])
    expect(pinnedTarget(new URL('http://hooks.test./c'), '93.184.216.34')).toEqual({ href: 'http://93.184.216.34/c', host: 'hooks.test', serverName: null })
  })
})
