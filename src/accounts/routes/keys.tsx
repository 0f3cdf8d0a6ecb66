/**
 * The API keys page: create a key with a name, "spend credits" and optional
 * allowed origins — the secret is shown once on the result page — list keys with created and
 * last-used times, revoke. Plain forms; every POST passes the Origin check (CSRF).
 * Each key's webhook (URL, secret, test event) and the last deliveries: ./key-webhooks.tsx, docs/webhooks.md.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { MessageKey } from '../../shared/i18n/translator'
import { createUserKey, listKeys, MAX_KEY_NAME, revokeKey, type KeyError } from '../../api/users/services/key-management'
import { formFields, fromAllowedOrigin, href } from '../context'
import type { AccountsEnv } from '../env'
import { Field, Message } from '../render/form-parts'
import { renderPage } from '../render/shell'
import { formatTime, KeyDates, SectionTabs, userOrSignIn } from './keys-shared'
import { listDeliveries, type DeliveryView } from '../../api/webhooks/deliveries'
import { keyWebhooks, type KeyWebhookView } from '../../api/webhooks/key-webhook'
import { DeliveriesCard, KeyWebhookDetails, type WebhookDraft } from '../render/key-webhook-parts'
import { accountsSql } from '../site-sql'
import { keyWebhookRoutes, WEBHOOK_ERRORS, WEBHOOK_NOTICES } from './key-webhooks'

const nowOf = (c: Context<AccountsEnv>) => (c.get('deps').now ?? Date.now)()

function keyErrorText(c: Context<AccountsEnv>, e: KeyError): string {
  const t = c.get('t')
  if (e.code === 'nameTooLong') return t('accounts.keys.errors.nameTooLong', { max: e.max })
  if (e.code === 'badOrigin') return t('accounts.keys.errors.badOrigin', { origin: e.origin })
  if (e.code === 'tooMany') return t('accounts.keys.errors.tooMany', { max: e.max })
  return t('accounts.keys.errors.nameRequired')
}

interface FormState {
  name?: string
  useCredits?: boolean
  origins?: string
  error?: string
  notice?: string
  /** An error of a form of the key list (a webhook form). */
  listError?: string
  /** A refused webhook URL, shown again in its key's form. */
  webhookDraft?: { keyId: string } & WebhookDraft
}

async function keysPage(c: Context<AccountsEnv>, userId: string, state: FormState = {}, status: 200 | 400 | 403 | 404 = 200) {
  const t = c.get('t')
  const locale = c.get('locale')
  const keys = await listKeys(c.get('deps').db, userId)
  // Webhook parts only where the API's delivery loop is wired (docs/webhooks.md).
  const hooks = c.get('deps').webhooks ? await keyWebhooks(accountsSql(c.get('deps')), userId) : null
  const deliveries: DeliveryView[] = hooks ? await listDeliveries(accountsSql(c.get('deps')), userId) : []
  const noHook: KeyWebhookView = { url: null, hasSecret: false }
  return renderPage(
    c,
    t('accounts.keys.title'),
    <>
      <SectionTabs c={c} current="/keys" />
      <section className="card">
        <h1 className="card__title">{t('accounts.keys.title')}</h1>
        <p className="field-hint--muted">{t('accounts.keys.intro')}</p>
        <Message kind="success" text={state.notice} />
        <Message kind="error" text={state.listError} />
        <h2 className="accounts-b__subtitle">{t('accounts.keys.listTitle')}</h2>
        {keys.length === 0 ? (
          <p className="field-hint--muted">{t('accounts.keys.empty')}</p>
        ) : (
          <ul className="accounts-b__list">
            {keys.map((k) => (
              <li key={k.id} className="accounts-b__item">
                <div className="accounts-b__item-main">
                  <strong className="accounts-b__name">{k.name}</strong>
                  <dl className="accounts-b__meta">
                    <KeyDates c={c} createdAt={k.createdAt} lastUsed={k.lastUsed} />
                  </dl>
                  {(k.useCredits || k.allowedOrigins.length > 0) && (
                    <p className="accounts-b__tags">
                      {k.useCredits && <span className="chip">{t('accounts.keys.creditsOn')}</span>}
                      {k.allowedOrigins.map((o) => (
                        <span key={o} className="chip">
                          {o}
                        </span>
                      ))}
                    </p>
                  )}
                  {hooks && <KeyWebhookDetails c={c} keyId={k.id} view={hooks.get(k.id) ?? noHook} {...(state.webhookDraft?.keyId === k.id ? { draft: state.webhookDraft } : {})} />}
                </div>
                <form method="post" action={href(c, `/keys/${k.id}/revoke`)}>
                  <button type="submit" className="button button--outlined button--small accounts-b__danger">
                    {t('accounts.keys.revoke')}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2 className="card__title">{t('accounts.keys.createTitle')}</h2>
        <Message kind="error" text={state.error} />
        <form method="post" action={href(c, '/keys')} className="accounts-b__form">
          <Field name="name" label={t('accounts.keys.name')} value={state.name ?? ''} required maxLength={MAX_KEY_NAME} hint={t('accounts.keys.namePlaceholder')} />
          <label className="accounts-b__check">
            <input type="checkbox" name="useCredits" value="1" defaultChecked={state.useCredits} />
            <span>
              {t('accounts.keys.useCredits')}
              <small className="field-hint field-hint--muted">{t('accounts.keys.useCreditsHint')}</small>
            </span>
          </label>
          <div className="field">
            <label htmlFor="f-origins">{t('accounts.keys.origins')}</label>
            <textarea id="f-origins" name="origins" className="text-input accounts-b__textarea" rows={2} defaultValue={state.origins ?? ''} aria-describedby="f-origins-hint" />
            <p id="f-origins-hint" className="field-hint field-hint--muted">
              {t('accounts.keys.originsHint')}
            </p>
          </div>
          <button type="submit" className="button button--primary">
            {t('accounts.keys.create')}
          </button>
        </form>
      </section>
      {hooks && <DeliveriesCard c={c} deliveries={deliveries} />}
    </>,
    { status },
  )
}

/** The texts of the webhook forms' outcomes, as literal keys (the locale tests find keys by their literal). */
const WEBHOOK_NOTICE_TEXT: Record<(typeof WEBHOOK_NOTICES)[number], MessageKey> = {
  saved: 'accounts.webhooks.saved',
  removed: 'accounts.webhooks.removed',
  tested: 'accounts.webhooks.tested',
}
const WEBHOOK_ERROR_TEXT: Record<Exclude<(typeof WEBHOOK_ERRORS)[number], 'csrf' | 'notFound' | 'testThrottled'>, MessageKey> = {
  noUrl: 'accounts.webhooks.errors.noUrl',
  unavailable: 'accounts.webhooks.errors.unavailable',
}

/** The notice or error a webhook form sent the browser back with (`?webhook=`, `?webhookError=`). */
function webhookOutcome(c: Context<AccountsEnv>): FormState {
  const t = c.get('t')
  const notice = WEBHOOK_NOTICES.find((n) => n === c.req.query('webhook'))
  const error = WEBHOOK_ERRORS.find((e) => e === c.req.query('webhookError'))
  if (notice) return { notice: t(WEBHOOK_NOTICE_TEXT[notice]) }
  if (error === 'csrf') return { listError: t('accounts.errors.csrf') }
  if (error === 'notFound') return { listError: t('accounts.keys.errors.notFound') }
  if (error === 'testThrottled') {
    const seconds = Number(c.req.query('retry'))
    return { listError: t('accounts.webhooks.errors.testThrottled', { minutes: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1 }) }
  }
  if (error) return { listError: t(WEBHOOK_ERROR_TEXT[error]) }
  return {}
}

/** Builds the `/keys` routes. */
export function keysRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get('/keys', async (c) => {
    const user = await userOrSignIn(c, '/keys')
    if (user instanceof Response) return user
    return keysPage(c, user.id, c.req.query('revoked') ? { notice: c.get('t')('accounts.keys.revoked') } : webhookOutcome(c))
  })

  app.post('/keys', async (c) => {
    const user = await userOrSignIn(c, '/keys')
    if (user instanceof Response) return user
    const t = c.get('t')
    const f = await formFields(c)
    const state: FormState = { name: f.name ?? '', useCredits: f.useCredits === '1', origins: f.origins ?? '' }
    if (!fromAllowedOrigin(c)) return keysPage(c, user.id, { ...state, error: t('accounts.errors.csrf') }, 403)
    const r = await createUserKey(c.get('deps').db, user.id, { name: state.name!, useCredits: state.useCredits!, origins: state.origins! }, nowOf(c))
    if (!r.ok) return keysPage(c, user.id, { ...state, error: keyErrorText(c, r.error) }, 400)
    // The secret exists only in this response (stored hashed): never cache it.
    return renderPage(
      c,
      t('accounts.keys.createdTitle'),
      <>
        <SectionTabs c={c} current="/keys" />
        <section className="card">
          <h1 className="card__title">{t('accounts.keys.createdTitle')}</h1>
          <p>
            <strong>{r.name}</strong>
          </p>
          <p className="notice accounts-b__warning" role="alert">
            {t('accounts.keys.createdWarning')}
          </p>
          <textarea className="text-input accounts-b__secret" readOnly rows={3} defaultValue={r.key} aria-label={t('accounts.keys.createdTitle')} data-testid="new-api-key" spellCheck={false} />
          <p>
            <a className="button button--outlined" href={href(c, '/keys')}>
              {t('accounts.keys.back')}
            </a>
          </p>
        </section>
      </>,
    )
  })

  app.post('/keys/:id/revoke', async (c) => {
    const user = await userOrSignIn(c, '/keys')
    if (user instanceof Response) return user
    const t = c.get('t')
    if (!fromAllowedOrigin(c)) return keysPage(c, user.id, { error: t('accounts.errors.csrf') }, 403)
    if (!(await revokeKey(c.get('deps').db, user.id, c.req.param('id'), nowOf(c)))) return keysPage(c, user.id, { error: t('accounts.keys.errors.notFound') }, 404)
    return c.redirect(href(c, '/keys', { revoked: '1' }), 303)
  })

  return app
}

/** Registers the API key routes (route registry, ./index.ts). */
export const registerKeysRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', keysRoutes())
  app.route('/', keyWebhookRoutes((c, userId, draft) => keysPage(c, userId, { webhookDraft: draft }, 400)))
}
