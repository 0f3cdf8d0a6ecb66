import { describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import { headLikeGet, headOf } from './http-head'

const PNG = new Uint8Array(2285).fill(7)

describe('HEAD answers the GET headers (RFC 9110 §9.3.2)', () => {
  test('headOf: same status and headers, the body length as Content-Length, no body', async () => {
    const head = await headOf(new Response(PNG, { status: 200, headers: { 'content-type': 'image/png', etag: '"x"' } }))
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    expect(head.headers.get('content-length')).toBe('2285')
    expect(head.headers.get('content-type')).toBe('image/png')
    expect(head.headers.get('etag')).toBe('"x"')
  })

  test('headOf: a stated length is kept; 304 and bodiless answers state none', async () => {
    expect((await headOf(new Response(PNG, { headers: { 'content-length': '2285' } }))).headers.get('content-length')).toBe('2285')
    expect((await headOf(new Response(null, { status: 304 }))).headers.get('content-length')).toBeNull()
    const streamed = new Response(new ReadableStream({ start: (c) => (c.enqueue(PNG.slice(0, 100)), c.enqueue(PNG.slice(100)), c.close()) }))
    expect((await headOf(streamed)).headers.get('content-length')).toBe('2285')
  })

  test('headLikeGet: a Hono app answers HEAD with the length of what GET sends', async () => {
    const app = new Hono()
    app.use('*', headLikeGet())
    app.get('/png', (c) => c.body(PNG, 200, { 'Content-Type': 'image/png' }))
    app.get('/json', (c) => c.json({ hello: 'world' }))
    app.get('/moved', (c) => c.redirect('/png', 302))
    for (const path of ['/png', '/json', '/moved']) {
      const get = await app.request(path)
      const bytes = (await get.arrayBuffer()).byteLength
      const head = await app.request(path, { method: 'HEAD' })
      expect(head.status, path).toBe(get.status)
      expect(Number(head.headers.get('content-length') ?? 0), path).toBe(bytes)
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'))
      expect((await head.arrayBuffer()).byteLength, path).toBe(0)
    }
  })

  test('without it, Hono drops the length with the body (the defect this fixes)', async () => {
    const app = new Hono()
    app.get('/png', (c) => c.body(PNG, 200, { 'Content-Type': 'image/png' }))
    expect((await app.request('/png', { method: 'HEAD' })).headers.get('content-length')).toBeNull()
  })
})
