/**
 * One delivery attempt: the URL checked again (a name may point at a private address since it was
 * given) and the connection made to the addresses checked, the body POSTed with the Standard Webhooks headers, redirects not followed (a 3xx is a
 * failure, as the specification advises), one deadline over the whole attempt. Only a 2xx counts as
 * delivered; the receiver's body is not read.
 * @module
 */
import { isApiError } from '../errors'
import { webhookHeaders } from './sign'
import { checkWebhookUrl, type WebhookUrlRules } from './webhook-url'
import { fetchPinned } from '../fetch/pinned-fetch'

/** What an attempt came to. */
export type AttemptResult = { ok: true; status: number } | { ok: false; status: number | null; error: string }

/** Options of {@link sendAttempt}. */
export interface SendOptions {
  rules: WebhookUrlRules
  fetch: typeof fetch
  /** Deadline of one attempt, ms. */
  timeoutMs: number
  userAgent: string
  /** TEST ONLY: a PEM certificate trusted besides the system's (../fetch/pinned-fetch.ts). */
  trust?: string
}

/** POSTs `body` as message `id` to `url`, signed with `secret` at `nowMs`. */
export async function sendAttempt(url: string, id: string, body: string, secret: string, nowMs: number, opts: SendOptions): Promise<AttemptResult> {
  const signal = AbortSignal.timeout(opts.timeoutMs)
  try {
    const target = await checkWebhookUrl(url, opts.rules)
    // Sent to the addresses just checked, not to a second resolution of the name (DNS rebinding).
    const res = await fetchPinned(
      target.url,
      target.addresses,
      {
        method: 'POST',
        redirect: 'manual',
        signal,
        headers: { 'content-type': 'application/json', 'user-agent': opts.userAgent, ...(await webhookHeaders(secret, id, nowMs, body)) },
        body,
      },
      { fetch: opts.fetch, ...(opts.trust ? { trust: opts.trust } : {}) },
    )
    await res.body?.cancel().catch(() => {})
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status }
    return { ok: false, status: res.status, error: `HTTP ${res.status}` }
  } catch (e) {
    if (isApiError(e)) return { ok: false, status: null, error: e.message }
    if (signal.aborted) return { ok: false, status: null, error: `no answer within ${Math.round(opts.timeoutMs / 1000)} s` }
    return { ok: false, status: null, error: 'the receiver could not be reached' }
  }
}
