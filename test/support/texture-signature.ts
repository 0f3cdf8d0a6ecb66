/**
 * Checks a `textures` signature the way a Minecraft server does: SHA1withRSA over the base64 value,
 * with an SPKI public key in PEM (our `/v2/signing-key`, Mojang's or a stand-in's).
 * @module
 */
import { fromPem } from '../../src/api/signing/signer/pem'

/** True when `signature` (base64) signs `value` under the public key `pem`. */
export async function signedWith(pem: string, value: string, signature: string): Promise<boolean> {
  const key = await crypto.subtle.importKey('spki', fromPem(pem, 'PUBLIC KEY'), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' }, false, ['verify'])
  return crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, Buffer.from(signature, 'base64'), new TextEncoder().encode(value))
}
