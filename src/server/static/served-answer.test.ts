/** The Bun entry's last step: a HEAD gets exactly the GET's headers, compressed length included. */
import { describe, expect, test } from 'bun:test'
import { servedAnswer } from './served-answer'

const PAGE = `<!DOCTYPE html><html><body>${'<li class="skin-card">Skin</li>'.repeat(200)}</body></html>`
const PNG = new Uint8Array(2285).fill(9)

/** A stand-in app: a page, a PNG and a static file; records the methods it was asked with. */
function app() {
  const methods: string[] = []
  const fetch = (request: Request) => {
    methods.push(request.method)
    const path = new URL(request.url).pathname
    if (path === '/png') return new Response(PNG, { headers: { 'content-type': 'image/png' } })
    if (path === '/static.css') return new Response(request.method === 'HEAD' ? null : PAGE, { headers: { 'content-type': 'text/css', 'content-length': String(PAGE.length) } })
    return new Response(PAGE, { headers: { 'content-type': 'text/html; charset=UTF-8', etag: '"p1"' } })
  }
  return { methods, options: { fetch, isStatic: (path: string) => path === '/static.css' } }
}

const ask = (method: string, path: string) => new Request(`http://skins.test${path}`, { method, headers: { 'accept-encoding': 'br' } })

describe('servedAnswer', () => {
  test('HEAD of a page: the Content-Encoding, compressed Content-Length, Vary and weak ETag of the GET, no body', async () => {
    const { methods, options } = app()
    const get = await servedAnswer(ask('GET', '/page'), options)
    const getBytes = (await get.arrayBuffer()).byteLength
    const head = await servedAnswer(ask('HEAD', '/page'), options)
    expect(methods).toEqual(['GET', 'GET'])
    expect(head.body).toBeNull()
    for (const name of ['content-encoding', 'vary', 'etag', 'content-type']) expect(head.headers.get(name), name).toBe(get.headers.get(name))
    expect(head.headers.get('content-encoding')).toBe('br')
    expect(head.headers.get('content-length')).toBe(String(getBytes))
  })

  test('HEAD of a PNG and of a static file: their own length, no body', async () => {
    const { options } = app()
    const png = await servedAnswer(ask('HEAD', '/png'), options)
    expect(png.headers.get('content-length')).toBe('2285')
    expect(png.headers.get('content-encoding')).toBeNull()
    const css = await servedAnswer(ask('HEAD', '/static.css'), options)
    expect(css.headers.get('content-length')).toBe(String(PAGE.length))
    expect(css.body).toBeNull()
  })
})
