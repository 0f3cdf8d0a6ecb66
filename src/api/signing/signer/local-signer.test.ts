import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createVerify, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSkinImage } from '../../image'
import { makeSkinPng } from '../../image/fixtures'
import { decodeTexturesValue } from '../../profiles'
import { createLocalSigner, SIGNING_KEY_FILE } from './index'

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'local-signer-'))
  dirs.push(d)
  return d
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const base = 'http://127.0.0.1:8787/textures'
let dataDir: string

beforeAll(() => {
  dataDir = tempDir()
})

describe('local signer', () => {
  // Finding 4096-bit primes takes a random, sometimes long, time on a busy machine: generous timeouts.
  test('creates an RSA-4096 key once, as PKCS#8 PEM with mode 0600', async () => {
    const signer = await createLocalSigner({ dataDir, textureBaseUrl: base })
    const path = join(dataDir, SIGNING_KEY_FILE)
    const pem = readFileSync(path, 'utf8')
    expect(pem).toStartWith('-----BEGIN PRIVATE KEY-----')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    const publicPem = (await signer.publicKeyPem())!
    expect(publicPem).toStartWith('-----BEGIN PUBLIC KEY-----')
    const { asymmetricKeyDetails } = await import('node:crypto').then((c) => c.createPublicKey(publicPem))
    expect(asymmetricKeyDetails?.modulusLength).toBe(4096)
  }, 60_000)

  test('a second signer on the same directory reuses the key', async () => {
    const a = await createLocalSigner({ dataDir, textureBaseUrl: base })
    const before = readFileSync(join(dataDir, SIGNING_KEY_FILE), 'utf8')
    const b = await createLocalSigner({ dataDir, textureBaseUrl: base })
    expect(await b.publicKeyPem()).toBe((await a.publicKeyPem())!)
    expect(readFileSync(join(dataDir, SIGNING_KEY_FILE), 'utf8')).toBe(before)
  })

  test('signatures verify with node:crypto SHA1withRSA against the published key', async () => {
    const signer = await createLocalSigner({ dataDir, textureBaseUrl: base, now: () => 1_234 })
    const skin = await readSkinImage(makeSkinPng(5))
    const signed = await signer.sign({ png: skin.png, textureHash: skin.textureHash, variant: 'classic' })
    const key = (await signer.publicKeyPem())!
    const sig = Buffer.from(signed.signature, 'base64')
    expect(sig).toHaveLength(512)
    expect(verify('sha1', Buffer.from(signed.value, 'utf8'), key, sig)).toBe(true)
    expect(createVerify('sha1').update(signed.value).verify(key, sig)).toBe(true)
    // A changed value no longer verifies.
    expect(verify('sha1', Buffer.from(`${signed.value}x`), key, sig)).toBe(false)
  })

  test('the value carries timestamp, profile, signatureRequired and the texture URL on this instance', async () => {
    const signer = await createLocalSigner({ dataDir, textureBaseUrl: `${base}/`, now: () => 1_700_000_000_000, profileName: 'Tester' })
    const skin = await readSkinImage(makeSkinPng(6))
    const signed = await signer.sign({ png: skin.png, textureHash: skin.textureHash, variant: 'classic' })
    const payload = decodeTexturesValue(signed.value)
    expect(payload).toEqual({
      timestamp: 1_700_000_000_000,
      profileId: expect.stringMatching(/^[0-9a-f]{32}$/),
      profileName: 'Tester',
      signatureRequired: true,
      textures: { SKIN: { url: `${base}/${skin.textureHash}` } },
    })
    expect(signed).toMatchObject({ textureHash: skin.textureHash, textureUrl: `${base}/${skin.textureHash}`, account: 'local' })
    expect(signed.capeUrl).toBeUndefined()
  })

  test('slim skins get metadata.model slim; a cape adds CAPE', async () => {
    const signer = await createLocalSigner({ dataDir, textureBaseUrl: base })
    const skin = await readSkinImage(makeSkinPng(7, { slim: true }))
    const capeHash = 'c'.repeat(64)
    const signed = await signer.sign({ png: skin.png, textureHash: skin.textureHash, variant: 'slim', cape: { uuid: 'ab'.repeat(16), textureHash: capeHash } })
    const payload = decodeTexturesValue(signed.value)
    expect(payload.textures.SKIN?.metadata).toEqual({ model: 'slim' })
    expect(payload.textures.CAPE).toEqual({ url: `${base}/${capeHash}` })
    expect(signed).toMatchObject({ capeHash, capeUrl: `${base}/${capeHash}` })
  })

  test('the profile id is stable for one key and differs for another', async () => {
    const sign = async (dir: string) => {
      const s = await createLocalSigner({ dataDir: dir, textureBaseUrl: base, keyBits: 1024 })
      return decodeTexturesValue((await s.sign({ png: new Uint8Array(), textureHash: 'a'.repeat(64), variant: 'classic' })).value).profileId
    }
    const other = tempDir()
    expect(await sign(other)).toBe(await sign(other))
    expect(await sign(other)).not.toBe(await sign(dataDir))
  })

  test('signers starting together on an empty directory end up with one key', async () => {
    const dir = join(tempDir(), 'nested', 'data')
    const signers = await Promise.all([1, 2, 3].map(() => createLocalSigner({ dataDir: dir, textureBaseUrl: base, keyBits: 1024 })))
    const keys = new Set(await Promise.all(signers.map((s) => s.publicKeyPem())))
    expect(keys.size).toBe(1)
  })

  test('a key file left world-readable is tightened to 0600 on start', async () => {
    const dir = tempDir()
    await createLocalSigner({ dataDir: dir, textureBaseUrl: base, keyBits: 1024 })
    const path = join(dir, SIGNING_KEY_FILE)
    writeFileSync(path, readFileSync(path), { mode: 0o644 })
    const { chmodSync } = await import('node:fs')
    chmodSync(path, 0o644)
    await createLocalSigner({ dataDir: dir, textureBaseUrl: base })
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })
})
