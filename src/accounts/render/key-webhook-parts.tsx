/**
 * The webhook parts of the API keys page (docs/webhooks.md): each key's webhook settings folded
 * under its entry (URL, a new secret, "Send a test event"), the last 50 deliveries as a table, and
 * the page that shows a new `whsec_…` secret once. Plain forms, no script.
 * @module
 */
import type { Context } from 'hono'
import type { DeliveryView } from '../../api/webhooks/deliveries'
import type { KeyWebhookView } from '../../api/webhooks/key-webhook'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import { formatTime } from '../routes/keys-shared'

/** A refused URL as the form shows it again: what was typed and why it was refused. */
export interface WebhookDraft {
  url: string
  error: string
}

/** One key's webhook: its URL in the summary, the forms inside; open, with the typed URL and its error, after a refusal. */
export function KeyWebhookDetails({ c, keyId, view, draft }: { c: Context<AccountsEnv>; keyId: string; view: KeyWebhookView; draft?: WebhookDraft }) {
  const t = c.get('t')
  const id = `f-webhook-${keyId}`
  return (
    <details className="accounts-b__webhook" open={draft ? true : undefined}>
      <summary>
        {t('accounts.webhooks.title')}: <span className="accounts-b__webhook-url">{view.url ?? t('accounts.webhooks.notSet')}</span>
      </summary>
      <form method="post" action={href(c, `/keys/${keyId}/webhook`)} className="accounts-b__form accounts-b__webhook-form">
        <div className="field">
          <label htmlFor={id}>{t('accounts.webhooks.urlLabel')}</label>
          <input
            id={id}
            className={draft ? 'text-input is-invalid' : 'text-input'}
            name="url"
            type="url"
            inputMode="url"
            defaultValue={draft ? draft.url : (view.url ?? '')}
            maxLength={256}
            placeholder="https://example.com/webhooks"
            aria-invalid={draft ? true : undefined}
            aria-describedby={draft ? `${id}-error ${id}-hint` : `${id}-hint`}
            autoFocus={draft ? true : undefined}
          />
          {draft && (
            <p id={`${id}-error`} className="field-hint field-hint--error" role="alert">
              {draft.error}
            </p>
          )}
          <p id={`${id}-hint`} className="field-hint field-hint--muted">
            {t('accounts.webhooks.urlHint')}
          </p>
        </div>
        <button type="submit" className="button button--outlined button--small">
          {t('accounts.webhooks.save')}
        </button>
      </form>
      {view.url && (
        <div className="accounts-b__links">
          <form method="post" action={href(c, `/keys/${keyId}/webhook/test`)}>
            <button type="submit" className="button button--outlined button--small">
              {t('accounts.webhooks.test')}
            </button>
          </form>
          <form method="post" action={href(c, `/keys/${keyId}/webhook/rotate`)}>
            <button type="submit" className="button button--outlined button--small">
              {t('accounts.webhooks.rotate')}
            </button>
          </form>
        </div>
      )}
    </details>
  )
}

/** What a delivery's status cell says. */
function statusText(c: Context<AccountsEnv>, d: DeliveryView): string {
  const t = c.get('t')
  const last = d.lastStatus !== null ? `HTTP ${d.lastStatus}` : d.attempts > 0 ? t('accounts.webhooks.noAnswer') : ''
  if (d.status === 'delivered') return t('accounts.webhooks.status.delivered', { last })
  if (d.status === 'dropped' && d.type === 'test') return t('accounts.webhooks.status.testFailed', { last })
  if (d.status === 'dropped') return t('accounts.webhooks.status.dropped', { last })
  if (d.attempts === 0) return t('accounts.webhooks.status.waiting')
  return t('accounts.webhooks.status.retrying', { last, time: formatTime(c.get('locale'), d.nextAttemptAt ?? d.createdAt) })
}

/** The last 50 deliveries of the user's keys: event and time, status, attempts, URL (a list, readable at any width). */
export function DeliveriesCard({ c, deliveries }: { c: Context<AccountsEnv>; deliveries: DeliveryView[] }) {
  const t = c.get('t')
  const locale = c.get('locale')
  return (
    <section className="card" aria-labelledby="webhook-deliveries">
      <h2 className="card__title" id="webhook-deliveries">
        {t('accounts.webhooks.deliveriesTitle')}
      </h2>
      {deliveries.length === 0 ? (
        <p className="field-hint--muted">{t('accounts.webhooks.deliveriesEmpty')}</p>
      ) : (
        <ul className="accounts-b__list" data-testid="webhook-deliveries">
          {deliveries.map((d) => (
            <li key={d.id} className="accounts-b__item" data-status={d.status}>
              <div className="accounts-b__item-main">
                <strong className="accounts-b__name">
                  <code>{d.type}</code> · {formatTime(locale, d.createdAt)}
                </strong>
                <dl className="accounts-b__meta">
                  <div>
                    <dt>{t('accounts.webhooks.col.status')}</dt>
                    <dd>{statusText(c, d)}</dd>
                  </div>
                  <div>
                    <dt>{t('accounts.webhooks.col.attempts')}</dt>
                    <dd>{d.attempts}</dd>
                  </div>
                </dl>
                <p className="accounts-b__message field-hint--muted">{d.url}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The body of the page that shows a new webhook secret, once. */
export function WebhookSecretCard({ c, keyName, secret }: { c: Context<AccountsEnv>; keyName: string; secret: string }) {
  const t = c.get('t')
  return (
    <section className="card">
      <h1 className="card__title">{t('accounts.webhooks.secretTitle')}</h1>
      <p>
        <strong>{keyName}</strong>
      </p>
      <p className="notice accounts-b__warning" role="alert">
        {t('accounts.webhooks.secretWarning')}
      </p>
      <textarea className="text-input accounts-b__secret" readOnly rows={2} defaultValue={secret} aria-label={t('accounts.webhooks.secretTitle')} data-testid="webhook-secret" spellCheck={false} />
      <p>
        <a className="button button--outlined" href={href(c, '/keys')}>
          {t('accounts.keys.back')}
        </a>
      </p>
    </section>
  )
}
