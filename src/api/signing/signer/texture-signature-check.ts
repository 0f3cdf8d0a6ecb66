/**
 * Checks a `textures` signature as a Minecraft server does (reference account-pool.md §5): SHA1withRSA
 * over the UTF-8 bytes of the base64 `value`, against one SPKI public key — Mojang's, or a stand-in's.
 * WebCrypto only, so the same check runs on Bun and Workers; the key is imported once.
 * @module
 */
import { fromPem } from './pem'

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' } as const

/** Resolves true when `signature` (base64) signs `value`. */
export type TextureSignatureCheck = (value: string, signature: string) => Promise<boolean>

/** A check against the SPKI PEM `publicKeyPem`; an unusable key fails every check with a clear error. */
export function createTextureSignatureCheck(publicKeyPem: string): TextureSignatureCheck {
  let key: Promise<CryptoKey> | null = null
  return async (value, signature) => {
    key ??= crypto.subtle.importKey('spki', fromPem(publicKeyPem, 'PUBLIC KEY'), ALGORITHM, false, ['verify']).catch((e: unknown) => {
      throw new Error(`MOJANG_SIGNATURE_KEY is not an RSA public key: ${(e as Error).message}`)
    })
    let bytes: Uint8Array<ArrayBuffer>
    try {
      bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0))
    } catch {
      return false
    }
    return crypto.subtle.verify(ALGORITHM, await key, bytes, new TextEncoder().encode(value))
  }
}

/** One check per key, for callers that hold only the key (the player-profile path of the generator). */
const checks = new Map<string, TextureSignatureCheck>()

/** Resolves true when `signature` signs `value` under the SPKI PEM `publicKeyPem`. */
export function verifyTextureSignature(publicKeyPem: string, value: string, signature: string): Promise<boolean> {
  let check = checks.get(publicKeyPem)
  if (!check) checks.set(publicKeyPem, (check = createTextureSignatureCheck(publicKeyPem)))
  return check(value, signature)
}
