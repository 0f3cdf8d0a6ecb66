/**
 * An API key's webhook settings as its owner manages them on the account site's keys page
 * (docs/webhooks.md): the URL (checked like every webhook URL, ./webhook-url.ts), the `whsec_…`
 * secret (made with the first URL, rotated on demand, returned once and shown once, stored sealed
 * where the process has the token box, ./secret.ts), removal, and
 * "Send a test event". Only the key's owner changes anything; plain SQL, so D1 runs it too.
 * @module
 */
import type { SqlClient } from '../store/sql'
import { addDeliveries } from './deliveries'
import type { TokenBox } from '../signing/pool/token-box'
import { newWebhookSecret, storedSecret } from './secret'
import { checkWebhookUrl, WebhookUrlError, type WebhookUrlProblem, type WebhookUrlRules } from './webhook-url'

/** Why a webhook change was refused (message keys `accounts.webhooks.errors.*`); a refused URL names its problem. */
export type KeyWebhookError = { code: 'notFound' } | { code: 'badUrl'; problem: WebhookUrlProblem } | { code: 'noUrl' }

/** A key's webhook as the keys page shows it (never the secret). */
export interface KeyWebhookView {
  url: string | null
  hasSecret: boolean
}

type KeyRow = { id: string; webhook_url: string | null; webhook_secret: string | null }

const ownKey = (sql: SqlClient, userId: string, keyId: string) =>
  sql.get<KeyRow>('SELECT id, webhook_url, webhook_secret FROM api_keys WHERE id = ? AND user_id = ? AND revoked_at IS NULL', [keyId, userId])

/** The webhook settings of `userId`'s live keys, by key id. */
export async function keyWebhooks(sql: SqlClient, userId: string): Promise<Map<string, KeyWebhookView>> {
  const rows = await sql.all<KeyRow>('SELECT id, webhook_url, webhook_secret FROM api_keys WHERE user_id = ? AND revoked_at IS NULL', [userId])
  return new Map(rows.map((r) => [r.id, { url: r.webhook_url, hasSecret: !!r.webhook_secret }]))
}

/**
 * Sets (or, with an empty `url`, removes) a key's webhook URL. The first URL also makes the key's
 * secret, returned as `secret` this once.
 */
export async function setKeyWebhook(
  sql: SqlClient,
  rules: WebhookUrlRules,
  input: { userId: string; keyId: string; url: string; now: number; box?: TokenBox },
): Promise<{ ok: true; secret: string | null } | { ok: false; error: KeyWebhookError }> {
  const key = await ownKey(sql, input.userId, input.keyId)
  if (!key) return { ok: false, error: { code: 'notFound' } }
  const raw = input.url.trim()
  if (!raw) {
    await sql.run('UPDATE api_keys SET webhook_url = NULL, updated_at = ? WHERE id = ?', [input.now, key.id])
    return { ok: true, secret: null }
  }
  let url: string
  try {
    url = (await checkWebhookUrl(raw, rules)).url.href
  } catch (e) {
    if (e instanceof WebhookUrlError) return { ok: false, error: { code: 'badUrl', problem: e.problem } }
    throw e
  }
  const secret = key.webhook_secret ? null : newWebhookSecret()
  const stored = secret ? await storedSecret(secret, key.id, input.box) : null
  await sql.run('UPDATE api_keys SET webhook_url = ?, webhook_secret = coalesce(webhook_secret, ?), updated_at = ? WHERE id = ?', [url, stored, input.now, key.id])
  return { ok: true, secret }
}

/** Replaces a key's secret with a new one, returned this once; deliveries still pending are signed with the new one. */
export async function rotateKeySecret(sql: SqlClient, input: { userId: string; keyId: string; now: number; box?: TokenBox }): Promise<string | null> {
  const key = await ownKey(sql, input.userId, input.keyId)
  if (!key) return null
  const secret = newWebhookSecret()
  await sql.run('UPDATE api_keys SET webhook_secret = ?, updated_at = ? WHERE id = ?', [await storedSecret(secret, key.id, input.box), input.now, key.id])
  return secret
}

/**
 * Adds a `test` delivery to the key's webhook URL; its id, or the reason there is none. A test event
 * is attempted once, never retried (./deliver-one.ts): its sender is on the keys page to see how it
 * went, and a retried test would let one click send many requests to any host. The keys page also
 * limits how often it may be clicked (src/accounts/throttle/rules.ts `webhookTest`).
 */
export async function sendTestEvent(sql: SqlClient, input: { userId: string; keyId: string; now: number }): Promise<{ ok: true; id: string } | { ok: false; error: KeyWebhookError }> {
  const key = await ownKey(sql, input.userId, input.keyId)
  if (!key) return { ok: false, error: { code: 'notFound' } }
  if (!key.webhook_url || !key.webhook_secret) return { ok: false, error: { code: 'noUrl' } }
  const body = JSON.stringify({
    type: 'test',
    timestamp: new Date(input.now).toISOString(),
    data: { message: 'A test event from the API keys page: your receiver verified it if you read this.' },
  })
  const [id] = await addDeliveries(sql, [{ apiKeyId: key.id, userId: input.userId, url: key.webhook_url, type: 'test', jobId: null, body }], input.now)
  return { ok: true, id: id! }
}
