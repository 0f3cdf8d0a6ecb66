import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import { verify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSkinImage, trimmedTextureHash, type SkinImage } from '../../image'
import { makeSkinPng } from '../../image/fixtures'
import { createLocalSigner, createUpstreamSigner, type Signer, type UpstreamSignerConfig } from './index'
import { apiFailure } from '../../../../test/support/api-failure'

/**
 * A small MineSkin-compatible upstream: POST /v2/queue, GET /v2/queue/{id}, GET /v2/skins/{id}.
 * Each test scripts what the job does through `plan`.
 */
type Plan = {
  /** Answer to POST /v2/queue. */
  submit: 'queue' | 'duplicate' | { status: number; errors: { code: string; message: string }[] }
  /** Status sequence the job reports on successive polls; the last one repeats. */
  polls: ('waiting' | 'processing' | 'completed' | 'completed-no-skin' | 'failed')[]
}

let upstream: Server<unknown>
let origin: string
let keySigner: Signer
let dataDir: string
let skin: SkinImage
let plan: Plan
let submissions: { auth: string | null; ua: string | null; form: FormData }[] = []
let polls = 0
let clock = 0
let sleeps: number[] = []

const JOB_ID = '0123456789abcdef01234567'
const SKIN_UUID = 'feedbeeffeedbeeffeedbeeffeedbeef'

/** A SkinInfo2 (reference §1.4) signed by a real key, for the skin that was submitted. */
async function skinInfo(png: Uint8Array) {
  const s = await readSkinImage(png)
  const signed = await keySigner.sign({ png: s.png, textureHash: s.textureHash, variant: 'classic' })
  return {
    uuid: SKIN_UUID,
    shortId: 'feedbeef',
    visibility: 'unlisted',
    variant: 'classic',
    texture: {
      data: { value: signed.value, signature: signed.signature },
      hash: { skin: trimmedTextureHash(s.textureHash) },
      url: { skin: `https://textures.minecraft.net/texture/${trimmedTextureHash(s.textureHash)}` },
    },
    generator: { timestamp: 1, account: '0123456789abcdef', server: 'upstream-7', worker: 'w', version: 'unknown', duration: 900 },
    views: 0,
    duplicate: false,
  }
}

let lastPng = new Uint8Array()

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'upstream-signer-'))
  keySigner = await createLocalSigner({ dataDir, textureBaseUrl: 'https://textures.minecraft.net/texture', keyBits: 2048 })
  skin = await readSkinImage(makeSkinPng(31))
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname
      if (req.method === 'POST' && path === '/v2/queue') {
        const form = await req.formData()
        submissions.push({ auth: req.headers.get('authorization'), ua: req.headers.get('user-agent'), form })
        lastPng = new Uint8Array(await (form.get('file') as Blob).arrayBuffer())
        if (typeof plan.submit === 'object') return Response.json({ success: false, errors: plan.submit.errors }, { status: plan.submit.status })
        if (plan.submit === 'duplicate') {
          return Response.json({ success: true, messages: [{ code: 'skin_found' }], job: { id: `f4c3${JOB_ID.slice(4)}`, status: 'completed', result: SKIN_UUID }, skin: await skinInfo(lastPng) })
        }
        return Response.json({ success: true, messages: [{ code: 'job_queued' }], job: { id: JOB_ID, status: 'waiting', timestamp: 1 } }, { status: 202 })
      }
      if (req.method === 'GET' && path === `/v2/queue/${JOB_ID}`) {
        const state = plan.polls[Math.min(polls++, plan.polls.length - 1)]!
        if (state === 'failed') {
          return Response.json({ success: true, messages: [{ code: 'job_failed' }], job: { id: JOB_ID, status: 'failed' }, errors: [{ code: 'invalid_image', message: 'Image is banned' }, { code: 'extra', message: 'more detail' }] })
        }
        if (state === 'completed') return Response.json({ success: true, job: { id: JOB_ID, status: 'completed', result: SKIN_UUID }, skin: await skinInfo(lastPng) })
        if (state === 'completed-no-skin') return Response.json({ success: true, job: { id: JOB_ID, status: 'completed', result: SKIN_UUID } })
        return Response.json({ success: true, messages: [{ code: 'job_pending' }], job: { id: JOB_ID, status: state } })
      }
      if (req.method === 'GET' && path === `/v2/skins/${SKIN_UUID}`) return Response.json({ success: true, skin: await skinInfo(lastPng) })
      if (path.startsWith('/garbage/')) return new Response('<html>')
      return Response.json({ success: false, errors: [{ code: 'not_found', message: 'Not found' }] }, { status: 404 })
    },
  })
  origin = `http://127.0.0.1:${upstream.port}`
}, 30_000)

afterAll(() => {
  upstream.stop(true)
  rmSync(dataDir, { recursive: true, force: true })
})

beforeEach(() => {
  submissions = []
  polls = 0
  clock = 5_000_000
  sleeps = []
})

const signer = (extra: Partial<UpstreamSignerConfig> = {}) =>
  createUpstreamSigner({
    origin,
    apiKey: 'key-123',
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms)
      clock += ms
    },
    ...extra,
  })

const req = () => ({ png: skin.png, textureHash: skin.textureHash, variant: 'classic' as const })

const failure = apiFailure

describe('upstream signer', () => {
  test('queues the skin with the API key, polls once a second and returns skin.texture.data', async () => {
    plan = { submit: 'queue', polls: ['waiting', 'processing', 'completed'] }
    const signed = await signer().sign(req())
    const sub = submissions[0]!
    expect(sub.auth).toBe('Bearer key-123')
    expect(sub.ua).toBeTruthy()
    expect(sub.form.get('variant')).toBe('classic')
    expect(sub.form.get('visibility')).toBe('unlisted')
    expect(lastPng).toEqual(skin.png)
    expect(sleeps).toEqual([1000, 1000, 1000])
    expect(signed.textureHash).toBe(skin.textureHash)
    expect(signed.textureUrl).toBe(`https://textures.minecraft.net/texture/${trimmedTextureHash(skin.textureHash)}`)
    expect(signed).toMatchObject({ account: '0123456789abcdef', server: 'upstream-7' })
    expect(verify('sha1', Buffer.from(signed.value), (await keySigner.publicKeyPem())!, Buffer.from(signed.signature, 'base64'))).toBe(true)
  })

  test('a duplicate answered at once needs no polling', async () => {
    plan = { submit: 'duplicate', polls: [] }
    const signed = await signer().sign(req())
    expect(polls).toBe(0)
    expect(signed.textureHash).toBe(skin.textureHash)
  })

  test('a completed job without a skin is read from /v2/skins/{result}', async () => {
    plan = { submit: 'queue', polls: ['completed-no-skin'] }
    expect((await signer().sign(req())).textureHash).toBe(skin.textureHash)
  })

  test('a failed job carries the upstream errors with source UPSTREAM', async () => {
    plan = { submit: 'queue', polls: ['processing', 'failed'] }
    const err = await failure(signer().sign(req()))
    expect(err).toMatchObject({ code: 'invalid_image', status: 502, source: 'UPSTREAM' })
    expect(err.message).toMatch(/Image is banned/)
    expect(err.causes).toEqual([{ code: 'extra', message: 'more detail' }])
  })

  test.each([
    [429, 'rate_limit', 503],
    [403, 'invalid_api_key', 502],
    [400, 'invalid_image', 502],
  ])('an HTTP %i refusal keeps its code %s', async (status, code, ours) => {
    plan = { submit: { status, errors: [{ code, message: `upstream says ${code}` }] }, polls: [] }
    const err = await failure(signer().sign(req()))
    expect(err).toMatchObject({ code, status: ours, source: 'UPSTREAM' })
  })

  test('a job that never finishes ends in generator_timeout', async () => {
    plan = { submit: 'queue', polls: ['waiting'] }
    const err = await failure(signer({ timeoutMs: 5000 }).sign(req()))
    expect(err).toMatchObject({ code: 'generator_timeout', status: 504, source: 'UPSTREAM' })
    expect(sleeps.length).toBeGreaterThanOrEqual(3)
    expect(sleeps.length).toBeLessThanOrEqual(5)
  })

  test('an unreachable upstream is an upstream_error', async () => {
    // A listener that drops every connection: a dead service, without racing for a freed port.
    const dead = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { open: (s) => void s.end(), data: () => {} } })
    plan = { submit: 'queue', polls: [] }
    const err = await failure(signer({ origin: `http://127.0.0.1:${dead.port}` }).sign(req()).finally(() => dead.stop(true)))
    expect(err).toMatchObject({ code: 'upstream_error', source: 'UPSTREAM' })
  })

  test('an answer that is not a v2 envelope is an upstream_error', async () => {
    plan = { submit: 'queue', polls: [] }
    const err = await failure(signer({ origin: `${origin}/garbage` }).sign(req()))
    expect(err).toMatchObject({ code: 'upstream_error', source: 'UPSTREAM' })
  })
})
