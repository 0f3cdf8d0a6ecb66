/**
 * Signing a webhook message (Standard Webhooks, "Signature scheme"): HMAC-SHA256 with the secret's
 * bytes over `{webhook-id}.{webhook-timestamp}.{body}`, base64, prefixed with the version `v1,`.
 * WebCrypto only, so it runs on Bun and on Workers alike; receivers verify with the specification's
 * libraries (docs/webhooks.md).
 * @module
 */
import { webhookSecretKey } from './secret'

/** The headers of one signed delivery attempt. */
export interface WebhookHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** The `webhook-signature` value for `body` sent as message `id` at `timestampS` (unix seconds). */
export async function signWebhook(secret: string, id: string, timestampS: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', webhookSecretKey(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestampS}.${body}`))
  return `v1,${Buffer.from(mac).toString('base64')}`
}

/** The three Standard Webhooks headers of an attempt at `nowMs`. */
export async function webhookHeaders(secret: string, id: string, nowMs: number, body: string): Promise<WebhookHeaders> {
  const timestamp = Math.floor(nowMs / 1000)
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': await signWebhook(secret, id, timestamp, body) }
}
