/** On-the-fly compression of pages and JSON on Bun: what is compressed and what is left alone. */
import { describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { compressResponse } from './compress-response'

const PAGE = `<!DOCTYPE html><html><body>${'<li class="skin-card">Skin</li>'.repeat(200)}</body></html>`
const JSON_BODY = JSON.stringify({ skins: Array.from({ length: 60 }, (_, i) => ({ uuid: `uuid-${i}`, name: 'A skin' })) })

const request = (acceptEncoding?: string, method = 'GET') => new Request('http://skins.test/', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
const html = (init: ResponseInit = {}, body: string | null = PAGE) => new Response(body, { ...init, headers: { 'content-type': 'text/html; charset=UTF-8', ...init.headers } })

describe('compressResponse', () => {
  test('pages: Brotli for browsers, gzip for gzip-only clients; decodes to the page', async () => {
    const br = await compressResponse(request('gzip, deflate, br, zstd'), html({ status: 404 }))
    expect(br.status).toBe(404)
    expect(br.headers.get('content-encoding')).toBe('br')
    const brBytes = new Uint8Array(await br.arrayBuffer())
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length)
    expect(brBytes.length).toBeLessThan(PAGE.length / 10)
    expect(brotliDecompressSync(brBytes).toString()).toBe(PAGE)

    const gz = await compressResponse(request('gzip'), html())
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(PAGE)
  })

  test('JSON is compressed; headers and cookies are kept; Vary gets Accept-Encoding added', async () => {
    const headers = new Headers({ 'content-type': 'application/json', vary: 'Origin', 'x-request-id': 'r1' })
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    const response = await compressResponse(request('br'), new Response(JSON_BODY, { headers }))
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('vary')).toBe('Origin, Accept-Encoding')
    expect(response.headers.get('x-request-id')).toBe('r1')
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(JSON.parse(brotliDecompressSync(new Uint8Array(await response.arrayBuffer())).toString())).toEqual(JSON.parse(JSON_BODY))
  })

  test('a client without a coding gets the bytes as they are, with Vary', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const response = await compressResponse(request(accept), html({ headers: { vary: 'Cookie, Accept-Encoding' } }))
      expect(response.headers.get('content-encoding')).toBeNull()
      expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding')
      expect(await response.text()).toBe(PAGE)
    }
  })

  test('left alone: small bodies, other types, encoded answers, no-transform, HEAD, 204 and 304', async () => {
    const small = await compressResponse(request('br'), html({}, '<p>short</p>'))
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.text()).toBe('<p>short</p>')

    const cases: [string, Request, Response][] = [
      ['png', request('br'), new Response(PAGE, { headers: { 'content-type': 'image/png' } })],
      ['javascript', request('br'), new Response(PAGE, { headers: { 'content-type': 'text/javascript' } })],
      ['no type', request('br'), new Response(new Blob([PAGE]))],
      ['event stream', request('br'), new Response(PAGE, { headers: { 'content-type': 'text/event-stream' } })],
      ['already encoded', request('br'), html({ headers: { 'content-encoding': 'gzip' } })],
      ['no-transform', request('br'), html({ headers: { 'cache-control': 'private, no-transform' } })],
      ['HEAD', request('br', 'HEAD'), html()],
      ['304', request('br'), html({ status: 304 }, null)],
      ['204', request('br'), html({ status: 204 }, null)],
    ]
    for (const [label, req, res] of cases) {
      const out = await compressResponse(req, res)
      expect(out, label).toBe(res)
    }
  })

  test('a strong ETag becomes weak on the encoded bytes', async () => {
    const response = await compressResponse(request('gzip'), html({ headers: { etag: '"v1"' } }))
    expect(response.headers.get('etag')).toBe('W/"v1"')
    const weak = await compressResponse(request('gzip'), html({ headers: { etag: 'W/"v2"' } }))
    expect(weak.headers.get('etag')).toBe('W/"v2"')
  })

  test('a body larger than the smallest window still decodes to itself', async () => {
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: i, hash: (i * 2654435761).toString(16) })))
    expect(big.length).toBeGreaterThan(300_000)
    const response = await compressResponse(request('br'), new Response(big, { headers: { 'content-type': 'application/json' } }))
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(new Uint8Array(await response.arrayBuffer())).toString()).toBe(big)
  })

  test('Vary: * stays as it is', async () => {
    const response = await compressResponse(request('br'), html({ headers: { vary: '*' } }))
    expect(response.headers.get('vary')).toBe('*')
  })
})
