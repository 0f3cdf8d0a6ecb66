/**
 * Webhook signing secrets as the Standard Webhooks specification writes them: `whsec_` followed by
 * the base64 of 24–64 random bytes (https://www.standardwebhooks.com, "Signature scheme"). The bytes
 * after decoding are the HMAC key, so the published verification libraries take the string unchanged.
 * @module
 */

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
