import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../image/fixtures'
import { startTestApi, uploadForm, type TestApi } from '../testing/api-harness'
import { BODY_LIMITS } from './body'

/** JSON of `value`, padded with trailing spaces to exactly `size` bytes (still valid JSON). */
const padded = (value: unknown, size: number) => {
  const text = JSON.stringify(value)
  return text + ' '.repeat(size - text.length)
}
const json = { 'content-type': 'application/json' }

/** A body stream that sends `first` and then nothing more, or breaks (`error`) after it. */
function stalled(first: Uint8Array, error?: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      c.enqueue(first)
      if (error) c.error(error)
    },
  })
}

describe('per-route body limits', () => {
  let t: TestApi
  let skin: string
  let owner: string
  beforeAll(async () => {
    // The harness turns any unexpected (logged) error into a failure, so none of these may log.
    t = await startTestApi({ env: { BODY_TIMEOUT_MS: '150' } })
    owner = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(951)), headers: { cookie: owner } })
    await t.api.idle()
    skin = (await t.json(`/v2/queue/${sub.body.job.id}`, { headers: { cookie: owner } })).body.job.result
  })
  afterAll(() => t.close())

  test('PATCH /v2/skins/{id} takes a few KB: at the cap it is read, one byte over is 413 payload_too_large', async () => {
    const patch = (body: string) => t.json(`/v2/skins/${skin}`, { method: 'PATCH', body, headers: { ...json, cookie: owner } })
    const atCap = await patch(padded({ name: 'Padded' }, BODY_LIMITS.skinUpdate))
    expect(atCap.status).toBe(200)
    expect(atCap.body.skin.name).toBe('Padded')
    const over = await patch(padded({ name: 'Too big' }, BODY_LIMITS.skinUpdate + 1))
    expect(over.status).toBe(413)
    expect(over.body.errors[0].code).toBe('payload_too_large')
    expect((await t.json(`/v2/skins/${skin}`)).body.skin.name).toBe('Padded')
  })

  test('tag votes and reports have small caps too (checked before the anti-bot proof)', async () => {
    for (const [path, body] of [
      ['tags', { tag: 'knight', vote: 'up' }],
      ['report', { reason: 'name' }],
    ] as const) {
      const over = await t.json(`/v2/skins/${skin}/${path}`, { method: 'POST', body: padded(body, 5 * 1024), headers: { ...json, cookie: owner } })
      expect({ path, status: over.status, code: over.body.errors[0].code }).toEqual({ path, status: 413, code: 'payload_too_large' })
      const small = await t.json(`/v2/skins/${skin}/${path}`, { method: 'POST', body: padded(body, 1024), headers: { ...json, cookie: owner } })
      expect({ path, code: small.body.errors[0].code }).toEqual({ path, code: 'missing_turnstile_token' })
    }
  })

  test('generate JSON keeps its 32 KB cap (a data URL skin fits); multipart over 64 KB is 413 invalid_file + payload_too_large', async () => {
    const big = await t.json('/v2/queue', { method: 'POST', body: padded({ url: 'https://example.invalid/x.png' }, BODY_LIMITS.generateJson + 1), headers: json })
    expect(big.status).toBe(413)
    expect(big.body.errors[0].code).toBe('payload_too_large')
    const dataUrl = `data:image/png;base64,${Buffer.from(makeSkinPng(952)).toString('base64')}`
    const fits = await t.json('/v2/queue', { method: 'POST', body: padded({ url: dataUrl }, 20 * 1024), headers: json })
    expect(fits.status).toBe(202)
    await t.api.idle()
    const upload = await t.json('/v2/queue', { method: 'POST', body: uploadForm(new Uint8Array(BODY_LIMITS.generateMultipart)) })
    expect(upload.status).toBe(413)
    expect(upload.body.errors.map((e: { code: string }) => e.code)).toEqual(['invalid_file', 'payload_too_large'])
  })

  test('a body that stops arriving gets 408 request_timeout after BODY_TIMEOUT_MS', async () => {
    const started = performance.now()
    const slow = await t.json('/v2/queue', {
      method: 'POST',
      body: stalled(new TextEncoder().encode('{"url":')),
      headers: json,
    })
    expect(slow.status).toBe(408)
    expect(slow.body.errors[0].code).toBe('request_timeout')
    // The injected 150 ms, not the 10 s default.
    expect(performance.now() - started).toBeLessThan(5000)
  })

  test('a body that breaks off (client gone) is a 400 request_aborted, not an unexpected error', async () => {
    const r = await t.json(`/v2/skins/${skin}`, {
      method: 'PATCH',
      body: stalled(new TextEncoder().encode('{"name":'), new DOMException('The connection was closed.', 'AbortError')),
      headers: { ...json, cookie: owner },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors[0].code).toBe('request_aborted')
  })
})

describe('429 job_limit carries Retry-After', () => {
  test('the pending-job cap answers with Retry-After from the queue durations', async () => {
    const t = await startTestApi({ env: { LIMIT_ANONYMOUS_PENDING: '1' }, noStart: true })
    try {
      const h = { 'x-forwarded-for': '198.51.100.9' }
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(961)), headers: h })).status).toBe(202)
      const second = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(962)), headers: h })
      expect(second.status).toBe(429)
      expect(second.body.errors[0].code).toBe('job_limit')
      // A fresh queue assumes 1 s per job (job-queue.ts durations), so the cap frees up in about 1 s.
      expect(second.res.headers.get('retry-after')).toBe('1')
    } finally {
      await t.close()
    }
  })
})
