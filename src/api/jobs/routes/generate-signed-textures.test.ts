import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startMojangStandIn, type MojangStandIn } from '../../../../test/support/mojang-stand-in'
import { makeSkinPng } from '../../image/fixtures'
import { decodeTexturesValue, encodeTexturesValue } from '../../profiles'
import { putPoolAccount } from '../../signing/pool/pool-account-store'
import { loadTokenBox } from '../../signing/pool/token-key-file'
import { openStore } from '../../store/db'
import { jsonInit, startTestApi, type TestApi } from '../../testing/api-harness'

/**
 * Existing Mojang textures (docs/api.md "Existing Mojang textures"): a `value` + `signature` pair that
 * verifies against Mojang's key — here the stand-in's, given as MOJANG_SIGNATURE_KEY — is stored
 * without a skin change, and a texture URL whose signed form is stored is answered from it.
 */
let mojang: MojangStandIn
/** Skin changes (POST …/minecraft/profile/skins) the stand-in received. */
const skinChanges = () => mojang.requests.filter((r) => r.method === 'POST' && r.path === '/services/minecraft/profile/skins').length

/** The stand-in's signed `textures` property of a player, as a client reads it from the session server. */
async function signedTextures(playerId: string): Promise<{ value: string; signature: string }> {
  const res = await fetch(`${mojang.sessionBase}/session/minecraft/profile/${playerId}?unsigned=false`)
  const prop = ((await res.json()) as { properties: { name: string; value: string; signature: string }[] }).properties.find((p) => p.name === 'textures')!
  return { value: prop.value, signature: prop.signature }
}

/** Rows of skin_data and skins in the test API's database. */
function storedCounts(t: TestApi): { data: number; skins: number } {
  const store = openStore(t.dir)
  try {
    const n = (table: string) => (store.sqlite.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    return { data: n('skin_data'), skins: n('skins') }
  } finally {
    store.close()
  }
}

beforeAll(async () => {
  mojang = await startMojangStandIn({ keyBits: 2048 })
})
afterAll(() => mojang.stop())

describe('existing Mojang textures on an instance that signs through the account pool', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi({ env: { ...mojang.env, SIGNER: 'mojang' }, deps: { signer: undefined }, noStart: true })
    const store = openStore(t.dir)
    for (const a of mojang.accounts) {
      // Added a while ago: a new account is only handed out after POOL_NEW_ACCOUNT_DELAY_S.
      await putPoolAccount(store.sql, await loadTokenBox(t.dir), { id: a.id, name: a.name, type: 'microsoft', tokenSource: 'login_microsoft', accessToken: a.accessToken, createdAt: 0 }, t.clock.now)
    }
    store.close()
    await t.api.start()
  })
  afterAll(() => t.close())

  // A player wearing a classic-looking texture with the slim model: the model is the signed value's, not the pixels'.
  let player: { id: string; textureHash?: string }
  let signed: { value: string; signature: string }
  let stored: { uuid: string }
  beforeAll(async () => {
    player = await mojang.addPlayer('SignedOwner', makeSkinPng(3701), { slim: true })
    signed = await signedTextures(player.id)
  })

  test('a value + signature Mojang signed is stored as given, with no skin change', async () => {
    const changes = mojang.changes.length
    const posts = skinChanges()
    const res = await t.json('/v2/queue', jsonInit({ ...signed, name: 'From a profile' }))
    expect(res.status).toBe(200)
    expect(res.body.messages[0].code).toBe('job_completed')
    expect(res.body.job.status).toBe('completed')
    const skin = res.body.skin
    expect(skin.duplicate).toBe(false)
    expect(skin.name).toBe('From a profile')
    expect(skin.texture.data).toEqual(signed)
    expect(skin.texture.hash.skin).toBe(player.textureHash)
    expect(skin.variant).toBe('slim')
    expect(skin.generator.account).toBe(player.id.slice(0, 16))
    // The texture PNG is ours to serve, fetched by its hash from the texture host.
    const png = await t.call(`/textures/${player.textureHash}`)
    expect(png.status).toBe(200)
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(new Uint8Array(mojang.texture(player.textureHash!)!))
    expect(mojang.changes.length).toBe(changes)
    expect(skinChanges()).toBe(posts)
    stored = skin
  })

  test('an altered value or signature is refused with 400 invalid_signature and nothing is stored', async () => {
    const before = storedCounts(t)
    const payload = decodeTexturesValue(signed.value)
    const otherValue = encodeTexturesValue({ ...payload, profileName: 'SomeoneElse' })
    const sig = Buffer.from(signed.signature, 'base64')
    sig[10] = sig[10]! ^ 0x01
    for (const body of [
      { value: otherValue, signature: signed.signature },
      { value: signed.value, signature: sig.toString('base64') },
      { value: signed.value, signature: 'not base64 at all!' },
      // Whitespace a lenient decoder skips: verified, it would be stored and handed out as given.
      { value: signed.value, signature: ` ${signed.signature.slice(0, 40)}\n \t${signed.signature.slice(40)} ` },
      { value: ` ${signed.value}`, signature: signed.signature },
    ]) {
      const res = await t.json('/v2/queue', jsonInit(body))
      expect(res.status).toBe(400)
      expect(res.body.errors[0].code).toBe('invalid_signature')
    }
    // A fresh texture under a foreign key: refused before its texture is stored.
    await mojang.setForeignSigner(true)
    const stranger = await mojang.addPlayer('ForeignSigned', makeSkinPng(3702))
    const foreign = await signedTextures(stranger.id)
    await mojang.setForeignSigner(false)
    t.clock.now += 60_000
    const refused = await t.json('/v2/generate', jsonInit(foreign))
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].code).toBe('invalid_signature')
    expect((await t.call(`/textures/${stranger.textureHash}`)).status).toBe(404)
    expect(storedCounts(t)).toEqual(before)
  })

  test('half a pair, or a pair beside another input (JSON or a multipart file), is 400 invalid_request', async () => {
    for (const body of [{ value: signed.value }, { signature: signed.signature }, { ...signed, user: 'SignedOwner' }]) {
      const res = await t.json('/v2/queue', jsonInit(body))
      expect(res.status).toBe(400)
      expect(res.body.errors[0].code).toBe('invalid_request')
    }
    const both = new FormData()
    both.set('file', new File([makeSkinPng(3706)], 'skin.png', { type: 'image/png' }))
    both.set('value', signed.value)
    both.set('signature', signed.signature)
    const res = await t.json('/v2/queue', { method: 'POST', body: both })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].code).toBe('invalid_request')
  })

  test('the same texture again (even freshly signed) is the existing skin', async () => {
    const again = await t.json('/v2/queue', jsonInit(signed))
    expect(again.status).toBe(200)
    expect(again.body.messages[0].code).toBe('skin_found')
    expect(again.body.skin.uuid).toBe(stored.uuid)
    expect(again.body.skin.duplicate).toBe(true)
    // Re-reading the profile gives a new timestamp, so a new value and signature of the same texture.
    t.clock.now += 1000
    const resigned = await signedTextures(player.id)
    expect(resigned.value).not.toBe(signed.value)
    const form = new FormData()
    form.set('value', resigned.value)
    form.set('signature', resigned.signature)
    t.clock.now += 60_000
    const multipart = await t.json('/v2/generate', { method: 'POST', body: form })
    expect(multipart.status).toBe(200)
    expect(multipart.body.skin.uuid).toBe(stored.uuid)
    expect(multipart.body.skin.duplicate).toBe(true)
    // The first signed form stays the stored one.
    expect(multipart.body.skin.texture.data).toEqual(signed)
  })

  test('a textures.minecraft.net URL whose signed form is stored is answered from it, without a skin change', async () => {
    const posts = skinChanges()
    const changes = mojang.changes.length
    t.clock.now += 60_000
    const res = await t.json('/v2/generate', jsonInit({ url: `https://textures.minecraft.net/texture/${player.textureHash}` }))
    expect(res.status).toBe(200)
    expect(res.body.skin.uuid).toBe(stored.uuid)
    expect(res.body.skin.texture.data).toEqual(signed)
    expect(skinChanges()).toBe(posts)
    expect(mojang.changes.length).toBe(changes)
  })

  test('a texture URL whose signed form is not stored is signed through an account, as before', async () => {
    const other = await mojang.addPlayer('UnsignedHere', makeSkinPng(3703))
    const posts = skinChanges()
    const sub = await t.json('/v2/queue', jsonInit({ url: `https://textures.minecraft.net/texture/${other.textureHash}` }))
    expect(sub.status).toBe(202)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    expect(job.body.job.status).toBe('completed')
    expect(job.body.skin.texture.hash.skin).toBe(other.textureHash)
    expect(skinChanges()).toBe(posts + 1)
  })
})

describe('existing Mojang textures on an instance with the local signer', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi({ env: mojang.env })
  })
  afterAll(() => t.close())

  test('a Mojang-signed pair is stored as Mojang signed it, not signed again with our key', async () => {
    const player = await mojang.addPlayer('LocalSigned', makeSkinPng(3704))
    const signed = await signedTextures(player.id)
    const res = await t.json('/v2/generate', jsonInit(signed))
    expect(res.status).toBe(200)
    expect(res.body.skin.texture.data).toEqual(signed)
    expect(res.body.skin.variant).toBe('classic')
  })

  test('a texture URL whose only stored form is signed with our own key is signed as before', async () => {
    // Signed locally from an upload: our key, not Mojang's, so a classic request does not reuse it as slim.
    const png = makeSkinPng(3705)
    const form = new FormData()
    form.set('file', new File([png], 'skin.png', { type: 'image/png' }))
    form.set('variant', 'slim')
    const first = await t.json('/v2/queue', { method: 'POST', body: form })
    await t.api.idle()
    const made = await t.json(`/v2/queue/${first.body.job.id}`)
    const hash = made.body.skin.texture.hash.skin
    const sub = await t.json('/v2/queue', jsonInit({ url: `https://textures.minecraft.net/texture/${hash}` }))
    // Not answered from the slim local skin: a new classic job (the texture is ours to read, so no download fails).
    expect(sub.status).toBe(202)
  })
})
