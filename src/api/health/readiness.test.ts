/**
 * Readiness (`api.readiness()`, behind `GET /readyz`): ready on a working API; unready with SQLite's own
 * words while the database is read-only, and ready again after; a blob store that throws or hangs, a
 * signer without its key, a pool with no account that can sign, an upstream that refuses or does not
 * answer — each fails its own check with the reason, and a hung check fails when its deadline passes
 * (the deadline is injected: nothing here waits on the wall clock).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { BunStore } from '../store/db'
import { startTestApi, type TestApi } from '../testing/api-harness'
import { countStatuses } from '../signing/pool/pool-counts'
import { OK, withDeadline, type Check } from './check'
import { checkReadiness, type ReadinessDeps } from './readiness'
import { poolReason } from './signer-check'
import { createUpstreamProbe } from './upstream-probe'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
})
afterAll(() => t.close())

const never = () => new Promise<never>(() => {})
/** The embedded API's own checks with some parts swapped. */
const deps = (over: Partial<ReadinessDeps> = {}): ReadinessDeps => ({
  sql: t.api.services.ctx.store.sql,
  blobs: t.api.services.ctx.blobs,
  signer: t.api.services.ctx.signer,
  now: () => t.clock.now,
  ...over,
})

describe('readiness of the embedded API', () => {
  test('a working API is ready: the database takes a write, the blob store answers, the key is loaded', async () => {
    expect(await t.api.readiness()).toEqual({ ready: true, checks: { database: OK, blobs: OK, signer: OK } })
  })

  test('a read-only database makes it unready with SQLite\'s reason, and ready again once it takes writes', async () => {
    const { sqlite } = t.api.services.ctx.store as BunStore
    sqlite.run('PRAGMA query_only = ON')
    try {
      const r = await t.api.readiness()
      expect(r.ready).toBe(false)
      expect(r.checks.database).toEqual({ ok: false, reason: 'attempt to write a readonly database' })
      // Reads still work: the other checks pass.
      expect(r.checks.blobs).toEqual(OK)
      expect(r.checks.signer).toEqual(OK)
    } finally {
      sqlite.run('PRAGMA query_only = OFF')
    }
    expect((await t.api.readiness()).ready).toBe(true)
  })

  test('a blob store that throws fails the blob check with its error; missing keys are fine', async () => {
    const r = await checkReadiness(deps({ blobs: { has: async () => Promise.reject(new Error('R2 answered 500')) } }))
    expect(r).toEqual({ ready: false, checks: { database: OK, blobs: { ok: false, reason: 'R2 answered 500' }, signer: OK } })
    expect((await checkReadiness(deps({ blobs: { has: async () => false } }))).ready).toBe(true)
  })

  test('a check that hangs fails once its deadline passes; the others still answer', async () => {
    // Deadlines are made in order database, blobs, signer: only the blob check's runs out.
    let made = 0
    const wait = () => (++made === 2 ? Promise.resolve() : never())
    const r = await checkReadiness(deps({ blobs: { has: never }, wait, timeoutMs: 1500 }))
    expect(r).toEqual({ ready: false, checks: { database: OK, blobs: { ok: false, reason: 'no answer within 1500 ms' }, signer: OK } })
  })

  test('a local signer without its key is not usable', async () => {
    const r = await checkReadiness(deps({ signer: { kind: 'local', publicKeyPem: async () => null } }))
    expect(r.checks.signer).toEqual({ ok: false, reason: 'the local signing key is not loaded' })
  })
})

describe('the deadline of one check', () => {
  test('an answer before the deadline stands; none by then is a failed check; a rejection is one too', async () => {
    expect(await withDeadline(async () => OK, 2000, never)).toEqual(OK)
    expect(await withDeadline(never, 2000, async () => {})).toEqual({ ok: false, reason: 'no answer within 2000 ms' })
    expect(await withDeadline(() => Promise.reject(new Error('boom')), 2000, never)).toEqual({ ok: false, reason: 'boom' })
  })
})

describe('the Mojang pool as a signer', () => {
  const pool = (inRotation: number, statuses: Parameters<typeof countStatuses>[0]) => ({ capacity: async () => ({ inRotation }), counts: async () => countStatuses(statuses) })
  const mojang = { kind: 'mojang' as const, publicKeyPem: async () => null }

  test('an account in rotation (resting counts: it signs once its rest ends) makes it usable', async () => {
    expect((await checkReadiness(deps({ signer: mojang, pool: pool(1, ['cooling_down', 'needs_sign_in']) }))).checks.signer).toEqual(OK)
  })

  test('no account that can sign: the reason counts what keeps each one out', async () => {
    const r = await checkReadiness(deps({ signer: mojang, pool: pool(0, ['needs_sign_in', 'needs_sign_in', 'paused', 'out_of_rotation', 'disabled']) }))
    expect(r.ready).toBe(false)
    expect(r.checks.signer.reason).toBe('no signing account can sign: 2 need a sign-in, 1 out of rotation after too many errors, 1 paused by its owner, 1 disabled')
    expect(poolReason(countStatuses(['needs_sign_in']))).toBe('no signing account can sign: 1 needs a sign-in')
    expect(poolReason(countStatuses([]))).toStartWith('no signing account can sign: the pool has no accounts')
  })
})

describe('the upstream API as a signer', () => {
  const clock = { now: 0 }
  const calls: string[] = []
  const answering = (status: number | Error) =>
    (async (url: string | URL | Request) => {
      calls.push(String(url))
      if (status instanceof Error) throw status
      return new Response('{}', { status })
    }) as typeof fetch
  const upstream = { kind: 'upstream' as const, publicKeyPem: async () => null }
  const check = async (status: number | Error, probe = createUpstreamProbe({ origin: 'https://up.test/', apiKey: 'k', fetch: answering(status), now: () => clock.now })): Promise<Check> =>
    (await checkReadiness(deps({ signer: upstream, upstream: probe }))).checks.signer

  test('an answer makes it usable and stands for 30 s: one cheap GET /v2/delay, never a skin change', async () => {
    calls.length = 0
    const probe = createUpstreamProbe({ origin: 'https://up.test/', fetch: answering(200), now: () => clock.now })
    expect(await check(200, probe)).toEqual(OK)
    clock.now += 29_000
    expect(await check(200, probe)).toEqual(OK)
    expect(calls).toEqual(['https://up.test/v2/delay'])
    clock.now += 2000
    expect(await check(200, probe)).toEqual(OK)
    expect(calls).toEqual(['https://up.test/v2/delay', 'https://up.test/v2/delay'])
    // Rate limited is answering: the key generates again soon.
    expect(await check(429)).toEqual(OK)
  })

  test('a refused key, an error status or no answer fail with the reason', async () => {
    expect(await check(401)).toEqual({ ok: false, reason: 'the upstream API https://up.test refused the API key (HTTP 401)' })
    expect(await check(502)).toEqual({ ok: false, reason: 'the upstream API https://up.test answered HTTP 502' })
    expect(await check(new Error('connection refused'))).toEqual({ ok: false, reason: 'the upstream API https://up.test could not be reached: connection refused' })
  })
})
