/**
 * Ids and query values in every form MineSkin's server accepts
 * (reference/mineskin-api.md §1.1, §1.5, §1.6; MineSkin `validation/misc.ts`, `skins.ts`,
 * `generate.ts`): skin ids as 32-hex, dashed uuid or 8-hex short id; job ids as 24-hex; list `after`
 * plain or dashed, `size` as MineSkin coerces it (a fraction cut); `timeout` in seconds; `checkOnly` as any present
 * value; legacy numeric visibility.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../image/fixtures'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../testing/api-harness'

let t: TestApi
let cookie: string
const skins: { uuid: string; shortId: string; job: string }[] = []
const dashed = (u: string) => `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-${u.slice(16, 20)}-${u.slice(20)}`
const dataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`

beforeAll(async () => {
  t = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '50' } })
  cookie = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
  for (let i = 0; i < 3; i++) {
    t.clock.now += 1000
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1300 + i), { name: `Form Knight ${i}` }), headers: { cookie } })
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    skins.push({ uuid: job.body.skin.uuid, shortId: job.body.skin.shortId, job: sub.body.job.id })
  }
})
afterAll(() => t.close())

describe('skin ids', () => {
  test('32-hex, dashed uuid and 8-hex short id, in either case, name the same skin on every per-skin GET', async () => {
    const { uuid, shortId } = skins[0]!
    const forms = [uuid, uuid.toUpperCase(), dashed(uuid), dashed(uuid).toUpperCase(), shortId, shortId.toUpperCase()]
    for (const id of forms) {
      const skin = await t.json(`/v2/skins/${id}`)
      expect({ id, status: skin.status }).toEqual({ id, status: 200 })
      expect(skin.body.skin.uuid).toBe(uuid)
      for (const tail of ['/meta', '/similar']) expect({ id, tail, status: (await t.json(`/v2/skins/${id}${tail}`)).status }).toEqual({ id, tail, status: 200 })
      expect((await t.call(`/v2/skins/${id}/texture`, { redirect: 'manual' })).status).toBe(301)
    }
    // The uuid-only endpoints (MineSkin: `UUID.parse`) take both uuid forms.
    for (const id of [uuid, dashed(uuid), dashed(uuid).toUpperCase()]) {
      expect((await t.json(`/v2/skins/${id}/user`, { headers: { cookie } })).body.user.isOwner).toBe(true)
      expect((await t.json(`/v2/skins/${id}/tags`)).status).toBe(200)
    }
  })

  test('malformed ids are 400 validation_error, well-formed unknown ones 404 skin_not_found', async () => {
    for (const id of ['abc', 'g'.repeat(32), `${'a'.repeat(31)}`, '1234567']) {
      const r = await t.json(`/v2/skins/${id}`)
      expect({ id, status: r.status, code: r.body.errors[0].code }).toEqual({ id, status: 400, code: 'validation_error' })
    }
    for (const id of ['ab'.repeat(16), dashed('cd'.repeat(16)), 'abcdef01']) {
      const r = await t.json(`/v2/skins/${id}`)
      expect({ id, status: r.status, code: r.body.errors[0].code }).toEqual({ id, status: 404, code: 'skin_not_found' })
    }
  })
})

describe('job ids', () => {
  test('24 hex digits in either case; anything else is 400, an unknown id 404 job_not_found', async () => {
    const id = skins[1]!.job
    for (const form of [id, id.toUpperCase()]) {
      const r = await t.json(`/v2/queue/${form}`)
      expect(r.status).toBe(200)
      expect(r.body.job.id).toBe(id)
    }
    expect((await t.json(`/v2/queue/${dashed('ab'.repeat(16))}`)).status).toBe(400)
    expect((await t.json(`/v2/queue/${'0'.repeat(24)}`)).body.errors[0].code).toBe('job_not_found')
  })
})

describe('list queries', () => {
  test('`after` as a plain or dashed uuid, in either case, gives the same page', async () => {
    const anchor = skins[2]!.uuid
    const plain = await t.json(`/v2/skins?size=2&after=${anchor}`)
    expect(plain.body.skins.map((s: { uuid: string }) => s.uuid)).toEqual([skins[1]!.uuid, skins[0]!.uuid])
    for (const after of [dashed(anchor), dashed(anchor).toUpperCase()]) {
      const r = await t.json(`/v2/skins?size=2&after=${after}`)
      expect(r.body.skins).toEqual(plain.body.skins)
      expect(r.body.warnings.map((w: { code: string }) => w.code)).not.toContain('anchor_not_found')
    }
  })

  test('`size` is coerced like MineSkin: 1–128, numeric spellings, a fraction cut to its integer part; out of range or not a number is 400', async () => {
    // MineSkin hands `size=2.5` to MongoDB's limit, which reads 2.
    for (const size of ['2', ' 2', '2.0', '0x2', '2e0', '2.5', '2.99']) {
      const r = await t.json(`/v2/skins?size=${encodeURIComponent(size)}`)
      expect({ size, status: r.status, n: r.body.skins?.length }).toEqual({ size, status: 200, n: 2 })
    }
    expect((await t.json('/v2/skins?size=1.5')).body.links.self).toBe('/v2/skins?size=1')
    for (const size of ['0', '0.5', '129', '128.5', '500', 'abc', 'many', '', '-1', 'Infinity']) {
      const r = await t.json(`/v2/skins?size=${size}`)
      expect({ size, status: r.status, code: r.body.errors?.[0]?.code }).toEqual({ size, status: 400, code: 'validation_error' })
    }
  })

  test('`filter` takes letters, digits, space, - and _ (1–32); others are 400', async () => {
    const r = await t.json(`/v2/skins?filter=${encodeURIComponent('Form Knight')}`)
    expect(r.status).toBe(200)
    expect(r.body.skins.length).toBe(3)
    expect((await t.json('/v2/skins?filter=a%2Bb')).status).toBe(400)
    expect((await t.json(`/v2/skins?filter=${'a'.repeat(33)}`)).status).toBe(400)
  })
})

describe('generate options', () => {
  test('`checkOnly` on /v2/generate is on for any present value (query, JSON number, form field) and off for the spellings of no', async () => {
    const png = makeSkinPng(1350)
    for (const [path, body] of [
      ['/v2/generate?checkOnly=yes', { url: dataUrl(png) }],
      ['/v2/generate?checkOnly=1', { url: dataUrl(png) }],
      ['/v2/generate?checkOnly=TRUE', { url: dataUrl(png) }],
      ['/v2/generate', { url: dataUrl(png), checkOnly: 1 }],
      ['/v2/generate', { url: dataUrl(png), checkOnly: 'on' }],
    ] as const) {
      t.clock.now += 60_000
      const r = await t.json(path, jsonInit(body))
      expect({ path, body: Object.keys(body), status: r.status, code: r.body.errors?.[0]?.code }).toEqual({ path, body: Object.keys(body), status: 400, code: 'no_duplicate' })
    }
    t.clock.now += 60_000
    const form = await t.json('/v2/generate', { method: 'POST', body: uploadForm(png, { checkOnly: 'yes' }) })
    expect(form.body.errors[0].code).toBe('no_duplicate')
    // Off: a new image is generated rather than refused (one fresh image per spelling).
    for (const [i, off] of ['false', '0', 'no', 'OFF', ''].entries()) {
      t.clock.now += 60_000
      const r = await t.json(`/v2/generate?checkOnly=${off}`, jsonInit({ url: dataUrl(makeSkinPng(1340 + i)), checkOnly: i % 2 ? false : off }))
      expect({ off, status: r.status, duplicate: r.body.skin?.duplicate }).toEqual({ off, status: 200, duplicate: false })
    }
  })

  test('`timeout` is seconds, capped at 30; a value MineSkin would refuse falls back to the default', async () => {
    for (const [i, timeout] of ['5', '60', '0', 'abc', '2.5'].entries()) {
      t.clock.now += 60_000
      const r = await t.json(`/v2/generate?timeout=${timeout}`, jsonInit({ url: dataUrl(makeSkinPng(1360 + i)) }))
      expect({ timeout, status: r.status }).toEqual({ timeout, status: 200 })
      expect(r.body.skin.uuid).toMatch(/^[0-9a-f]{32}$/)
    }
  })

  test('legacy numeric visibility 0/1/2 reads as public/unlisted/private', async () => {
    t.clock.now += 60_000
    const r = await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(1370), { visibility: '1' }) })
    expect(r.status).toBe(200)
    expect(r.body.skin.visibility).toBe('unlisted')
    t.clock.now += 60_000
    const j = await t.json('/v2/generate', jsonInit({ url: dataUrl(makeSkinPng(1371)), visibility: 0 }))
    expect(j.body.skin.visibility).toBe('public')
  })
})
