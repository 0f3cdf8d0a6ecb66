import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { readSkinImage } from '../../src/api/image'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { decodeTexturesValue } from '../../src/api/profiles'
import { startMojangStandIn, type MojangStandIn } from './mojang-stand-in'

let mojang: MojangStandIn
const trimmedVector = new URL('../../src/api/image/fixtures/hash-vectors/trimmed0.png', import.meta.url)

beforeAll(async () => {
  mojang = await startMojangStandIn({ accounts: 1, now: () => 42 })
}, 30_000)
afterAll(() => mojang.stop())

const upload = (token: string | null, fields: Record<string, string | Blob>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return fetch(`${mojang.servicesBase}/minecraft/profile/skins`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} })
}
const pngBlob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' })
const session = (id: string, signed: boolean) => fetch(`${mojang.sessionBase}/session/minecraft/profile/${id}${signed ? '?unsigned=false' : ''}`)

describe('Mojang stand-in', () => {
  test('name lookup on both hosts, 404 with an errorMessage when unknown', async () => {
    const p = await mojang.addPlayer('Notch')
    expect(await (await fetch(`${mojang.apiBase}/users/profiles/minecraft/notch`)).json()).toEqual({ id: p.id, name: 'Notch' })
    expect(await (await fetch(`${mojang.servicesBase}/minecraft/profile/lookup/name/NOTCH`)).json()).toEqual({ id: p.id, name: 'Notch' })
    const missing = await fetch(`${mojang.apiBase}/users/profiles/minecraft/nobody`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ errorMessage: expect.stringContaining('nobody') })
  })

  test('session profiles: 204 when unknown, signature only with unsigned=false', async () => {
    expect((await session('0'.repeat(32), true)).status).toBe(204)
    const p = await mojang.addPlayer('Jeb_', makeSkinPng(3, { slim: true }), { slim: true })
    const unsigned = await (await session(p.id, false)).json()
    expect(unsigned.properties[0].signature).toBeUndefined()
    const signed = await (await session(p.id, true)).json()
    const prop = signed.properties[0]
    expect(verify('sha1', Buffer.from(prop.value), mojang.publicKeyPem, Buffer.from(prop.signature, 'base64'))).toBe(true)
    expect(decodeTexturesValue(prop.value)).toMatchObject({ timestamp: 42, profileId: p.id, profileName: 'Jeb_', signatureRequired: true, textures: { SKIN: { metadata: { model: 'slim' } } } })
  })

  test('a player without a skin has empty textures', async () => {
    const p = await mojang.addPlayer('Plain')
    const body = await (await session(p.id, false)).json()
    expect(decodeTexturesValue(body.properties[0].value).textures).toEqual({})
  })

  test('skin upload: minecraftservices profile shape, texture served, session profile updated', async () => {
    const account = mojang.accounts[0]!
    const png = new Uint8Array(await Bun.file(trimmedVector).arrayBuffer())
    const expected = await readSkinImage(png)
    const res = await upload(account.accessToken, { variant: 'slim', file: pngBlob(png) })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ id: account.id, name: account.name, capes: [] })
    expect(body.skins).toEqual([{ id: expect.any(String), state: 'ACTIVE', url: expect.any(String), textureKey: expect.any(String), variant: 'SLIM' }])
    // Mojang prints the hash without its leading zero.
    const url: string = body.skins[0].url
    expect(url).toBe(`${mojang.texturesBase}/texture/${expected.textureHash.slice(1)}`)
    const texture = await fetch(url)
    expect(texture.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await texture.arrayBuffer())).toEqual(expected.png)
    expect((await fetch(`${mojang.texturesBase}/texture/${expected.textureHash}`)).status).toBe(200)
    const profile = await (await session(account.id, true)).json()
    expect(decodeTexturesValue(profile.properties[0].value).textures.SKIN?.url).toBe(url)
    expect(await (await fetch(`${mojang.servicesBase}/minecraft/profile`, { headers: { authorization: `Bearer ${account.accessToken}` } })).json()).toEqual(body)
  })

  test('upload refusals: no token 401, rate limited 429, bad variant or file 400, bad PNG 400', async () => {
    const token = mojang.accounts[0]!.accessToken
    const good = pngBlob(makeSkinPng(4))
    expect((await upload(null, { variant: 'classic', file: good })).status).toBe(401)
    expect((await upload('wrong', { variant: 'classic', file: good })).status).toBe(401)
    expect((await upload(token, { variant: 'wide', file: good })).status).toBe(400)
    expect((await upload(token, { variant: 'classic' })).status).toBe(400)
    const bad = await upload(token, { variant: 'classic', file: pngBlob(new Uint8Array([1, 2, 3])) })
    expect(bad.status).toBe(400)
    expect((await bad.json()).errorMessage).toMatch(/not a PNG/)
    const notMultipart = await fetch(`${mojang.servicesBase}/minecraft/profile/skins`, { method: 'POST', body: '{}', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } })
    expect(notMultipart.status).toBe(400)
    mojang.setRateLimited(token, true)
    expect((await upload(token, { variant: 'classic', file: good })).status).toBe(429)
    mojang.setRateLimited(token, false)
    expect((await upload(token, { variant: 'classic', file: good })).status).toBe(200)
  })

  test('profile lag: after an upload the session server shows the old skin for N reads', async () => {
    const account = mojang.accounts[0]!
    const first = await (await upload(account.accessToken, { variant: 'classic', file: pngBlob(makeSkinPng(5)) })).json()
    mojang.setProfileLag(account.accessToken, 2)
    const second = await (await upload(account.accessToken, { variant: 'classic', file: pngBlob(makeSkinPng(6)) })).json()
    const shown = async () => decodeTexturesValue((await (await session(account.id, true)).json()).properties[0].value).textures.SKIN?.url
    expect(await shown()).toBe(first.skins[0].url)
    expect(await shown()).toBe(first.skins[0].url)
    expect(await shown()).toBe(second.skins[0].url)
    mojang.setProfileLag(account.accessToken, 0)
  })

  test('every request is logged with its token', async () => {
    const before = mojang.requests.length
    await fetch(`${mojang.apiBase}/users/profiles/minecraft/anyone`)
    expect(mojang.requests.slice(before)).toEqual([{ method: 'GET', path: '/api/users/profiles/minecraft/anyone' }])
  })
})

/** A player with a skin and a token the services host accepts (the clock stands at 42). */
async function playerWithToken(name: string) {
  const p = await mojang.addPlayer(name, makeSkinPng(20))
  return { ...p, token: mojang.issueToken(p.id, Number.MAX_SAFE_INTEGER) }
}
const servicesProfile = async (token: string) => (await fetch(`${mojang.servicesBase}/minecraft/profile`, { headers: { authorization: `Bearer ${token}` } })).json()
const capeRequest = (method: 'PUT' | 'DELETE', token: string | null, body?: unknown) =>
  fetch(`${mojang.servicesBase}/minecraft/profile/capes/active`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  })
const sessionTextures = async (id: string) => {
  const prop = (await (await session(id, true)).json()).properties[0]
  expect(verify('sha1', Buffer.from(prop.value), mojang.publicKeyPem, Buffer.from(prop.signature, 'base64'))).toBe(true)
  return decodeTexturesValue(prop.value).textures
}

describe('Mojang stand-in capes', () => {
  test('grantCape: a 64x32 texture of its own per cape, hashed like skins, served, listed INACTIVE', async () => {
    const p = await playerWithToken('Caped')
    const first = await mojang.grantCape(p.id, { alias: 'Migrator' })
    const second = await mojang.grantCape(p.id, { alias: 'Vanilla' })
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(second.id).not.toBe(first.id)
    expect(second.textureHash).not.toBe(first.textureHash)
    for (const cape of [first, second]) {
      const served = await fetch(cape.url)
      expect(served.status).toBe(200)
      const image = await readSkinImage(new Uint8Array(await served.arrayBuffer()))
      expect({ width: image.width, height: image.height, textureHash: image.textureHash }).toEqual({ width: 64, height: 32, textureHash: cape.textureHash })
      expect(cape.url).toBe(`${mojang.texturesBase}/texture/${cape.textureHash.replace(/^0+/, '')}`)
    }
    // A given PNG keeps its own pixels: its hash is readSkinImage's.
    const png = makeSkinPng(21, { height: 32 })
    const given = await mojang.grantCape(p.id, { alias: 'Cherry Blossom', png })
    expect(given.textureHash).toBe((await readSkinImage(png)).textureHash)
    expect(new Uint8Array(await (await fetch(given.url)).arrayBuffer())).toEqual((await readSkinImage(png)).png)
    expect((await servicesProfile(p.token)).capes).toEqual([
      { id: first.id, state: 'INACTIVE', url: first.url, alias: 'Migrator' },
      { id: second.id, state: 'INACTIVE', url: second.url, alias: 'Vanilla' },
      { id: given.id, state: 'INACTIVE', url: given.url, alias: 'Cherry Blossom' },
    ])
    expect((await sessionTextures(p.id)).CAPE).toBeUndefined()
    expect(mojang.profileOf(p.id)?.activeCape).toBeUndefined()
    await expect(mojang.grantCape('0'.repeat(32), { alias: 'Nobody' })).rejects.toThrow()
  })

  test('grantCape with active: shown at once, in the profile and the signed session textures', async () => {
    const p = await playerWithToken('CapedAtOnce')
    const cape = await mojang.grantCape(p.id, { alias: 'Pan', active: true })
    expect((await servicesProfile(p.token)).capes).toEqual([{ id: cape.id, state: 'ACTIVE', url: cape.url, alias: 'Pan' }])
    expect(await sessionTextures(p.id)).toEqual({ SKIN: { url: mojang.skinUrl(p.id)! }, CAPE: { url: cape.url } })
    expect(mojang.profileOf(p.id)?.activeCape).toBe(cape.id)
  })

  test('PUT capes/active shows an owned cape, DELETE hides it; both answer the profile, neither is a skin change', async () => {
    const p = await playerWithToken('CapeSwitcher')
    const a = await mojang.grantCape(p.id, { alias: 'Migrator' })
    const b = await mojang.grantCape(p.id, { alias: 'Vanilla' })
    const changesBefore = mojang.changes.length
    const requestsBefore = mojang.requests.length
    const shown = await capeRequest('PUT', p.token, { capeId: b.id })
    expect(shown.status).toBe(200)
    const body = await shown.json()
    expect(body).toEqual(await servicesProfile(p.token))
    expect(body).toMatchObject({ id: p.id, name: 'CapeSwitcher', skins: [expect.objectContaining({ state: 'ACTIVE', url: mojang.skinUrl(p.id) })] })
    expect(body.capes).toEqual([
      { id: a.id, state: 'INACTIVE', url: a.url, alias: 'Migrator' },
      { id: b.id, state: 'ACTIVE', url: b.url, alias: 'Vanilla' },
    ])
    expect((await sessionTextures(p.id)).CAPE).toEqual({ url: b.url })
    expect(mojang.profileOf(p.id)).toEqual({ skin: { hash: p.textureHash!, variant: 'classic', url: mojang.skinUrl(p.id)! }, activeCape: b.id })
    // Switching to the other one leaves a single ACTIVE cape.
    expect(((await (await capeRequest('PUT', p.token, { capeId: a.id })).json()).capes as { state: string }[]).map((c) => c.state)).toEqual(['ACTIVE', 'INACTIVE'])
    const hidden = await capeRequest('DELETE', p.token)
    expect(hidden.status).toBe(200)
    expect((await hidden.json()).capes.map((c: { state: string }) => c.state)).toEqual(['INACTIVE', 'INACTIVE'])
    expect((await sessionTextures(p.id)).CAPE).toBeUndefined()
    expect(mojang.profileOf(p.id)).toEqual({ skin: { hash: p.textureHash!, variant: 'classic', url: mojang.skinUrl(p.id)! } })
    // Hiding with nothing shown is still 200.
    expect((await capeRequest('DELETE', p.token)).status).toBe(200)
    expect(mojang.changes.length).toBe(changesBefore)
    const capePath = '/services/minecraft/profile/capes/active'
    expect(mojang.requests.slice(requestsBefore).filter((r) => r.path === capePath)).toEqual([
      { method: 'PUT', path: capePath, token: p.token },
      { method: 'PUT', path: capePath, token: p.token },
      { method: 'DELETE', path: capePath, token: p.token },
      { method: 'DELETE', path: capePath, token: p.token },
    ])
  })

  test('cape refusals: not owned 400 in Mojang\'s error shape, no or unknown token 401, rate limited 429; nothing changes', async () => {
    const p = await playerWithToken('CapeRefused')
    const other = await playerWithToken('CapeOwner')
    const own = await mojang.grantCape(p.id, { alias: 'Migrator', active: true })
    const theirs = await mojang.grantCape(other.id, { alias: 'Vanilla' })
    const notOwned = await capeRequest('PUT', p.token, { capeId: theirs.id })
    expect(notOwned.status).toBe(400)
    expect(await notOwned.json()).toEqual({ path: '/services/minecraft/profile/capes/active', error: 'IllegalArgumentException', errorMessage: expect.stringContaining('not own') })
    expect((await capeRequest('PUT', p.token, { capeId: crypto.randomUUID() })).status).toBe(400)
    expect((await capeRequest('PUT', p.token, {})).status).toBe(400)
    expect((await capeRequest('PUT', p.token, 'not json')).status).toBe(400)
    for (const token of [null, 'wrong']) {
      const refused = await capeRequest('PUT', token, { capeId: own.id })
      expect(refused.status).toBe(401)
      expect(await refused.json()).toMatchObject({ path: '/services/minecraft/profile/capes/active', errorMessage: expect.any(String) })
      expect((await capeRequest('DELETE', token)).status).toBe(401)
    }
    const expired = mojang.issueToken(p.id, 42)
    expect((await capeRequest('DELETE', expired)).status).toBe(401)
    mojang.setRateLimited(p.token, true)
    expect((await capeRequest('PUT', p.token, { capeId: own.id })).status).toBe(429)
    expect((await capeRequest('DELETE', p.token)).status).toBe(429)
    mojang.setRateLimited(p.token, false)
    expect(mojang.profileOf(p.id)?.activeCape).toBe(own.id)
    expect(mojang.profileOf(other.id)?.activeCape).toBeUndefined()
    expect((await servicesProfile(other.token)).capes).toEqual([{ id: theirs.id, state: 'INACTIVE', url: theirs.url, alias: 'Vanilla' }])
  })

  test('profileOf: the current skin with its variant, undefined for an unknown player', async () => {
    const slim = await mojang.addPlayer('SlimOne', makeSkinPng(22, { slim: true }), { slim: true })
    expect(mojang.profileOf(slim.id)).toEqual({ skin: { hash: slim.textureHash!, variant: 'slim', url: mojang.skinUrl(slim.id)! } })
    const bare = await mojang.addPlayer('BareOne')
    expect(mojang.profileOf(bare.id)).toEqual({})
    expect(mojang.profileOf('0'.repeat(32))).toBeUndefined()
  })
})
