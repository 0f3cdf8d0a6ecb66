/**
 * The Workers entry of the local signer: a key held as a secret string signs with
 * WebCrypto exactly like the Bun signer that reads the same key from its data directory, the signature
 * verifies with the published key, and nothing on the path imports node: or Bun modules.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { createLocalSigner, SIGNING_KEY_FILE } from './local-signer'
import { generateSigningKey } from './rsa'
import { createSecretSigner, signerFromEnv, SIGNING_KEY_SECRET } from './secret-signer'

const dir = mkdtempSync(join(tmpdir(), 'secret-signer-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const base = 'http://127.0.0.1:8787/textures'
const request = { png: new Uint8Array(), textureHash: 'a'.repeat(64), variant: 'slim' as const, cape: { uuid: 'c'.repeat(32), textureHash: 'b'.repeat(64) } }

/** Relative and bare import specifiers of a file and, recursively, of the relative ones. */
function importGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen
  const text = readFileSync(file, 'utf8')
  // `import type` is erased; only value imports reach the bundle.
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!)
  seen.set(file, specs)
  for (const spec of specs) if (spec.startsWith('.')) importGraph(resolve(dirname(file), `${spec}.ts`), seen)
  return seen
}

describe('signer from a secret (Workers)', () => {
  test('signs like the Bun signer with the same key, and the signature verifies with the public key', async () => {
    const { privateKeyPem } = await generateSigningKey(2048)
    writeFileSync(join(dir, SIGNING_KEY_FILE), privateKeyPem, { mode: 0o600 })
    const config = { textureBaseUrl: base, now: () => 1_700_000_000_000 }
    const bun = await createLocalSigner({ dataDir: dir, ...config })
    const worker = await signerFromEnv({ [SIGNING_KEY_SECRET]: privateKeyPem }, config)
    expect(await worker.publicKeyPem()).toBe((await bun.publicKeyPem())!)
    const a = await worker.sign(request)
    const b = await bun.sign(request)
    // RSASSA-PKCS1-v1_5 is deterministic: same key and value, same signature.
    expect(a).toEqual(b)
    const publicKey = (await worker.publicKeyPem())!
    expect(verify('sha1', Buffer.from(a.value, 'utf8'), publicKey, Buffer.from(a.signature, 'base64'))).toBe(true)
    expect(verify('sha1', Buffer.from(`${a.value}x`, 'utf8'), publicKey, Buffer.from(a.signature, 'base64'))).toBe(false)
    expect(JSON.parse(atob(a.value))).toMatchObject({ timestamp: 1_700_000_000_000, textures: { SKIN: { url: `${base}/${'a'.repeat(64)}`, metadata: { model: 'slim' } } } })
  }, 60_000)

  test('a missing or malformed secret is a setup error naming the secret', async () => {
    expect(() => signerFromEnv({}, { textureBaseUrl: base })).toThrow(SIGNING_KEY_SECRET)
    expect(() => signerFromEnv({ [SIGNING_KEY_SECRET]: 'not a key' }, { textureBaseUrl: base })).toThrow('wrangler secret put')
    await expect(createSecretSigner('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n', { textureBaseUrl: base })).rejects.toThrow()
  })

  test('nothing on the Workers path imports node: or Bun modules', () => {
    const graph = importGraph(join(import.meta.dir, 'secret-signer.ts'))
    expect(graph.size).toBeGreaterThan(3)
    const bad = [...graph].flatMap(([file, specs]) => specs.filter((s) => s.startsWith('node:') || s.startsWith('bun')).map((s) => `${file} → ${s}`))
    expect(bad).toEqual([])
  })
})
