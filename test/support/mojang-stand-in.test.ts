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
