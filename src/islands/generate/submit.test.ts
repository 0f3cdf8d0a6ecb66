/**
 * Sending the generate form's items through the real API client to the real embedded API:
 * queued jobs join the queue store with their source, the rate limit is
 * remembered, a duplicate goes straight to completed and is announced, a refused file keeps the
 * server's message, 429 `job_limit` waits and tries again, a storage refusal (507, 429
 * `storage_quota`) refuses the item with the API's message, any other 429 stops with a retry time.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../api/image/fixtures'
import { ApiError } from '../../api/errors'
import type { Signer } from '../../api/signing/signer/types'
import { startTestApi, storeOlderBlobs, type TestApi } from '../../api/testing/api-harness'
import { createApiClient } from '../../shared/api/client'
import type { GenerateOptions } from '../../shared/api/generate-api'
import { createTranslator } from '../../shared/i18n/translator'
import { $generateLimits } from '../../shared/stores/generate-limits'
import { $mySkins } from '../../shared/stores/my-skins'
import { $queue } from '../../shared/stores/queue'
import { $snackbars } from '../../shared/stores/snackbars'
import en from '../../../locales/en.json'
import { submitItems, type PlannedItem, type SubmitDeps } from './submit'

const OPTIONS: GenerateOptions = { visibility: 'public', variant: 'unknown' }
const i18n = { locale: 'en' as const, t: createTranslator('en', en) }

let api: TestApi
async function start(env: Record<string, string> = {}, noStart = false) {
  api = await startTestApi({ env, noStart })
}
afterEach(() => api?.close())
beforeEach(() => {
  $queue.set({})
  $snackbars.set([])
  $mySkins.set([])
  $generateLimits.set({})
})

const upload = (seed: number, name = `skin${seed}.png`, bytes: Uint8Array = makeSkinPng(seed)): PlannedItem => ({
  key: name,
  item: { type: 'upload', file: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), fileName: name },
  source: { type: 'upload', content: name, name },
})

function deps(over: Partial<SubmitDeps> = {}) {
  const queued: string[] = []
  const refused: [string, string][] = []
  const waits: number[] = []
  // One browser: the anonymous client cookie the API issued it (pending jobs are counted per client).
  const client = createApiClient({ baseURL: 'http://ssg.test', fetch: (input, init) => api.api.fetch(new Request(input, init)), headers: { cookie: 'ssg_client=0123456789abcdef01234567' } })
  const d: SubmitDeps = {
    api: client,
    i18n,
    now: () => 1_000_000,
    wait: async (ms) => void waits.push(ms),
    onQueued: (key) => void queued.push(key),
    onRefused: (key, message) => void refused.push([key, message]),
    // Without the short wait unless a test asks for it: the answers below are the plain 202s.
    submitWaitMs: 0,
    ...over,
  }
  return { d, queued, refused, waits }
}

describe('submitting the generate form (SPEC §7 POST /v2/queue)', () => {
  test('each file becomes a queued job in the store, in order, and the allowance is remembered', async () => {
    await start()
    const { d, queued } = deps()
    const result = await submitItems([upload(1, 'steve.png'), upload(2, 'alex.png')], OPTIONS, d)
    expect(result).toEqual({ queued: 2 })
    expect(queued).toEqual(['steve.png', 'alex.png'])
    const entries = Object.values($queue.get())
    expect(entries.map((e) => e.source.name).sort()).toEqual(['alex.png', 'steve.png'])
    for (const entry of entries) {
      expect(entry.job.id).toMatch(/^[0-9a-f]{24}$/)
      expect(entry.image).toMatch(/^\/api\/v2\/images\/[0-9a-f]{63,64}$/)
      expect(entry.check).toEqual({ last: 0, count: 0 })
    }
    expect($generateLimits.get().minute).toMatchObject({ limit: 20, remaining: 18 })
  })

  test('a skin that exists already goes straight to completed, is announced and joins the own skins', async () => {
    await start()
    await submitItems([upload(3)], OPTIONS, deps().d)
    await api.api.idle()
    $snackbars.set([])
    const { d } = deps()
    await submitItems([upload(3, 'again.png')], OPTIONS, d)
    const again = Object.values($queue.get()).find((e) => e.source.name === 'again.png')!
    expect(again.job.status).toBe('completed')
    expect(again.skin).toMatch(/^[0-9a-f]{32}$/)
    expect(again.image).toMatch(/^\/render\/head\/[0-9a-f]{63,64}\?scale=2&overlay=true$/)
    expect($snackbars.get().map((s) => [s.text, s.color, s.actionLink])).toEqual([[`Job again (${again.job.id.slice(0, 8)}) is completed`, 'success', `/skins/${again.skin}`]])
    expect($mySkins.get()).toEqual([again.skin!])
  })

  test('with the submit\'s short wait, a job signed meanwhile arrives completed and is announced at once: no poll needed', async () => {
    await start()
    const { d } = deps({ submitWaitMs: 10_000 })
    await submitItems([upload(21, 'quick.png')], OPTIONS, d)
    const quick = Object.values($queue.get()).find((e) => e.source.name === 'quick.png')!
    expect(quick.job.status).toBe('completed')
    expect(quick.skin).toMatch(/^[0-9a-f]{32}$/)
    expect(quick.image).toMatch(/^\/render\/head\/[0-9a-f]{63,64}\?scale=2&overlay=true$/)
    expect($snackbars.get().map((s) => [s.text, s.color])).toEqual([[`Job quick (${quick.job.id.slice(0, 8)}) is completed`, 'success']])
    expect($mySkins.get()).toEqual([quick.skin!])
  })

  test('with the submit\'s short wait, a job that failed meanwhile arrives failed with the server\'s errors, each one announced', async () => {
    const refusing: Signer = { kind: 'local', sign: () => Promise.reject(new ApiError('skin_change_failed', 'Mojang refused the skin', 500)), publicKeyPem: async () => null }
    api = await startTestApi({ deps: { signer: refusing } })
    const { d } = deps({ submitWaitMs: 10_000 })
    await submitItems([upload(22, 'refused.png')], OPTIONS, d)
    const refused = Object.values($queue.get()).find((e) => e.source.name === 'refused.png')!
    expect(refused.job.status).toBe('failed')
    expect(refused.errors).toEqual([{ code: 'skin_change_failed', message: 'Mojang refused the skin' }])
    expect($snackbars.get().map((s) => [s.text, s.color])).toEqual([
      [`Job refused (${refused.job.id.slice(0, 8)}) is failed`, 'error'],
      ['Mojang refused the skin', 'error'],
    ])
  })

  test('a file the server refuses keeps the server’s message and is not queued', async () => {
    await start()
    const png = makeSkinPng(4)
    // A real PNG head (the browser check passes) with a broken image body.
    const broken = png.slice(0, 60)
    const { d, refused, queued } = deps()
    const result = await submitItems([upload(4, 'broken.png', broken), upload(5, 'fine.png')], OPTIONS, d)
    expect(result.queued).toBe(1)
    expect(queued).toEqual(['fine.png'])
    expect(refused).toHaveLength(1)
    expect(refused[0]![0]).toBe('broken.png')
    expect(refused[0]![1].length).toBeGreaterThan(5)
  })

  test('429 job_limit: waits and tries the same item again once jobs finished', async () => {
    await start({ LIMIT_ANONYMOUS_PENDING: '1' }, true)
    let started = false
    const { d, waits, queued } = deps({
      wait: async (ms) => {
        waits.push(ms)
        // Time passing: the worker runs and the pending job finishes.
        if (!started) await api.api.start()
        started = true
        await api.api.idle()
      },
    })
    const result = await submitItems([upload(6), upload(7), upload(8)], OPTIONS, d)
    expect(result).toEqual({ queued: 3 })
    expect(queued).toHaveLength(3)
    expect(waits[0]).toBe(1000)
  })

  test('any other 429 stops the run and remembers when to try again (Retry-After)', async () => {
    await start({ LIMIT_ANONYMOUS_PER_MINUTE: '2' })
    const { d, queued } = deps()
    const result = await submitItems([upload(9), upload(10), upload(11), upload(12)], OPTIONS, d)
    expect(result.queued).toBe(2)
    expect(queued).toHaveLength(2)
    expect(result.retryAt).toBeGreaterThan(1_000_000)
    expect(result.retryAt! - 1_000_000).toBeLessThanOrEqual(60_000)
    expect($generateLimits.get().retryAt).toBe(result.retryAt)
  })

  test('storage refusals: the reason beside the new image, in the visitor’s language; images already stored still go', async () => {
    // Room for one noise-like skin (≈ 14 KiB) a day.
    await start({ LIMIT_ANONYMOUS_STORAGE_PER_DAY: '16' })
    const { d, queued, refused } = deps()
    const result = await submitItems([upload(13, 'first.png'), upload(14, 'second.png'), upload(13, 'first-again.png')], OPTIONS, d)
    expect(result).toEqual({ queued: 2 })
    expect(queued).toEqual(['first.png', 'first-again.png'])
    expect(refused).toHaveLength(1)
    expect(refused[0]![0]).toBe('second.png')
    expect(refused[0]![1]).toBe(en.generate.storageQuota)
    expect($generateLimits.get().retryAt).toBeUndefined()
    await api.api.idle()
  })

  test('a full instance (507 storage_full) refuses the new image with its reason', async () => {
    await start({ STORAGE_BUDGET_MB: '1' }, true)
    storeOlderBlobs(api.dir, 1024 * 1024)
    const { d, queued, refused } = deps()
    expect(await submitItems([upload(15, 'full.png')], OPTIONS, d)).toEqual({ queued: 0 })
    expect(queued).toEqual([])
    expect(refused).toEqual([['full.png', en.generate.storageFull]])
  })
})
