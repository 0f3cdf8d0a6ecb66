/**
 * The API keys page (issue 9 point 1): create a key with a name, "spend credits" and optional
 * allowed origins — the secret is shown once on the result page — list keys with created and
 * last-used times, revoke. Plain forms; every POST passes the Origin check (CSRF, issue 9 point 7).
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { createUserKey, listKeys, MAX_KEY_NAME, revokeKey, type KeyError } from '../../api/users/services/key-management'
import { formFields, fromAllowedOrigin, href } from '../context'
import type { AccountsEnv } from '../env'
import { Field, Message } from '../render/form-parts'
import { renderPage } from '../render/shell'
import { formatTime, KeyDates, SectionTabs, userOrSignIn } from './keys-shared'

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
}

async function keysPage(c: Context<AccountsEnv>, userId: string, state: FormState = {}, status: 200 | 400 | 403 | 404 = 200) {
  const t = c.get('t')
  const locale = c.get('locale')
  const keys = await listKeys(c.get('deps').db, userId)
  return renderPage(
    c,
    t('accounts.keys.title'),
    <>
      <SectionTabs c={c} current="/keys" />
      <section className="card">
        <h1 className="card__title">{t('accounts.keys.title')}</h1>
        <p className="field-hint--muted">{t('accounts.keys.intro')}</p>
        <Message kind="success" text={state.notice} />
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
    </>,
    { status },
  )
}

/** Builds the `/keys` routes. */
export function keysRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get('/keys', async (c) => {
    const user = await userOrSignIn(c, '/keys')
    if (user instanceof Response) return user
    return keysPage(c, user.id, c.req.query('revoked') ? { notice: c.get('t')('accounts.keys.revoked') } : {})
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
}
