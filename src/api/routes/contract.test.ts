import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  capeListResponseSchema,
  errorResponseSchema,
  generateResponseSchema,
  jobListResponseSchema,
  jobResponseSchema,
  queueResponseSchema,
  randomNameResponseSchema,
  skinListResponseSchema,
  skinMetaResponseSchema,
  skinResponseSchema,
  skinTagsResponseSchema,
  skinUserResponseSchema,
  statsResponseSchema,
} from '../../shared/schemas/api'
import { ApiError } from '../errors'
import { makeSkinPng } from '../image/fixtures'
import { openStore } from '../store/db'
import { startTestApi, testSigner, uploadForm, type TestApi } from '../testing/api-harness'

/** Every answer must parse with the shared schema the web app and islands use. */
describe('responses match the shared zod schemas', () => {
  let t: TestApi
  let cookie: string
  beforeAll(async () => {
    t = await startTestApi()
    cookie = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
  })
  afterAll(() => t.close())

  test('queue, job, job list, generate, skin, lists, user, tags, meta, capes, stats, random name, errors', async () => {
    const h = { cookie }
    const queued = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1201)), headers: h })
    expect(queueResponseSchema.parse(queued.body).job.id).toBe(queued.body.job.id)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${queued.body.job.id}`, { headers: h })
    const parsedJob = jobResponseSchema.parse(job.body)
    expect(parsedJob.skin?.uuid).toBe(parsedJob.job.result)
    jobListResponseSchema.parse((await t.json('/v2/queue', { headers: h })).body)
    const dup = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1201)), headers: h })
    expect(queueResponseSchema.parse(dup.body).skin?.duplicate).toBe(true)
    const generated = await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(1202)), headers: h })
    generateResponseSchema.parse(generated.body)
    const uuid = parsedJob.job.result!
    skinResponseSchema.parse((await t.json(`/v2/skins/${uuid}`)).body)
    for (const path of ['/v2/skins', '/v2/skins/popular', '/v2/skins/random', `/v2/skins/${uuid}/similar`]) skinListResponseSchema.parse((await t.json(path)).body)
    skinUserResponseSchema.parse((await t.json(`/v2/skins/${uuid}/user`, { headers: h })).body)
    skinTagsResponseSchema.parse((await t.json(`/v2/skins/${uuid}/tags`, { headers: h })).body)
    skinMetaResponseSchema.parse((await t.json(`/v2/skins/${uuid}/meta`)).body)
    capeListResponseSchema.parse((await t.json('/v2/capes')).body)
    statsResponseSchema.parse((await t.json('/v2/stats')).body)
    randomNameResponseSchema.parse((await t.json(`/random-name?seed=${uuid}`)).body)
    errorResponseSchema.parse((await t.json('/v2/skins/00000000')).body)
  })
})

describe('job states', () => {
  test('a waiting job answers job_pending with an eta in epoch ms', async () => {
    const t = await startTestApi({ noStart: true })
    try {
      const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1301)) })
      expect(sub.body.job.status).toBe('waiting')
      const job = await t.json(`/v2/queue/${sub.body.job.id}`)
      expect(job.body.messages[0].code).toBe('job_pending')
      expect(job.body.job.eta).toBeGreaterThanOrEqual(job.body.job.timestamp)
      expect(job.body.job.result).toBeUndefined()
      expect(job.body.skin).toBeUndefined()
      expect(job.res.headers.get('mineskin-breadcrumb')).toMatch(/^[0-9a-f]{8}$/)
      await t.api.start()
      await t.api.idle()
      expect((await t.json(`/v2/queue/${sub.body.job.id}`)).body.job.status).toBe('completed')
      // The duplicate source is recorded with instantly completed jobs (SPEC §3 kinds).
      const dup = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1301), { name: 'Renamed' }) })
      const store = openStore(t.dir)
      const kinds = store.sqlite.query<{ duplicate: string | null }, []>('SELECT duplicate FROM jobs ORDER BY created_at, rowid').all().map((r) => r.duplicate)
      store.close()
      expect(dup.status).toBe(200)
      expect(kinds).toEqual([null, 'image_hash_data'])
    } finally {
      await t.close()
    }
  })

  test('POST /v2/generate: a failing signer → the job error; a signer that does not answer in time → 500 generator_timeout', async () => {
    const failing = await startTestApi({
      deps: {
        signer: {
          kind: 'local',
          sign: async () => {
            throw new ApiError('skin_change_failed', 'Signer broke', 503, 'UPSTREAM')
          },
          publicKeyPem: async () => null,
        },
      },
    })
    try {
      const r = await failing.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(1401)) })
      expect(r.status).toBe(500)
      expect(r.body.errors[0]).toEqual({ code: 'skin_change_failed', message: 'Signer broke' })
      expect(r.body.rateLimit).toBeDefined()
      const stats = await failing.json('/v2/stats')
      expect(stats.body.stats.generated.time.hour.successRate).toBe(0)
    } finally {
      await failing.close()
    }
    let release: (() => void) | null = null
    // The deadline passes as soon as it is armed: no waiting on the wall clock.
    const slow = await startTestApi({
      deps: {
        wait: () => Promise.resolve(),
        signer: {
          kind: 'local',
          sign: () =>
            new Promise((_, reject) => {
              release = () => reject(new ApiError('skin_change_failed', 'released', 503, 'UPSTREAM'))
            }),
          publicKeyPem: async () => null,
        },
      },
    })
    try {
      const r = await slow.json('/v2/generate?timeout=5', { method: 'POST', body: uploadForm(makeSkinPng(1402)) })
      expect(r.status).toBe(500)
      expect(r.body.errors[0].code).toBe('generator_timeout')
      release!()
      await slow.api.idle()
    } finally {
      await slow.close()
    }
  })

  test('the same upload queued several times before the worker runs is signed once', async () => {
    const real = await testSigner()
    let signatures = 0
    const t = await startTestApi({
      noStart: true,
      deps: { signer: { kind: 'local', sign: (req) => (signatures++, real.sign(req)), publicKeyPem: () => real.publicKeyPem() } },
    })
    try {
      const ids: string[] = []
      for (let i = 0; i < 3; i++) ids.push((await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(1501)) })).body.job.id)
      await t.api.start()
      await t.api.idle()
      const results = await Promise.all(ids.map(async (id) => (await t.json(`/v2/queue/${id}`)).body.job.result))
      expect(signatures).toBe(1)
      expect(new Set(results).size).toBe(1)
    } finally {
      await t.close()
    }
  })
})
