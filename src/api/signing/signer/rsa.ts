/**
 * RSA keys for Yggdrasil-style texture signatures: RSASSA-PKCS1-v1_5 with SHA-1 ("SHA1withRSA"),
 * over the UTF-8 bytes of the base64 `value` string (reference skins-and-peers.md §2.3).
 * WebCrypto only, so it runs on Bun, Node and Workers.
 * @module
 */
import { fromPem, toPem } from './pem'

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' } as const

/** A signing key pair with its public half in SPKI PEM. */
export interface RsaSigningKey {
  privateKey: CryptoKey
  publicKeyPem: string
}

/** Generates an RSA key (Mojang's is 4096 bits, authlib-injector asks for ≥ 4096). */
export async function generateSigningKey(modulusLength = 4096): Promise<{ key: RsaSigningKey; privateKeyPem: string }> {
  const pair = await crypto.subtle.generateKey({ ...ALGORITHM, modulusLength, publicExponent: new Uint8Array([1, 0, 1]) }, true, ['sign', 'verify'])
  const privateKeyPem = toPem(await crypto.subtle.exportKey('pkcs8', pair.privateKey), 'PRIVATE KEY')
  const publicKeyPem = toPem(await crypto.subtle.exportKey('spki', pair.publicKey), 'PUBLIC KEY')
  return { key: { privateKey: pair.privateKey, publicKeyPem }, privateKeyPem }
}

/** Loads a PKCS#8 PEM private key and derives its SPKI PEM public key. */
export async function importSigningKey(privateKeyPem: string): Promise<RsaSigningKey> {
  const privateKey = await crypto.subtle.importKey('pkcs8', fromPem(privateKeyPem, 'PRIVATE KEY'), ALGORITHM, true, ['sign'])
  // WebCrypto cannot export SPKI from a private key directly; the JWK carries n and e.
  const jwk = await crypto.subtle.exportKey('jwk', privateKey)
  const publicKey = await crypto.subtle.importKey('jwk', { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RS1', ext: true }, ALGORITHM, true, ['verify'])
  return { privateKey, publicKeyPem: toPem(await crypto.subtle.exportKey('spki', publicKey), 'PUBLIC KEY') }
}

/** base64 SHA1withRSA signature over the UTF-8 bytes of `value`. */
export async function signValue(key: RsaSigningKey, value: string): Promise<string> {
  const sig = new Uint8Array(await crypto.subtle.sign(ALGORITHM, key.privateKey, new TextEncoder().encode(value)))
  let binary = ''
  for (const b of sig) binary += String.fromCharCode(b)
  return btoa(binary)
}
