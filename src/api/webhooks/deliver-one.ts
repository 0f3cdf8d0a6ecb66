/**
 * One claimed delivery, start to record: the key's current secret (a revoked key or a removed secret
 * ends the delivery), the attempt (./send-attempt.ts), and its outcome written back — delivered, due
 * again after the back-off (./retry-schedule.ts), or dropped with the owner's notification
 * (./drop-notice.ts). Shared by the Bun loop (./dispatcher.ts) and the Queues consumer
 * (src/api/cloudflare/queues-webhooks.ts), which only differ in how the next attempt is woken.
 * @module
 */
import type { TokenBox } from '../signing/pool/token-box'
import type { SqlClient } from '../store/sql'
import { openedSecret } from './secret'
import { recordAttempt, type DeliveryRow } from './deliveries'
import { notifyDropped } from './drop-notice'
import { nextAttemptAt } from './retry-schedule'
import { sendAttempt, type AttemptResult } from './send-attempt'
import type { WebhookUrlRules } from './webhook-url'

/** What a delivery attempt needs. */
export interface DeliverDeps {
  sql: SqlClient
  now: () => number
  /** Random source in [0, 1) of the back-off jitter. */
  random: () => number
  fetch: typeof fetch
  rules: WebhookUrlRules
  /** Deadline of one attempt, ms. */
  timeoutMs: number
  /** The account site's keys page, linked from the "dropped" notification. */
  keysUrl: string
  /** Opens secrets stored sealed (./secret.ts); absent where no token key is configured. */
  box?: TokenBox
  /** Each attempt's outcome (`ssg_webhook_attempts_total`, src/api/metrics/api-counters.ts). */
  onAttempt?: (outcome: 'delivered' | 'failed') => void
}

/** The User-Agent of every delivery. */
export const WEBHOOK_USER_AGENT = 'SkinSignatureGenerator-Webhooks/1'

/** Sends `row` (claimed by the caller) and records the outcome; returns when it is due again, or null when it is finished. */
export async function deliverOne(deps: DeliverDeps, row: DeliveryRow): Promise<number | null> {
  const { sql, now } = deps
  const key = await sql.get<{ webhook_secret: string | null; revoked_at: number | null }>('SELECT webhook_secret, revoked_at FROM api_keys WHERE id = ?', [row.api_key_id])
  const live = !!key && key.revoked_at === null
  let result: AttemptResult
  if (!live) result = { ok: false, status: null, error: 'the API key was revoked' }
  else if (!key.webhook_secret) result = { ok: false, status: null, error: 'the API key has no webhook secret' }
  else {
    const secret = await openedSecret(key.webhook_secret, row.api_key_id, deps.box)
    result = secret
      ? await sendAttempt(row.url, row.id, row.body, secret, now(), { rules: deps.rules, fetch: deps.fetch, timeoutMs: deps.timeoutMs, userAgent: WEBHOOK_USER_AGENT })
      : { ok: false, status: null, error: 'the webhook secret is sealed and this server has no (or another) token key (POOL_TOKEN_KEY)' }
  }
  const t = now()
  deps.onAttempt?.(result.ok ? 'delivered' : 'failed')
  if (result.ok) {
    await recordAttempt(sql, row.id, { status: 'delivered', httpStatus: result.status, error: null, next: null }, t)
    return null
  }
  // A revoked key or a removed secret will not come back: nothing would be signed any more. A test
  // event is tried once (./key-webhook.ts sendTestEvent) and its failure is shown where it was sent.
  const test = row.type === 'test'
  const next = live && key.webhook_secret && !test ? nextAttemptAt(row.created_at, row.attempts, t, deps.random()) : null
  if (next !== null) {
    await recordAttempt(sql, row.id, { status: 'pending', httpStatus: result.status, error: result.error, next }, t)
    return next
  }
  await recordAttempt(sql, row.id, { status: 'dropped', httpStatus: result.status, error: result.error, next: null }, t)
  if (live && !test) await notifyDropped(sql, { userId: row.user_id, url: row.url, type: row.type, lastError: result.error, keysUrl: deps.keysUrl, now: t })
  return null
}
