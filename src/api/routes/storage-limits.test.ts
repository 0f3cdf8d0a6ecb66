/**
 * The storage budget and the daily storage quota through the real API: a new
 * image that does not fit is refused before anything is written, 507 `storage_full` or 429
 * `storage_quota` with `Retry-After`, in the v2 error envelope with a readable message; images
 * already stored still generate; a batch is admitted whole or not at all.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { errorResponseSchema } from '../../shared/schemas/api'
import { makeSkinPng } from '../image/fixtures'
import { openStore } from '../store/db'
import { readSkinImage } from '../image'
import { apiKeyWith, jsonInit, startTestApi, storeOlderBlobs, uploadForm, type TestApi } from '../testing/api-harness'

const UA = { 'user-agent': 'StorageLimitsTest/1.0' }
const MIB = 1024 * 1024
const dataUrl = (seed: number) => `data:image/png;base64,${Buffer.from(makeSkinPng(seed)).toString('base64')}`

/** Job rows and stored blobs: what a refused request must not change. */
function written(t: TestApi) {
  const store = openStore(t.dir)
  try {
    const n = (sql: string) => store.sqlite.query<{ n: number }, []>(sql).get()!.n
    return { jobs: n('SELECT count(*) AS n FROM jobs'), blobs: n('SELECT count(*) AS n FROM blobs'), bytes: n('SELECT coalesce(sum(length(bytes)), 0) AS n FROM blobs') }
  } finally {
    store.close()
  }
}

describe('storage budget (STORAGE_BUDGET_MB)', () => {
  let t: TestApi
  const first = makeSkinPng(801)
  beforeAll(async () => {
    t = await startTestApi({ env: { STORAGE_BUDGET_MB: '1' }, noStart: true })
    // What older skins already take: all of the budget but room for one more image.
    storeOlderBlobs(t.dir, MIB - first.length - 100)
    await t.api.start()
  })
  afterAll(() => t.close())

  test('a new image past the budget → 507 storage_full, nothing written; an image already stored still generates', async () => {
    const ok = await t.json('/v2/queue', { method: 'POST', body: uploadForm(first), headers: UA })
    expect(ok.status).toBe(202)
    await t.api.idle()
    const before = written(t)
    const full = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(802)), headers: UA })
    expect(full.status).toBe(507)
    expect(errorResponseSchema.parse(full.body).errors[0]).toEqual({
      code: 'storage_full',
      message: "This instance's storage is full (budget 1 MiB): new images cannot be stored now. Skins of images already stored can still be generated.",
    })
    const viaGenerate = await t.json('/v2/generate', jsonInit({ url: dataUrl(803) }, { headers: UA }))
    expect([viaGenerate.status, viaGenerate.body.errors[0].code]).toEqual([507, 'storage_full'])
    expect(written(t)).toEqual(before)
    const again = await t.json('/v2/generate', { method: 'POST', body: uploadForm(first, { name: 'Same image' }), headers: UA })
    expect(again.status).toBe(200)
    expect(again.body.skin.name).toBe('Same image')
    expect(written(t)).toMatchObject({ blobs: before.blobs, bytes: before.bytes })
  })
})

describe('daily storage quota (grant storage_per_day)', () => {
  let t: TestApi
  const png = (seed: number) => makeSkinPng(seed)
  // Room for two noise-like skins (≈ 14 KiB each) a day, not three.
  const kib = Math.ceil((png(901).length + png(902).length) / 1024)
  beforeAll(async () => {
    t = await startTestApi({ env: { LIMIT_ANONYMOUS_STORAGE_PER_DAY: String(kib) } })
  })
  afterAll(() => t.close())

  test('over the quota → 429 storage_quota with Retry-After until 00:00 UTC; another address is not affected; stored images still generate', async () => {
    const me = { ...UA, 'x-forwarded-for': '203.0.113.50' }
    for (const seed of [901, 902]) expect((await t.json('/v2/queue', { method: 'POST', body: uploadForm(png(seed)), headers: me })).status).toBe(202)
    await t.api.idle()
    const before = written(t)
    // A new client cookie does not make a new quota: the address is counted.
    const over = await t.json('/v2/queue', { method: 'POST', body: uploadForm(png(903)), headers: { ...me, cookie: `ssg_client=${'d'.repeat(24)}` } })
    expect(over.status).toBe(429)
    expect(over.res.headers.get('retry-after')).toBe(String(12 * 3600))
    expect(errorResponseSchema.parse(over.body).errors[0]!.code).toBe('storage_quota')
    expect(over.body.errors[0].message).toMatch(new RegExp(`^Daily storage quota reached: up to ${kib} KiB of new images a day, \\d+ KiB used today\\. It frees up at 00:00 UTC`))
    expect(written(t)).toEqual(before)
    expect((await t.json('/v2/generate', { method: 'POST', body: uploadForm(png(901), { name: 'Again' }), headers: me })).status).toBe(200)
    expect((await t.json('/v2/queue', { method: 'POST', body: uploadForm(png(903)), headers: { ...UA, 'x-forwarded-for': '203.0.113.51' } })).status).toBe(202)
    t.clock.now += 12 * 3_600_000
    expect((await t.json('/v2/queue', { method: 'POST', body: uploadForm(png(904)), headers: me })).status).toBe(202)
    await t.api.idle()
  })

  test('a batch whose new images pass the quota → 429 storage_quota as a whole, nothing queued; one that fits is queued', async () => {
    const headers = { ...UA, ...(await apiKeyWith(t, { batch_generation: true, storage_per_day: kib })) }
    const tooMuch = await t.json('/v2/queue/batch', jsonInit({ batch: [{ url: dataUrl(911) }, { url: dataUrl(912) }, { url: dataUrl(913) }] }, { headers }))
    expect([tooMuch.status, tooMuch.body.errors?.[0]?.code]).toEqual([429, 'storage_quota'])
    expect(Number(tooMuch.res.headers.get('retry-after'))).toBeGreaterThan(0)
    const mine = await t.json('/v2/queue', { headers })
    expect(mine.body.jobs).toEqual([])
    // Two new images and one already stored (with a bad item beside them) fit.
    const fits = await t.json('/v2/queue/batch', jsonInit({ batch: [{ url: dataUrl(911) }, { url: dataUrl(912) }, { url: dataUrl(911), name: 'Twice' }, { user: 'not a player!' }] }, { headers }))
    expect(fits.status).toBe(202)
    expect(fits.body.batch.map((b: { success: boolean }) => b.success)).toEqual([true, true, true, false])
    await t.api.idle()
    const third = await t.json('/v2/queue/batch', jsonInit({ batch: [{ url: dataUrl(913) }] }, { headers }))
    expect([third.status, third.body.errors?.[0]?.code]).toEqual([429, 'storage_quota'])
  })
})

describe("a single upload's room, reserved with its duplicate lookup", () => {
  let t: TestApi
  beforeAll(async () => {
    // Jobs stay waiting (no queue), so the pending-job cap of one is reached by the first upload.
    t = await startTestApi({ env: { LIMIT_ANONYMOUS_PENDING: '1' }, noStart: true })
  })
  afterAll(() => t.close())

  /** The storage counters: the total and each caller's day. */
  const counters = () => {
    const store = openStore(t.dir)
    try {
      return store.sqlite.query<{ key: string; value: number }, []>("SELECT key, value FROM stat_counters WHERE key LIKE 'storage:%' ORDER BY key").all()
    } finally {
      store.close()
    }
  }
  const upload = (png: Uint8Array, address: string) => t.json('/v2/queue', { method: 'POST', body: uploadForm(png), headers: { ...UA, 'x-forwarded-for': address } })

  test('is counted once for a new image, and given back when the upload is refused (the pending-job cap, a banned texture)', async () => {
    const first = makeSkinPng(951)
    expect((await upload(first, '203.0.113.60')).status).toBe(202)
    const counted = counters()
    expect(counted.find((c) => c.key === 'storage:bytes')?.value).toBeGreaterThanOrEqual(first.length)
    // At the cap: 429 job_limit, and nothing of the new image stays counted.
    const capped = await upload(makeSkinPng(952), '203.0.113.60')
    expect([capped.status, capped.body.errors[0].code]).toEqual([429, 'job_limit'])
    expect(counters()).toEqual(counted)
    // A banned texture, from another address: 403, nothing counted.
    const banned = makeSkinPng(953)
    const { textureHash } = await readSkinImage(banned)
    const store = openStore(t.dir)
    store.sqlite.query('INSERT INTO banned_textures (texture_hash, created_at) VALUES (?, ?)').run(textureHash, t.clock.now)
    store.close()
    const refused = await upload(banned, '203.0.113.61')
    expect([refused.status, refused.body.errors[0].code]).toEqual([403, 'texture_banned'])
    expect(counters().filter((c) => c.value !== 0)).toEqual(counted)
  })
})
