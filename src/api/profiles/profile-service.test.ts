import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { startMojangStandIn, type MojangStandIn } from '../../../test/support/mojang-stand-in'
import { ApiError } from '../errors'
import { makeSkinPng } from '../image/fixtures'
import { createProfileService, decodeTexturesValue, hashFromTextureUrl, type ProfileService } from './index'
import { apiFailure } from '../../../test/support/api-failure'

let mojang: MojangStandIn
let profiles: ProfileService
let steve: { id: string; name: string; textureHash?: string }
let alex: { id: string; name: string; textureHash?: string }
const clock = () => 1_700_000_000_000

beforeAll(async () => {
  mojang = await startMojangStandIn({ now: clock })
  profiles = createProfileService({ apiBase: mojang.apiBase, sessionBase: mojang.sessionBase })
  steve = await mojang.addPlayer('Steve_01', makeSkinPng(1))
  alex = await mojang.addPlayer('Alex', makeSkinPng(2, { slim: true }), { slim: true })
}, 30_000)

afterAll(() => mojang.stop())

const failure = apiFailure

describe('name -> uuid', () => {
  test('finds a player case-insensitively and returns the real spelling', async () => {
    expect(await profiles.lookupName('steve_01')).toEqual({ id: steve.id, name: 'Steve_01' })
  })

  test('an unknown player is null, whether the service answers 404 or 204', async () => {
    expect(await profiles.lookupName('Nobody')).toBeNull()
    const old = await startMojangStandIn({ keyBits: 1024, accounts: 0, unknownNameStatus: 204 })
    try {
      expect(await createProfileService({ apiBase: old.apiBase, sessionBase: old.sessionBase }).lookupName('Nobody')).toBeNull()
    } finally {
      await old.stop()
    }
  })

  test('names that cannot exist are null without asking the service', async () => {
    const before = mojang.requests.length
    for (const name of ['', 'a'.repeat(17), 'bad name', '../admin', 'Ünïcode']) expect(await profiles.lookupName(name)).toBeNull()
    expect(mojang.requests.length).toBe(before)
  })
})

describe('uuid -> profile', () => {
  test('unsigned profile: textures value without signature, SKIN url on the textures host', async () => {
    const p = (await profiles.getProfile(steve.id))!
    expect(p.id).toBe(steve.id)
    expect(p.name).toBe('Steve_01')
    const textures = p.properties.find((x) => x.name === 'textures')!
    expect(textures.signature).toBeUndefined()
    const decoded = decodeTexturesValue(textures.value)
    expect(decoded).toMatchObject({ timestamp: clock(), profileId: steve.id, profileName: 'Steve_01' })
    expect(decoded.signatureRequired).toBeUndefined()
    expect(decoded.textures.SKIN?.url.startsWith(`${mojang.texturesBase}/texture/`)).toBe(true)
    expect(decoded.textures.SKIN?.metadata).toBeUndefined()
    expect(hashFromTextureUrl(decoded.textures.SKIN!.url)).toBe(steve.textureHash!)
    // Mojang drops leading zeros: a 62-digit URL is the hash with two zeros in front.
    const short = '2638a4e7161f3b47fd81a5d996285b4ec968c3cb5c89d59cca393ca147e0ec'
    expect(hashFromTextureUrl(`http://textures.minecraft.net/texture/${short}`)).toBe(`00${short}`)
    expect(hashFromTextureUrl('http://textures.minecraft.net/texture/cafe')).toBeNull()
  })

  test('signed profile (unsigned=false): signatureRequired and a SHA1withRSA signature over the value', async () => {
    const p = (await profiles.getProfile(alex.id, { signed: true }))!
    const textures = p.properties[0]!
    expect(mojang.requests.at(-1)?.path).toBe(`/session/session/minecraft/profile/${alex.id}?unsigned=false`)
    expect(verify('sha1', Buffer.from(textures.value), mojang.publicKeyPem, Buffer.from(textures.signature!, 'base64'))).toBe(true)
    const decoded = decodeTexturesValue(textures.value)
    expect(decoded.signatureRequired).toBe(true)
    expect(decoded.textures.SKIN?.metadata?.model).toBe('slim')
  })

  test('accepts the dashed uuid form', async () => {
    const dashed = `${alex.id.slice(0, 8)}-${alex.id.slice(8, 12)}-${alex.id.slice(12, 16)}-${alex.id.slice(16, 20)}-${alex.id.slice(20)}`
    expect((await profiles.getProfile(dashed.toUpperCase()))?.id).toBe(alex.id)
  })

  test('an unknown or malformed uuid is null', async () => {
    expect(await profiles.getProfile('0'.repeat(32))).toBeNull()
    expect(await profiles.getProfile('not-a-uuid')).toBeNull()
  })
})

describe('upstream failures are ApiErrors with source UPSTREAM', () => {
  const withFetch = (impl: (url: string, init?: RequestInit) => Promise<Response>, timeoutMs?: number) =>
    createProfileService({ apiBase: 'http://mojang.test', sessionBase: 'http://session.test', fetch: impl as typeof fetch, ...(timeoutMs ? { timeoutMs } : {}) })

  test('HTTP 500', async () => {
    const err = await failure(withFetch(async () => new Response('boom', { status: 500 })).lookupName('Steve'))
    expect(err).toMatchObject({ code: 'upstream_error', status: 502, source: 'UPSTREAM' })
    expect(err.message).toMatch(/HTTP 500/)
  })

  test('HTTP 429', async () => {
    const err = await failure(withFetch(async () => new Response('', { status: 429 })).getProfile(steve.id))
    expect(err).toMatchObject({ code: 'upstream_error', source: 'UPSTREAM' })
    expect(err.message).toMatch(/rate limiting/)
  })

  test('an answer of the wrong shape', async () => {
    const err = await failure(withFetch(async () => Response.json({ hello: 'world' })).lookupName('Steve'))
    expect(err).toMatchObject({ code: 'upstream_error', source: 'UPSTREAM' })
  })

  test('a service that never answers times out', async () => {
    const hang = (_: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
    const err = await failure(withFetch(hang, 100).getProfile(steve.id))
    expect(err).toMatchObject({ code: 'upstream_timeout', status: 504, source: 'UPSTREAM' })
  })

  test('a service that cannot be reached', async () => {
    // A listener that drops every connection: a dead service, without racing for a freed port.
    const dead = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { open: (s) => void s.end(), data: () => {} } })
    const base = `http://127.0.0.1:${dead.port}`
    const err = await failure(createProfileService({ apiBase: base, sessionBase: base }).lookupName('Steve')).finally(() => dead.stop(true))
    expect(err).toMatchObject({ code: 'upstream_error', source: 'UPSTREAM' })
    expect(err.message).toMatch(/could not be reached/)
  })
})

describe('decodeTexturesValue', () => {
  test('rejects values that are not base64 JSON of the textures shape', () => {
    for (const bad of ['%%%', btoa('not json'), btoa(JSON.stringify({ textures: {} }))]) {
      expect(() => decodeTexturesValue(bad)).toThrow(ApiError)
    }
  })
})
