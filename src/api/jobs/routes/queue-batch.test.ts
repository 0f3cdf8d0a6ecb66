import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { queueBatchResponseSchema } from '../../../shared/schemas/api'
import type { Grants } from '../../config'
import { makeSkinPng } from '../../image/fixtures'
import { apiKeyWith, jsonInit, startTestApi, type TestApi } from '../../testing/api-harness'
import { BODY_LIMITS } from '../../routes/body'

const dataUrl = (seed: number) => `data:image/png;base64,${Buffer.from(makeSkinPng(seed)).toString('base64')}`

/** A new API key with `grants`; returns its Authorization headers. */
const keyWith = async (t: TestApi, grants: Partial<Grants>) => ({ ...(await apiKeyWith(t, grants)), 'user-agent': 'BatchTest/1.0' })

const batch = (t: TestApi, items: unknown[], headers: Record<string, string>) => t.json('/v2/queue/batch', jsonInit({ batch: items }, { headers }))

describe('POST /v2/queue/batch', () => {
  let t: TestApi
  let auth: Record<string, string>
  beforeAll(async () => {
    t = await startTestApi()
    auth = await keyWith(t, { batch_generation: true })
  })
  afterAll(() => t.close())

  test('three data-URL skins and one bad item: four ordered results, three jobs complete, the bad one carries its error', async () => {
    const items = [{ url: dataUrl(1201), name: 'First' }, { url: 'data:image/png;base64,!!!' }, { url: dataUrl(1202), name: 'Second' }, { url: dataUrl(1203), name: 'Third' }]
    const r = await batch(t, items, auth)
    expect(r.status).toBe(202)
    expect(queueBatchResponseSchema.safeParse(r.body).success).toBe(true)
    expect(r.body.success).toBe(true)
    expect(r.body.batch.map((b: { success: boolean }) => b.success)).toEqual([true, false, true, true])
    expect(r.body.batch[1].errors[0].code).toBe('invalid_image_url')
    expect(r.body.batch[1]).not.toHaveProperty('job')
    // The whole batch counted: four requests of the key's 120 per minute.
    expect(r.body.rateLimit.limit.minute).toMatchObject({ used: 4, remaining: 116 })
    expect(r.res.headers.get('x-ratelimit-remaining')).toBe('116')
    const ids = [0, 2, 3].map((i) => r.body.batch[i].job.id as string)
    expect(new Set(ids).size).toBe(3)
    for (const i of [0, 2, 3]) expect(r.body.batch[i].messages[0].code).toBe('job_queued')
    await t.api.idle()
    const names = []
    for (const id of ids) {
      const job = await t.json(`/v2/queue/${id}`, { headers: auth })
      expect(job.body.job.status).toBe('completed')
      names.push(job.body.skin.name)
    }
    expect(names).toEqual(['First', 'Second', 'Third'])
    // Each job is the caller's, as a single /v2/queue job is.
    const list = await t.json('/v2/queue', { headers: auth })
    expect(list.body.jobs.map((j: { id: string }) => j.id).sort()).toEqual([...ids].sort())
  })

  test('each item is checked on its own: invalid options, both or neither input, a bad URL', async () => {
    const r = await batch(t, [{ url: 'ftp://x' }, { url: dataUrl(1211), user: 'Notch' }, { name: 'nothing' }, { url: dataUrl(1212), visibility: 'secret' }, { url: dataUrl(1213) }], auth)
    expect(r.status).toBe(202)
    const codes = r.body.batch.map((b: { success: boolean; errors?: { code: string }[] }) => (b.success ? 'ok' : b.errors![0]!.code))
    expect(codes).toEqual(['validation_error', 'invalid_request', 'invalid_request', 'validation_error', 'ok'])
    expect(r.body.batch[0].errors[1].message).toContain('(url)')
    await t.api.idle()
  })

  test('a duplicate item answers with the existing skin, like /v2/queue does', async () => {
    const url = dataUrl(1221)
    const first = await t.json('/v2/queue', jsonInit({ url }, { headers: auth }))
    await t.api.idle()
    const made = await t.json(`/v2/queue/${first.body.job.id}`, { headers: auth })
    const r = await batch(t, [{ url: dataUrl(1222) }, { url }], auth)
    expect(r.status).toBe(202)
    const dup = r.body.batch[1]
    expect(dup.success).toBe(true)
    expect(dup.messages[0].code).toBe('skin_found')
    expect(dup.job.status).toBe('completed')
    expect(dup.job.result).toBe(made.body.skin.uuid)
    expect(dup.skin.uuid).toBe(made.body.skin.uuid)
    expect(dup.skin.duplicate).toBe(true)
    expect(r.body.batch[0].messages[0].code).toBe('job_queued')
    await t.api.idle()
  })

  test('without the batch_generation grant → 403 insufficient_grants; anonymous callers too', async () => {
    const plain = await keyWith(t, {})
    const keyed = await batch(t, [{ url: dataUrl(1231) }], plain)
    expect(keyed.status).toBe(403)
    expect(keyed.body).toEqual({ success: false, errors: [{ code: 'insufficient_grants', message: 'Batch generation needs the batch_generation grant' }] })
    const anonymous = await batch(t, [{ url: dataUrl(1231) }], {})
    expect(anonymous.status).toBe(403)
    expect(anonymous.body.errors[0].code).toBe('insufficient_grants')
  })

  test('0 or 25 items → 400 validation_error; not JSON → 415; nothing is counted', async () => {
    const auth = await keyWith(t, { batch_generation: true })
    const none = await batch(t, [], auth)
    expect(none.status).toBe(400)
    expect(none.body.errors.map((e: { code: string }) => e.code)).toEqual(['validation_error', 'too_small'])
    const many = await batch(t, Array.from({ length: 25 }, (_, i) => ({ url: dataUrl(1300 + i) })), auth)
    expect(many.status).toBe(400)
    expect(many.body.errors.map((e: { code: string }) => e.code)).toEqual(['validation_error', 'too_big'])
    const missing = await t.json('/v2/queue/batch', jsonInit({ url: dataUrl(1240) }, { headers: auth }))
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].code).toBe('validation_error')
    const form = await t.json('/v2/queue/batch', { method: 'POST', body: new URLSearchParams({ batch: 'x' }), headers: auth })
    expect(form.status).toBe(415)
    expect(form.body.errors[0].code).toBe('invalid_content_type')
    const after = await batch(t, [{ url: dataUrl(1241) }], auth)
    expect(after.body.rateLimit.limit.minute.used).toBe(1)
    await t.api.idle()
  })

  test('24 items fit the body cap, even at the largest accepted data URL each, and are all queued', async () => {
    const largest = { url: `data:image/png;base64,${'A'.repeat(26_668 - 22)}`, name: 'n'.repeat(48), visibility: 'unlisted', variant: 'classic', cape: '0'.repeat(32) }
    expect(JSON.stringify({ batch: Array(24).fill(largest) }).length).toBeLessThan(BODY_LIMITS.queueBatchJson)
    const url = dataUrl(1250)
    const items = Array.from({ length: 24 }, (_, i) => ({ url, name: `Copy ${i}` }))
    const r = await batch(t, items, auth)
    expect(r.status).toBe(202)
    expect(r.body.batch).toHaveLength(24)
    expect(r.body.batch.every((b: { success: boolean }) => b.success)).toBe(true)
    await t.api.idle()
    const over = await t.json('/v2/queue/batch', jsonInit({ batch: items, pad: ' '.repeat(BODY_LIMITS.queueBatchJson) }, { headers: auth }))
    expect(over.status).toBe(413)
    expect(over.body.errors[0].code).toBe('payload_too_large')
  })
})

describe('POST /v2/queue/batch limits', () => {
  test('a batch larger than the remaining per-minute allowance → 429 with Retry-After and X-RateLimit headers, nothing queued', async () => {
    const t = await startTestApi()
    try {
      const auth = await keyWith(t, { batch_generation: true, per_minute: 5 })
      const first = await batch(t, [{ url: dataUrl(1401) }, { url: dataUrl(1402) }, { url: dataUrl(1403) }], auth)
      expect(first.status).toBe(202)
      expect(first.res.headers.get('x-ratelimit-remaining')).toBe('2')
      await t.api.idle()
      const jobsBefore = (await t.json('/v2/queue', { headers: auth })).body.jobs.length
      const over = await batch(t, [{ url: dataUrl(1404) }, { url: dataUrl(1405) }, { url: dataUrl(1406) }], auth)
      expect(over.status).toBe(429)
      expect(over.body.errors[0].code).toBe('rate_limit')
      expect(over.body.rateLimit.limit.minute).toMatchObject({ used: 3, limit: 5, remaining: 2 })
      expect(over.res.headers.get('x-ratelimit-limit')).toBe('5')
      expect(over.res.headers.get('x-ratelimit-remaining')).toBe('2')
      // The test clock sits on a full minute, so the window resets in 60 s.
      expect(over.res.headers.get('retry-after')).toBe('60')
      expect((await t.json('/v2/queue', { headers: auth })).body.jobs.length).toBe(jobsBefore)
      // What is left still takes a smaller batch; the next minute takes the big one.
      expect((await batch(t, [{ url: dataUrl(1404) }, { url: dataUrl(1405) }], auth)).status).toBe(202)
      t.clock.now += 60_000
      expect((await batch(t, [{ url: dataUrl(1406) }, { url: dataUrl(1407) }, { url: dataUrl(1408) }], auth)).status).toBe(202)
      await t.api.idle()
    } finally {
      await t.close()
    }
  })

  test('the pending-job cap admits a batch as one submission; a caller already at the cap gets concurrency_limit per item', async () => {
    const t = await startTestApi({ noStart: true })
    try {
      const auth = await keyWith(t, { batch_generation: true, concurrency: 2 })
      const r = await batch(t, [1501, 1502, 1503, 1504].map((seed) => ({ url: dataUrl(seed) })), auth)
      expect(r.body.batch.map((b: { success: boolean }) => b.success)).toEqual([true, true, true, true])
      const full = await batch(t, [{ url: dataUrl(1505) }], auth)
      expect(full.status).toBe(202)
      expect(full.body.batch[0].errors[0].code).toBe('concurrency_limit')
      expect(Number(full.res.headers.get('retry-after'))).toBeGreaterThan(0)
      await t.api.start()
      await t.api.idle()
    } finally {
      await t.close()
    }
  })
})
