/**
 * The default signer: our own RSA-4096 key, SHA1withRSA over the base64 value, Yggdrasil-style
 * (reference skins-and-peers.md §2.3; mineskin-api.md §2.5 option (c)). Such signatures are valid
 * for authlib-injector / Drasl-style servers that trust our published key, not for vanilla ones.
 * The key is made once and kept as PKCS#8 PEM in `<dataDir>/signing-key.pem` (mode 0600), so it
 * survives restarts ("stable across restarts", authlib-injector wiki).
 * @module
 */
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { TexturesPayload } from '../profiles/schemas'
import { encodeTexturesValue } from '../profiles/textures-value'
import { generateSigningKey, importSigningKey, signValue, type RsaSigningKey } from './rsa'
import type { SignedTexture, Signer } from './types'

/** File name of the key inside the data directory. */
export const SIGNING_KEY_FILE = 'signing-key.pem'

/** Configuration of {@link createLocalSigner}. */
export interface LocalSignerConfig {
  /** Key kept at <dataDir>/signing-key.pem, created once (RSA-4096). */
  dataDir: string
  /** e.g. http://127.0.0.1:8787/textures -> url = `${textureBaseUrl}/${hash}` */
  textureBaseUrl: string
  /** profileId written into values (32 hex). Default: derived from the public key, so stable per instance. */
  profileId?: string
  /** profileName written into values. */
  profileName?: string
  /** Reported as SignedTexture.server. */
  server?: string
  now?: () => number
  /** Key size for a new key; tests may use less. Default 4096. */
  keyBits?: number
}

/** Reads the key, or creates it atomically (temp file + link, so two starting processes agree on one key). */
async function loadOrCreateKey(dataDir: string, keyBits: number): Promise<RsaSigningKey> {
  const path = join(dataDir, SIGNING_KEY_FILE)
  try {
    const pem = await readFile(path, 'utf8')
    // Tighten a key left readable by others; a read-only mount (e.g. a container secret) may refuse, which is fine.
    await chmod(path, 0o600).catch(() => undefined)
    return await importSigningKey(pem)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  await mkdir(dataDir, { recursive: true })
  const { key, privateKeyPem } = await generateSigningKey(keyBits)
  const tmp = `${path}.${crypto.randomUUID()}.tmp`
  await writeFile(tmp, privateKeyPem, { mode: 0o600, flag: 'wx' })
  try {
    await link(tmp, path)
    return key
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    return importSigningKey(await readFile(path, 'utf8'))
  } finally {
    await unlink(tmp)
  }
}

/** 32 hex digits derived from the public key: a stable profile id for this instance. */
async function keyProfileId(publicKeyPem: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(publicKeyPem)))
  return [...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Creates the local signer, loading or creating its key first. */
export async function createLocalSigner(config: LocalSignerConfig): Promise<Signer> {
  const key = await loadOrCreateKey(config.dataDir, config.keyBits ?? 4096)
  const profileId = config.profileId ?? (await keyProfileId(key.publicKeyPem))
  const profileName = config.profileName ?? 'SkinSigner'
  const now = config.now ?? Date.now
  const base = config.textureBaseUrl.replace(/\/+$/, '')
  return {
    kind: 'local',
    async sign(req): Promise<SignedTexture> {
      const textureUrl = `${base}/${req.textureHash}`
      const capeUrl = req.cape ? `${base}/${req.cape.textureHash}` : undefined
      const payload: TexturesPayload = {
        timestamp: now(),
        profileId,
        profileName,
        signatureRequired: true,
        textures: {
          SKIN: { url: textureUrl, ...(req.variant === 'slim' ? { metadata: { model: 'slim' } } : {}) },
          ...(capeUrl ? { CAPE: { url: capeUrl } } : {}),
        },
      }
      const value = encodeTexturesValue(payload)
      return {
        value,
        signature: await signValue(key, value),
        textureHash: req.textureHash,
        textureUrl,
        ...(req.cape && capeUrl ? { capeHash: req.cape.textureHash, capeUrl } : {}),
        account: 'local',
        server: config.server ?? 'local',
      }
    },
    publicKeyPem: async () => key.publicKeyPem,
  }
}
