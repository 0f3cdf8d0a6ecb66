/**
 * The local signer's signing, given its key: builds the Yggdrasil-style textures
 * value and signs it with WebCrypto RSASSA-PKCS1-v1_5/SHA-1 (src/api/signing/signer/rsa.ts). No file system
 * and no Bun API, so the Bun signer (key in a file, local-signer.ts) and the Workers signer (key from
 * a secret, secret-signer.ts) are this one function with the same output for the same key.
 * @module
 */
import type { TexturesPayload } from '../../profiles/schemas'
import { encodeTexturesValue } from '../../profiles/textures-value'
import { signValue, type RsaSigningKey } from './rsa'
import type { SignedTexture, Signer } from './types'

/** What the signer writes into values besides the key. */
export interface KeySignerConfig {
  /** e.g. http://127.0.0.1:8787/textures -> url = `${textureBaseUrl}/${hash}` */
  textureBaseUrl: string
  /** profileId written into values (32 hex). Default: derived from the public key, so stable per instance. */
  profileId?: string
  /** profileName written into values. */
  profileName?: string
  /** Reported as SignedTexture.server. */
  server?: string
  now?: () => number
}

/** 32 hex digits derived from the public key: a stable profile id for this instance. */
async function keyProfileId(publicKeyPem: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(publicKeyPem)))
  return [...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Creates the `local` signer over an imported key. */
export async function createKeySigner(key: RsaSigningKey, config: KeySignerConfig): Promise<Signer> {
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
