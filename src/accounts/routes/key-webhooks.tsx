/**
 * The webhook forms of the API keys page (docs/webhooks.md): `POST /keys/{id}/webhook` (field `url`;
 * empty removes it; the first URL makes the key's secret, shown once), `POST /keys/{id}/webhook/rotate`
 * (a new secret, shown once), `POST /keys/{id}/webhook/test` ("Send a test event": a delivery row the
 * API's loop sends, a few per user a while). Outcomes go back to `/keys` as `?webhook=<notice>` or
 * `?webhookError=<code>`; a refused URL is shown again in its form with what is wrong with it (400).
 * Every POST passes the Origin check (CSRF) and acts on the signed-in user's own live keys only.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { rotateKeySecret, sendTestEvent, setKeyWebhook } from '../../api/webhooks/key-webhook'
import { formFields, fromAllowedOrigin, href } from '../context'
import type { AccountsEnv } from '../env'
import { WebhookSecretCard, type WebhookDraft } from '../render/key-webhook-parts'
import { webhookUrlErrorText } from '../render/webhook-url-error'
import { gateRequest } from '../throttle/request-gate'
import { RULES } from '../throttle/rules'
import { renderPage } from '../render/shell'
import { accountsSql } from '../site-sql'
import { SectionTabs, userOrSignIn } from './keys-shared'

/** Notices and errors the keys page shows after a webhook form (`accounts.webhooks.*`). */
export const WEBHOOK_NOTICES = ['saved', 'removed', 'tested'] as const
export const WEBHOOK_ERRORS = ['noUrl', 'notFound', 'csrf', 'unavailable', 'testThrottled'] as const

/**
 * Renders the keys page with a refused webhook URL shown again in its key's form (400): what was
 * typed and why it was refused. Given by the keys page (./keys.tsx), which owns the page.
 */
export type KeysPageWithDraft = (c: Context<AccountsEnv>, userId: string, draft: { keyId: string } & WebhookDraft) => Promise<Response>

const nowOf = (c: Context<AccountsEnv>) => (c.get('deps').now ?? Date.now)()
const back = (c: Context<AccountsEnv>, query: Record<string, string>) => c.redirect(href(c, '/keys', query), 303)

/** The page that shows a new secret once (never cached: it exists only in this answer). */
async function secretPage(c: Context<AccountsEnv>, keyId: string, secret: string) {
  const name = (await accountsSql(c.get('deps')).get<{ name: string }>('SELECT name FROM api_keys WHERE id = ?', [keyId]))?.name ?? ''
  c.header('Cache-Control', 'no-store')
  return renderPage(
    c,
    c.get('t')('accounts.webhooks.secretTitle'),
    <>
      <SectionTabs c={c} current="/keys" />
      <WebhookSecretCard c={c} keyName={name} secret={secret} />
    </>,
  )
}

/** Builds the webhook routes under `/keys/{id}/webhook`. */
export function keyWebhookRoutes(keysPageWithDraft: KeysPageWithDraft) {
  const app = new Hono<AccountsEnv>()

  app.post('/keys/:id/webhook', async (c) => {
    const user = await userOrSignIn(c, '/keys')
    if (user instanceof Response) return user
    if (!fromAllowedOrigin(c)) return back(c, { webhookError: 'csrf' })
    const hooks = c.get('deps').webhooks
    if (!hooks) return back(c, { webhookError: 'unavailable' })
    const url = (await formFields(c)).url ?? ''
    const r = await setKeyWebhook(accountsSql(c.get('deps')), hooks.rules, { userId: user.id, keyId: c.req.param('id'), url, now: nowOf(c), ...(hooks.box ? { box: hooks.box } : {}) })
    if (!r.ok && r.error.code === 'badUrl') {
      return keysPageWithDraft(c, user.id, { keyId: c.req.param('id'), url, error: webhookUrlErrorText(c.get('t'), r.error.problem) })
    }
    if (!r.ok) return back(c, { webhookError: r.error.code })
    if (r.secret) return secretPage(c, c.req.param('id'), r.secret)
    return back(c, { webhook: url.trim() ? 'saved' : 'removed' })
  })

  app.post('/keys/:id/webhook/rotate', async (c) => {
    const user = await userOrSignIn(c, '/keys')
    if (user instanceof Response) return user
    if (!fromAllowedOrigin(c)) return back(c, { webhookError: 'csrf' })
    const box = c.get('deps').webhooks?.box
    const secret = await rotateKeySecret(accountsSql(c.get('deps')), { userId: user.id, keyId: c.req.param('id'), now: nowOf(c), ...(box ? { box } : {}) })
    if (!secret) return back(c, { webhookError: 'notFound' })
    return secretPage(c, c.req.param('id'), secret)
  })

  app.post('/keys/:id/webhook/test', async (c) => {
    const user = await userOrSignIn(c, '/keys')
    if (user instanceof Response) return user
    if (!fromAllowedOrigin(c)) return back(c, { webhookError: 'csrf' })
    const hooks = c.get('deps').webhooks
    if (!hooks) return back(c, { webhookError: 'unavailable' })
    // A test event goes to a URL of the user's choosing: a few a while, so the button is no way to aim
    // requests at someone else's host (the gate's rule webhookTest).
    const gate = await gateRequest(c, [{ rule: RULES.webhookTest, subject: user.id }], {})
    if (!gate.ok) return back(c, { webhookError: 'testThrottled', ...(gate.reason === 'blocked' ? { retry: String(gate.retryAfterSeconds) } : {}) })
    const r = await sendTestEvent(accountsSql(c.get('deps')), { userId: user.id, keyId: c.req.param('id'), now: nowOf(c) })
    if (!r.ok) {
      await gate.abandon()
      return back(c, { webhookError: r.error.code })
    }
    // A lost wake-up only delays the event: the loop's poll (Bun) or the Cron Trigger's sweep (Workers) finds the row.
    await Promise.resolve(hooks.wake(r.id)).catch(() => {})
    return back(c, { webhook: 'tested' })
  })

  return app
}
