/**
 * The API Worker's Cloudflare adapters on workerd under `wrangler dev`, offline (reference/
 * stack.md §9): a fixture Worker (test/worker/fixtures/cf-adapters) wires the R2 BlobStore, the Durable
 * Object rate limiter and spent-proof store, and the signer that takes its key from a secret. Spawned
 * like test/worker/worker.test.ts (Node 22 from node_modules/.bin, never Bun), with fresh local state.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateSigningKey } from '../../src/api/signing/signer/rsa'
import { createSecretSigner } from '../../src/api/signing/signer/secret-signer'
import { createRateLimiter, rateLimitHeaders, type RateLimitResult } from '../../src/shared/rate-limiter'
import { freePort, waitForHttp } from '../support/bun-server'
import { WRANGLER_TEST_ENV } from './wrangler-dev'

const ROOT = join(import.meta.dir, '../..')
const BIN = join(ROOT, 'node_modules/.bin')
const NOW = Date.UTC(2026, 10, 22, 12, 0, 30, 250)

let worker: ReturnType<typeof Bun.spawn>
let origin: string
let state: string
let privateKeyPem: string

beforeAll(async () => {
  privateKeyPem = (await generateSigningKey(2048)).privateKeyPem
  state = mkdtempSync(join(tmpdir(), 'cf-adapters-state-'))
  const port = freePort()
  origin = `http://127.0.0.1:${port}`
  worker = Bun.spawn(
    [
      join(BIN, 'node'),
      join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--config', join(import.meta.dir, 'fixtures/cf-adapters/wrangler.toml'),
      '--ip', '127.0.0.1',
      '--port', String(port),
      '--inspector-port', String(freePort()),
      '--persist-to', state,
      '--var', `SIGNING_KEY_PEM:${privateKeyPem}`,
      '--show-interactive-dev-session=false',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, PATH: `${BIN}:${process.env.PATH}`, ...WRANGLER_TEST_ENV, CI: 'true' },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  )
  await waitForHttp(`${origin}/ready`, 120_000, () => worker.exitCode === null)
}, 150_000)

afterAll(async () => {
  worker?.kill()
  await worker?.exited
  if (state) rmSync(state, { recursive: true, force: true })
})

const limitUrl = (path: string, key: string, extra: Record<string, string | number> = {}) =>
  `${origin}/limits/${path}?${new URLSearchParams({ key, now: String(NOW), per_minute: '25', per_hour: '1000', ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) })}`

describe('R2 blob store', () => {
  test('put, get and has; the first bytes under a key win', async () => {
    const key = 'images/aaaa'
    expect(await (await fetch(`${origin}/blobs/${encodeURIComponent(key)}/exists`)).json()).toEqual({ exists: false })
    expect((await fetch(`${origin}/blobs/${encodeURIComponent(key)}`)).status).toBe(404)
    const first = new Uint8Array([137, 80, 78, 71, 1, 2, 3])
    // `stored` tells a new blob from one already there: the storage meter counts only new ones
    // (docs/operations.md "Storage budget and quotas").
    expect(await (await fetch(`${origin}/blobs/${encodeURIComponent(key)}`, { method: 'PUT', body: first, headers: { 'content-type': 'image/png' } })).json()).toEqual({ stored: true })
    expect(await (await fetch(`${origin}/blobs/${encodeURIComponent(key)}`, { method: 'PUT', body: new Uint8Array([9, 9]), headers: { 'content-type': 'image/gif' } })).json()).toEqual({ stored: false })
    const got = await fetch(`${origin}/blobs/${encodeURIComponent(key)}`)
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(first)
    expect(await (await fetch(`${origin}/blobs/${encodeURIComponent(key)}/exists`)).json()).toEqual({ exists: true })
  })

  test('a write that passed the head check still keeps the first bytes (the conditional put)', async () => {
    const key = encodeURIComponent('textures/blind')
    const put = (bytes: number[], type: string) => fetch(`${origin}/blobs/${key}/blind`, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': type } })
    expect(await (await put([1, 2, 3], 'image/png')).json()).toEqual({ stored: true })
    // The failed condition is a put that stored nothing.
    expect(await (await put([4, 5], 'image/gif')).json()).toEqual({ stored: false })
    const got = await fetch(`${origin}/blobs/${key}`)
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
  })

  test('concurrent first writes of one key leave exactly one of them, whole', async () => {
    const key = encodeURIComponent('textures/race')
    const bodies = Array.from({ length: 8 }, (_, i) => new Uint8Array(1024).fill(i + 1))
    const answers = await Promise.all(bodies.map((body) => fetch(`${origin}/blobs/${key}`, { method: 'PUT', body, headers: { 'content-type': 'image/png' } })))
    const stored = (await Promise.all(answers.map((r) => r.json()))) as { stored: boolean }[]
    expect(stored.filter((s) => s.stored)).toHaveLength(1)
    const got = new Uint8Array(await (await fetch(`${origin}/blobs/${key}`)).arrayBuffer())
    expect(got).toHaveLength(1024)
    expect(new Set(got).size).toBe(1)
  })

  test('usage sums the bytes of the texture and image keys under the prefix only', async () => {
    const put = (key: string, n: number) => fetch(`${origin}/blobs/${encodeURIComponent(key)}?prefix=usage/`, { method: 'PUT', body: new Uint8Array(n), headers: { 'content-type': 'image/png' } })
    const usage = async () => ((await (await fetch(`${origin}/blobs-usage?prefix=usage/`)).json()) as { bytes: number }).bytes
    expect(await usage()).toBe(0)
    await Promise.all([put('textures/a', 100), put('textures/b', 200), put('images/c', 30), put('other/d', 4000)])
    expect(await usage()).toBe(330)
  })
})

describe('Durable Object rate limiter', () => {
  test('40 concurrent hits against a per-minute limit of 25: exactly 25 allowed', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(limitUrl('hit', 'burst'), { method: 'POST' })))
    const results = (await Promise.all(answers.map((r) => r.json()))) as RateLimitResult[]
    expect(results.filter((r) => r.allowed)).toHaveLength(25)
    expect(results.filter((r) => !r.allowed).every((r) => r.reason === 'per_minute')).toBe(true)
    // Each allowed hit saw a different count: no two read the same state.
    expect(new Set(results.filter((r) => r.allowed).map((r) => r.info.limit.minute.used)).size).toBe(25)
    const peek = await (await fetch(limitUrl('peek', 'burst'))).json()
    expect(peek).toMatchObject({ limit: { minute: { used: 25, remaining: 0 } } })
  })

  test('gives the same results and headers as the in-memory limiter (one window math)', async () => {
    const memory = createRateLimiter()
    const grants = { per_minute: 3, per_hour: 5, delay: 1.5 }
    const steps: { at: number; count?: number; delay?: boolean }[] = [
      { at: 0, delay: true },
      { at: 500, delay: true },
      { at: 2000, count: 2 },
      { at: 2100 },
      { at: 61_000, count: 2 },
      { at: 62_000, delay: true },
    ]
    for (const step of steps) {
      const now = NOW + step.at
      const extra = { now, per_minute: grants.per_minute, per_hour: grants.per_hour, delay: grants.delay, count: step.count ?? 1, delay_on: step.delay ? 1 : 0 }
      const answer = await fetch(limitUrl('hit', 'same-math', extra), { method: 'POST' })
      const expected = await memory.hit('same-math', grants, now, { count: step.count, useDelay: step.delay })
      expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(expected)))
      for (const [name, value] of Object.entries(rateLimitHeaders(expected.info))) expect(answer.headers.get(name), name).toBe(value)
    }
  })
})

describe('Durable Object spent-proof store', () => {
  test('a proof spent twice at once succeeds once; another proof is independent', async () => {
    const expires = Date.now() + 600_000
    const spend = (id: string) => fetch(`${origin}/proofs/spend?id=${id}&expires=${expires}`, { method: 'POST' }).then((r) => r.json() as Promise<{ first: boolean }>)
    const twice = await Promise.all([spend('nonce-1'), spend('nonce-1')])
    expect(twice.filter((r) => r.first)).toHaveLength(1)
    expect((await spend('nonce-1')).first).toBe(false)
    expect((await spend('nonce-2')).first).toBe(true)
  })

  test('an expired record no longer blocks its id', async () => {
    const past = Date.now() - 1000
    const spend = () => fetch(`${origin}/proofs/spend?id=old&expires=${past}`, { method: 'POST' }).then((r) => r.json() as Promise<{ first: boolean }>)
    expect((await spend()).first).toBe(true)
    expect((await spend()).first).toBe(true)
  })
})

describe('WebCrypto signer from the SIGNING_KEY_PEM secret', () => {
  test('signs on workerd; the signature verifies and equals the Bun signer’s for the same key and value', async () => {
    const body = { textureHash: 'c'.repeat(64), variant: 'slim', now: 1_700_000_000_000 }
    const answer = (await (await fetch(`${origin}/sign`, { method: 'POST', body: JSON.stringify(body) })).json()) as {
      signed: { value: string; signature: string }
      publicKeyPem: string
    }
    expect(verify('sha1', Buffer.from(answer.signed.value, 'utf8'), answer.publicKeyPem, Buffer.from(answer.signed.signature, 'base64'))).toBe(true)
    const bun = await createSecretSigner(privateKeyPem, { textureBaseUrl: 'http://skins.test/textures', now: () => body.now })
    expect(await bun.publicKeyPem()).toBe(answer.publicKeyPem)
    const local = await bun.sign({ png: new Uint8Array(), textureHash: body.textureHash, variant: 'slim' })
    expect(answer.signed).toEqual(JSON.parse(JSON.stringify(local)))
  })
})
