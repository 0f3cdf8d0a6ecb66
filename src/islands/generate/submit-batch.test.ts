/**
 * Sending the generate form's links as batches through the real API client to the real embedded API
 * (`POST /v2/queue/batch`): accepted items join the queue store in order, a refused item keeps its own
 * message, a duplicate is announced at once, a 429 stops with a retry time and queues nothing, a
 * storage refusal puts the API's message beside every item of the batch, a missing grant falls back
 * to one call per item, and multi-line pastes fill one field per line.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { Grants } from '../../api/config'
import { createApiKey } from '../../api/users/identity'
import { makeSkinPng } from '../../api/image/fixtures'
import { openStore } from '../../api/store/db'
import { startTestApi, type TestApi } from '../../api/testing/api-harness'
import { createApiClient } from '../../shared/api/client'
import type { GenerateOptions } from '../../shared/api/generate-api'
import { createTranslator } from '../../shared/i18n/translator'
import { MAX_BATCH_ITEMS } from '../../shared/schemas/api'
import { $generateLimits } from '../../shared/stores/generate-limits'
import { $queue } from '../../shared/stores/queue'
import { $snackbars } from '../../shared/stores/snackbars'
import en from '../../../locales/en.json'
import { BATCH_SIZE } from '../../shared/stores/generate-limits'
import { withPastedLines } from './list-fields'
import { submitBatch } from './submit-batch'
import type { PlannedItem, SubmitDeps } from './submit'

const OPTIONS: GenerateOptions = { visibility: 'public', variant: 'unknown', name: 'Batch' }
const i18n = { locale: 'en' as const, t: createTranslator('en', en) }

let api: TestApi
afterEach(() => api?.close())
beforeEach(() => {
  $queue.set({})
  $snackbars.set([])
  $generateLimits.set({})
})

const dataUrl = (seed: number) => `data:image/png;base64,${Buffer.from(makeSkinPng(seed)).toString('base64')}`
const link = (url: string, key = url): PlannedItem => ({ key, item: { type: 'url', url }, source: { type: 'url', content: url, name: key } })

/** Starts an API and a client holding a key with `grants`. */
async function setUp(grants: Partial<Grants>) {
  api = await startTestApi()
  const store = openStore(api.dir)
  const { key } = await createApiKey(store.db, { name: 'web', grants })
  store.close()
  const client = createApiClient({ baseURL: 'http://ssg.test', fetch: (input, init) => api.api.fetch(new Request(input, init)), headers: { authorization: `Bearer ${key}` } })
  const queued: string[] = []
  const refused: [string, string][] = []
  const d: SubmitDeps = {
    api: client,
    i18n,
    now: () => 1_000_000,
    wait: async () => {},
    onQueued: (k) => void queued.push(k),
    onRefused: (k, message) => void refused.push([k, message]),
  }
  return { d, queued, refused }
}

describe('submitting links as a batch (POST /v2/queue/batch)', () => {
  test('accepted items join the store in order; the bad one keeps its message; the allowance is remembered', async () => {
    const { d, queued, refused } = await setUp({ batch_generation: true })
    const items = [link(dataUrl(1601), 'one'), link('data:image/png;base64,!!!', 'bad'), link(dataUrl(1602), 'two'), link(dataUrl(1603), 'three')]
    const result = await submitBatch(items, OPTIONS, d)
    expect(result).toEqual({ queued: 3 })
    expect(queued).toEqual(['one', 'two', 'three'])
    expect(refused).toHaveLength(1)
    expect(refused[0]![0]).toBe('bad')
    expect(refused[0]![1]).toMatch(/data URL|image/i)
    const entries = Object.values($queue.get())
    expect(entries.map((e) => e.source.name).sort()).toEqual(['one', 'three', 'two'])
    for (const entry of entries) expect(entry.job.id).toMatch(/^[0-9a-f]{24}$/)
    expect($generateLimits.get().minute).toMatchObject({ limit: 120, remaining: 116 })
    await api.api.idle()
  })

  test('a duplicate goes straight to completed and is announced', async () => {
    const { d } = await setUp({ batch_generation: true })
    const url = dataUrl(1611)
    await submitBatch([link(url, 'first'), link(dataUrl(1612), 'other')], OPTIONS, d)
    await api.api.idle()
    $snackbars.set([])
    await submitBatch([link(url, 'again'), link(dataUrl(1613), 'new')], OPTIONS, d)
    const again = Object.values($queue.get()).find((e) => e.source.name === 'again')!
    expect(again.job.status).toBe('completed')
    expect(again.skin).toMatch(/^[0-9a-f]{32}$/)
    expect($snackbars.get().map((s) => s.text)).toEqual([`Job again (${again.job.id.slice(0, 8)}) is completed`])
    await api.api.idle()
  })

  test('more links than the allowance left: 429 queues nothing and remembers when to try again', async () => {
    const { d, queued } = await setUp({ batch_generation: true, per_minute: 2 })
    const result = await submitBatch([link(dataUrl(1621)), link(dataUrl(1622)), link(dataUrl(1623))], OPTIONS, d)
    expect(result.queued).toBe(0)
    expect(queued).toEqual([])
    expect(result.retryAt! - 1_000_000).toBe(60_000)
    expect($generateLimits.get().retryAt).toBe(result.retryAt)
    expect($queue.get()).toEqual({})
  })

  test('new images past the daily storage quota (429 storage_quota): its reason beside each item, nothing queued', async () => {
    const { d, queued, refused } = await setUp({ batch_generation: true, storage_per_day: 20 })
    const result = await submitBatch([link(dataUrl(1641), 'a'), link(dataUrl(1642), 'b')], OPTIONS, d)
    expect(result).toEqual({ queued: 0 })
    expect(queued).toEqual([])
    expect(refused.map(([k]) => k)).toEqual(['a', 'b'])
    for (const [, message] of refused) expect(message).toBe(en.generate.storageQuota)
    expect($generateLimits.get().retryAt).toBeUndefined()
  })

  test('without the grant (403) every item still goes, one call each', async () => {
    const { d, queued } = await setUp({})
    const result = await submitBatch([link(dataUrl(1631), 'a'), link(dataUrl(1632), 'b')], OPTIONS, d)
    expect(result).toEqual({ queued: 2 })
    expect(queued).toEqual(['a', 'b'])
    await api.api.idle()
  })
})

describe('batch size and multi-line paste', () => {
  test('the island’s batch size is the API’s', () => {
    expect(BATCH_SIZE).toBe(MAX_BATCH_ITEMS)
  })

  test('pasted lines fill one field each, in place of the field pasted into, up to the cap', () => {
    expect(withPastedLines(['a', '', 'z'], 1, 'b\n\n c \r\nd\n', 24)).toEqual(['a', 'b', 'c', 'd', 'z'])
    expect(withPastedLines([''], 0, 'x\ny', 24)).toEqual(['x', 'y'])
    const many = Array.from({ length: 30 }, (_, i) => `p${i}`).join('\n')
    expect(withPastedLines(['keep', ''], 1, many, 24)).toEqual(['keep', ...Array.from({ length: 23 }, (_, i) => `p${i}`)])
    expect(withPastedLines([''], 0, '\n\n', 24)).toEqual([''])
  })
})
