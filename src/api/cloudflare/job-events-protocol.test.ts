/**
 * The wire between the API Worker's event stream requests and the job event object
 * (./job-events-protocol.ts): frames survive any chunking, a refusal comes back as the same ApiError,
 * and only a subscribe URL names an owner.
 */
import { describe, expect, test } from 'bun:test'
import { ApiError } from '../errors'
import type { JobEventRow } from '../jobs/events/job-event-log'
import { acceptedHeaders, cursorOf, KEEP_ALIVE_FRAME, subscriptionOf, readFrames, refusalOf, refusalResponse, rowsFrame, subscribeUrl, type Frame } from './job-events-protocol'

const row = (id: number, client = 'me'): JobEventRow => ({ id, job_id: `job${id}`, status: 'waiting', user_id: null, api_key_id: null, client_id: client, at: 1000 + id })

/** A body delivering `text` in pieces of `size` bytes. */
function chunked(text: string, size: number): ReadableStreamDefaultReader<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close()
      c.enqueue(bytes.slice(at, (at += size)))
    },
  }).getReader()
}

async function frames(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Frame[]> {
  const out: Frame[] = []
  for await (const f of readFrames(reader)) out.push(f)
  return out
}

describe('job event protocol', () => {
  test('rows and keep-alive ticks come out as sent, however the body is cut (multi-byte text included)', async () => {
    const rows = [row(1), { ...row(2), client_id: 'ünïcødé' }]
    const text = rowsFrame(rows) + KEEP_ALIVE_FRAME + rowsFrame([row(3)]) + KEEP_ALIVE_FRAME
    const expected: Frame[] = [{ rows }, 'keep-alive', { rows: [row(3)] }, 'keep-alive']
    for (const size of [1, 2, 3, 7, 64, text.length]) expect(await frames(chunked(text, size))).toEqual(expected)
  })

  test('a line that is no frame breaks the body rather than being skipped', async () => {
    await expect(frames(chunked('{"oops":1}\n', 4))).rejects.toThrow('not a job event frame')
  })

  test('a refusal comes back as the same ApiError: status, code, message and causes', async () => {
    const refused = new ApiError('too_many_streams', 'Too many open event streams for this caller', 429, undefined, [{ code: 'limit', message: '5 at once' }])
    const back = await refusalOf(refusalResponse(refused))
    expect(back).toBeInstanceOf(ApiError)
    const e = back as ApiError
    expect([e.status, e.code, e.message, e.source, e.causes]).toEqual([429, 'too_many_streams', refused.message, 'CLIENT', refused.causes])
  })

  test('an answer that is no error body is an Error with its status, not an ApiError', async () => {
    const e = await refusalOf(new Response('upstream exploded', { status: 502 }))
    expect(e).not.toBeInstanceOf(ApiError)
    expect(e.message).toContain('502')
  })

  test('the cursor travels in the header as JSON', () => {
    expect(cursorOf(new Response(null, { headers: acceptedHeaders(42) }))).toBe(42)
    expect(() => cursorOf(new Response(null))).toThrow('x-job-events-cursor')
  })

  test('only a subscribe URL names a subscription, and only a well-formed one; its quota keys travel with it', () => {
    expect(subscriptionOf(subscribeUrl({ owner: 'k:abc&x=1', quota: ['k:abc&x=1', 'u:ada'] }))).toEqual({ owner: 'k:abc&x=1', quota: ['k:abc&x=1', 'u:ada'] })
    expect(subscriptionOf(subscribeUrl({ owner: 'c:0123', quota: [] }))).toEqual({ owner: 'c:0123', quota: [] })
    expect(subscriptionOf('https://job-events.internal/subscribe?owner=x:1')).toBeNull()
    expect(subscriptionOf('https://job-events.internal/other?owner=c:1')).toBeNull()
    expect(subscriptionOf('https://job-events.internal/subscribe')).toBeNull()
  })
})
