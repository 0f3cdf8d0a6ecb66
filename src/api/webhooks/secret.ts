/**
 * Webhook signing secrets as the Standard Webhooks specification writes them: `whsec_` followed by
 * the base64 of 24–64 random bytes (https://www.standardwebhooks.com, "Signature scheme"). The bytes
 * after decoding are the HMAC key, so the published verification libraries take the string unchanged.
 * @module
 */
import { isSealed, type TokenBox } from '../signing/pool/token-box'

/** The prefix of every secret. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
/** Random bytes in a new secret (the specification allows 24–64). */
export const WEBHOOK_SECRET_BYTES = 32

/** A new `whsec_…` secret from `bytes` random bytes (injectable for tests). */
export function newWebhookSecret(randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  return WEBHOOK_SECRET_PREFIX + Buffer.from(randomBytes(WEBHOOK_SECRET_BYTES)).toString('base64')
}

/** The HMAC key of a `whsec_…` secret (its base64 part decoded). */
export function webhookSecretKey(secret: string): Uint8Array<ArrayBuffer> {
  const b64 = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret
  return new Uint8Array(Buffer.from(b64, 'base64'))
}

/** The additional data of a key's sealed webhook secret: a sealed secret copied to another key does not open. */
export const webhookSecretContext = (keyId: string) => `api_keys:${keyId}:webhook_secret`

/**
 * The secret as stored: sealed with the token box (the pool's key, ../signing/pool/token-box.ts) where
 * the process has one, so the database and its backups hold no usable secret; as it is otherwise.
 */
export const storedSecret = async (secret: string, keyId: string, box: TokenBox | undefined): Promise<string> => (box ? box.seal(secret, webhookSecretContext(keyId)) : secret)

/** The secret from its stored form; null when it is sealed and this process has no box (or another key's). */
export async function openedSecret(stored: string, keyId: string, box: TokenBox | undefined): Promise<string | null> {
  if (!isSealed(stored)) return stored
  if (!box) return null
  return box.open(stored, webhookSecretContext(keyId)).catch(() => null)
}
