/**
 * The anti-bot proof client against the real embedded API: challenges from
 * `GET /v2/challenge` are solved with altcha-lib in idle-time slices, the API accepts each proof
 * once, one proof is kept solved ahead, and a refused proof is solved again once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Challenge } from 'altcha-lib'
import { startTestApi, type TestApi } from '../../../test/support/embedded-api'
import { eventually } from '../../../test/support/eventually'
import { ApiCallError } from '../api/api-call-error'
import { createApiClient, type ApiClient } from '../api/client'
import { challengeParser } from './browser-proof'
import { createProofClient, isProofRefused, PROOF_HEADER, type ProofSource } from './proof-client'
import { solveAltcha } from './solve'

let backend: TestApi
let api: ApiClient
let cookie: string
let skin: string
const any = { parse: (value: unknown) => value }

beforeAll(async () => {
  // Real work, but little of it: counters up to 3000 solve in a few milliseconds.
  backend = await startTestApi(1, { ALTCHA_MIN_COUNTER: '500', ALTCHA_MAX_COUNTER: '3000' })
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => backend.api.fetch(new Request(input, init))
  cookie = (await fetch('http://skins.test/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
  api = createApiClient({ baseURL: 'http://skins.test', fetch, headers: { cookie }, notify: () => {}, log: () => {} })
  const list = (await api.call('/v2/skins', any)) as { skins: { uuid: string }[] }
  skin = list.skins[0]!.uuid
}, 60_000)
afterAll(() => backend?.dispose())

/** A proof source over the real API that counts the challenges it fetched. */
function realSource(): ProofSource & { fetched: number } {
  const source = {
    fetched: 0,
    challenge: async () => {
      source.fetched++
      return api.call('/v2/challenge', challengeParser, { silent: true })
    },
    solve: (challenge: Challenge) => solveAltcha(challenge),
  }
  return source
}

const like = (headers: Record<string, string>) => api.call(`/v2/skins/${skin}/interactions/likes`, any, { method: 'POST', headers, silent: true })
const skinLikes = async () => ((await api.call(`/v2/skins/${skin}`, any)) as { skin: { likes?: number } }).skin.likes

describe('proof client', () => {
  test('a solved challenge is accepted by the API, once', async () => {
    const challenge = await api.call('/v2/challenge', challengeParser, { silent: true })
    expect(challenge?.parameters.algorithm).toBe('SHA-256')
    const proof = await solveAltcha(challenge!)
    const headers = { [PROOF_HEADER]: proof.token }
    await api.call(`/v2/skins/${skin}/report`, any, { method: 'POST', body: { reason: 'name' }, headers, silent: true })
    // Single use: the same proof again is refused as invalid (replayed).
    const again = await api.call(`/v2/skins/${skin}/report`, any, { method: 'POST', body: { reason: 'skin' }, headers, silent: true }).catch((e: unknown) => e)
    expect(again).toBeInstanceOf(ApiCallError)
    expect(isProofRefused(again)).toBe(true)
  })

  test('withProof sends a proof the API accepts, then solves the next one ahead', async () => {
    const source = realSource()
    const client = createProofClient(source)
    const before = (await skinLikes())!
    await client.withProof(like)
    expect(await skinLikes()).toBe(before + 1)
    expect(source.fetched).toBe(1)
    // The next proof is being solved ahead; the next action uses it instead of fetching another.
    await eventually(() => source.fetched === 2, 'the next proof was not fetched ahead')
    const headers = await client.withProof(async (h) => h)
    expect(headers[PROOF_HEADER]).toBeString()
    expect(source.fetched).toBe(2)
  })

  test('a refused proof is solved again once and the action retried', async () => {
    const source = realSource()
    let first = true
    const client = createProofClient({
      ...source,
      solve: async (challenge) => {
        const proof = await solveAltcha(challenge)
        if (!first) return proof
        first = false
        return { ...proof, token: btoa('{"not":"a proof"}') }
      },
    })
    const sent: string[] = []
    await client.withProof(async (headers) => {
      sent.push(headers[PROOF_HEADER]!)
      return api.call(`/v2/skins/${skin}/tags`, any, { method: 'POST', body: { tag: 'green', vote: 'up' }, headers, silent: true })
    })
    expect(sent).toHaveLength(2)
    const tags = (await api.call(`/v2/skins/${skin}/tags`, any)) as { tags: { tag: string; vote: string | null; suggested: boolean }[] }
    expect(tags.tags).toContainEqual({ tag: 'green', vote: 'up', suggested: false })
  })

  test('a second refusal is not retried again', async () => {
    const client = createProofClient({ challenge: async () => ({ parameters: {} }) as Challenge, solve: async () => ({ token: btoa('nope'), expiresAt: Number.POSITIVE_INFINITY }) })
    let calls = 0
    const result = await client.withProof(async (headers) => {
      calls++
      return like(headers)
    }).catch((e: unknown) => e)
    expect(isProofRefused(result)).toBe(true)
    expect(calls).toBe(2)
  })

  test('a proof about to expire is not used', async () => {
    let clock = 0
    let solved = 0
    const client = createProofClient({
      challenge: async () => ({ parameters: {} }) as Challenge,
      solve: async () => ({ token: `t${++solved}`, expiresAt: 600_000 }),
      now: () => clock,
    })
    client.prepare()
    await eventually(() => solved === 1, 'prepare() did not solve a proof')
    clock = 590_000
    expect(await client.withProof(async (h) => h[PROOF_HEADER])).toBe('t2')
  })

  test('no header when the API asks for no proof', async () => {
    const client = createProofClient({ challenge: async () => null, solve: () => Promise.reject(new Error('not called')) })
    expect(await client.withProof(async (h) => h)).toEqual({})
    expect(challengeParser.parse({ success: true, antibot: 'off' })).toBeNull()
    expect(() => challengeParser.parse({ success: true })).toThrow()
  })
})
