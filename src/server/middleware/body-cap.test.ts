import { describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import { bodyCap } from './body-cap'

/** An app behind a 100-byte cap whose one route counts its calls and reads the body. */
function capped() {
  const calls: string[] = []
  const app = new Hono()
  app.use('*', bodyCap(100))
  app.all('*', async (c) => {
    calls.push(await c.req.text())
    return c.text('ok')
  })
  return { app, calls }
}

const post = (headers: Record<string, string>, body: string | ReadableStream<Uint8Array> = 'x') =>
  new Request('http://site.test/anything', { method: 'POST', headers, body, duplex: 'half' } as RequestInit)

describe('bodyCap', () => {
  test('a declared body over the cap gets 413 payload_too_large in the envelope and the route never runs', async () => {
    const { app, calls } = capped()
    const res = await app.fetch(post({ 'content-length': '101', 'content-type': 'application/json' }, 'x'.repeat(101)))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ success: false, errors: [{ code: 'payload_too_large', message: 'Request body is larger than 100 bytes' }] })
    expect(calls).toEqual([])
  })

  test('a multipart body over the cap lists invalid_file first, as the API does for an oversized upload', async () => {
    const res = await capped().app.fetch(post({ 'content-length': '5000', 'content-type': 'multipart/form-data; boundary=x' }, 'x'.repeat(5000)))
    expect(res.status).toBe(413)
    expect(((await res.json()) as { errors: { code: string }[] }).errors.map((e) => e.code)).toEqual(['invalid_file', 'payload_too_large'])
  })

  test('a body at the cap, and one without a declared length, reach the route untouched', async () => {
    const { app, calls } = capped()
    expect((await app.fetch(post({ 'content-length': '100' }, 'y'.repeat(100)))).status).toBe(200)
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('streamed'))
        c.close()
      },
    })
    expect((await app.fetch(post({}, stream))).status).toBe(200)
    expect(calls).toEqual(['y'.repeat(100), 'streamed'])
  })
})
