/**
 * The local signer on Workers: the PKCS#8 PEM private key comes from a secret
 * (`wrangler secret put SIGNING_KEY_PEM`) instead of `<dataDir>/signing-key.pem`; signing is WebCrypto
 * RSASSA-PKCS1-v1_5 with SHA-1, as on Bun. Nothing on this path imports node:fs or Bun. To move an
 * instance's key to Workers, put the contents of its signing-key.pem in the secret: signatures and
 * the published public key stay the same.
 * @module
 */
import { createKeySigner, type KeySignerConfig } from './key-signer'
import { importSigningKey } from './rsa'
import type { Signer } from './types'

/** Name of the Worker secret holding the PKCS#8 PEM private key. */
export const SIGNING_KEY_SECRET = 'SIGNING_KEY_PEM'

/** Creates the local signer from a PKCS#8 PEM private key held as a string. */
export async function createSecretSigner(privateKeyPem: string, config: KeySignerConfig): Promise<Signer> {
  return createKeySigner(await importSigningKey(privateKeyPem), config)
}

/** Creates the local signer from the `SIGNING_KEY_PEM` secret of a Worker's env; throws a setup hint when it is missing. */
export function signerFromEnv(env: Readonly<Record<string, unknown>>, config: KeySignerConfig): Promise<Signer> {
  const pem = env[SIGNING_KEY_SECRET]
  if (typeof pem !== 'string' || !pem.includes('PRIVATE KEY')) {
    throw new Error(`The local signer needs the ${SIGNING_KEY_SECRET} secret (a PKCS#8 PEM private key): wrangler secret put ${SIGNING_KEY_SECRET} < signing-key.pem`)
  }
  return createSecretSigner(pem, config)
}
