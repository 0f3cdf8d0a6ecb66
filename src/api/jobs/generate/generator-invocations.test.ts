import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiConfigFromEnv } from '../../config'
import { createApiApp } from '../../app'
import { createStorageMeter } from '../../services/storage/storage-meter'
import { createApiServices, type Wiring } from '../../wiring'
import { currentInvocation, inInvocation } from '../../cloudflare/invocation-scope'
import { makeSkinPng } from '../../image/fixtures'
import { OFFLINE_TEST_ENV, testSigner, uploadForm } from '../../testing/api-harness'
import type { JobRow } from '../queue/job-queue'
import { createGenerator, SIGNING_RECHECK_MS } from './generator'

/**
 * Two jobs of one texture run side by side, as on the API Worker where each runs in its own invocation
 * (a submitting request's immediate run, a queue batch: src/api/cloudflare/invocation-scope.ts): the
 * texture is signed once either way, and a job never awaits another invocation's signing promise
 * (a Worker may not await one request's I/O from another): it looks again after a pause instead.
 */
const dirs: string[] = []
const wirings: Wiring[] = []
afterEach(() => {
  for (const w of wirings.splice(0)) w.store.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** Services on a fresh store whose signer holds every signature until `open()`; two jobs of one upload, waiting. */
async function twoJobsOfOneTexture() {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-generator-'))
  dirs.push(dir)
  const real = await testSigner()
  let signatures = 0
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const wiring = await createApiServices(apiConfigFromEnv({ DATA_DIR: dir, DEMO_SKINS: '0', ...OFFLINE_TEST_ENV }), {
    signer: { kind: 'local', sign: async (req) => (signatures++, await gate, real.sign(req)), publicKeyPem: () => real.publicKeyPem() },
    queuePollMs: 0,
  })
  wirings.push(wiring)
  // Submitted through the routes; the in-process queue is not started, so both stay waiting.
  const app = createApiApp(wiring.services)
  const ids: string[] = []
  for (let i = 0; i < 2; i++) {
    const res = await app.request('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(4242)) })
    ids.push(((await res.json()) as { job: { id: string } }).job.id)
  }
  const rows = ids.map((id) => wiring.store.sqlite.query('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow)
  const pauses: number[] = []
  const { ctx, capes } = wiring.services
  const generator = createGenerator(ctx, {
    capes,
    counters: wiring.counters,
    storage: createStorageMeter({ sql: ctx.store.sql, blobs: ctx.blobs, budgetBytes: ctx.config.storageBudgetBytes, now: ctx.now }),
    notify: () => {},
    invocation: currentInvocation,
    pause: async (ms) => {
      pauses.push(ms)
      await new Promise((resolve) => setTimeout(resolve, 1))
    },
  })
  return { generator, rows, pauses, open, signatures: () => signatures }
}

/** Lets the jobs run until `ok` holds (at most 500 turns of the event loop). */
async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('generator: one texture signed once, across invocations', () => {
  test('in one invocation (a queue batch) the second job awaits the first one\'s signing, then answers its skin', async () => {
    const { generator, rows, pauses, open, signatures } = await twoJobsOfOneTexture()
    const batch = {}
    const [a, b] = inInvocation(batch, () => [generator.process(rows[0]!), generator.process(rows[1]!)])
    await until(() => signatures() > 0)
    expect(signatures()).toBe(1)
    open()
    const [first, second] = await Promise.all([a!, b!])
    expect(second.skinUuid).toBe(first.skinUuid)
    expect(signatures()).toBe(1)
    expect(pauses).toEqual([])
  })

  test('in two invocations (two submitting requests) the second job looks again after pauses instead of awaiting the other request\'s promise, then answers its skin', async () => {
    const { generator, rows, pauses, open, signatures } = await twoJobsOfOneTexture()
    const a = inInvocation({}, () => generator.process(rows[0]!))
    await until(() => signatures() > 0)
    const b = inInvocation({}, () => generator.process(rows[1]!))
    await until(() => pauses.length > 2)
    expect(signatures()).toBe(1)
    expect(pauses.length).toBeGreaterThan(2)
    open()
    const [first, second] = await Promise.all([a, b])
    expect(second.skinUuid).toBe(first.skinUuid)
    expect(signatures()).toBe(1)
    expect(new Set(pauses)).toEqual(new Set([SIGNING_RECHECK_MS]))
  })
})
