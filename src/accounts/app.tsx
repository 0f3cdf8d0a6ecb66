/**
 * The embedded account site (DESIGN.md §1 `src/accounts`): sign-in, sessions and account
 * pages over the API's database, served by the Bun process under `ACCOUNT_ORIGIN` (default this
 * origin + `/accounts`). A plain fetch handler, mounted by the web app like the API backend.
 * @module
 */
import { routeFacts } from '../shared/observe/request-facts'
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import { accountsContext, FormBodyError, fromAllowedOrigin, href } from './context'
import type { MessageKey } from '../shared/i18n/translator'
import type { AccountsDeps } from './deps'
import type { AccountsEnv } from './env'
import { renderPage } from './render/shell'
import { ACCOUNT_ROUTES } from './routes'

/** The request's id on an error page (docs/operations.md "Logs"): a report quoting it leads to its log line. */
function RequestIdLine({ c }: { c: Context<AccountsEnv> }) {
  const id = c.req.header('x-request-id')
  return id ? <p className="field-hint field-hint--muted">{c.get('t')('errors.requestId', { id })}</p> : null
}

/** True for requests answered with JSON (token refreshes, notification calls) rather than pages. */
const wantsJson = (path: string, accept: string | undefined) => path.startsWith('/auth/') || (accept?.includes('application/json') ?? false)

const FORM_BODY_MESSAGE: Record<FormBodyError['code'], MessageKey> = {
  payload_too_large: 'accounts.errors.payload_too_large',
  request_timeout: 'accounts.errors.request_timeout',
  request_aborted: 'accounts.errors.request_aborted',
}

/** A form body that could not be read: the API's envelope for JSON callers, else a page with the same status. */
function formBodyRefused(c: Context<AccountsEnv>, error: FormBodyError) {
  const t = c.get('t')
  const message = t(FORM_BODY_MESSAGE[error.code])
  if (wantsJson(c.req.path, c.req.header('accept'))) return c.json({ success: false, errors: [{ code: error.code, message }] }, error.status)
  return renderPage(
    c,
    t('accounts.forbidden.title'),
    <section className="card accounts__card">
      <h1 className="card__title">{t('accounts.forbidden.title')}</h1>
      <p className="notice notice--error" role="alert">{message}</p>
      <RequestIdLine c={c} />
      <a className="button button--outlined" href={href(c, '/')}>{t('accounts.signIn.title')}</a>
    </section>,
    { status: error.status },
  )
}

/** Builds the account site. Paths are relative to its base (`/sign-in`, `/manage`, …). */
export function createAccountsApp(deps: AccountsDeps) {
  const app = new Hono<AccountsEnv>()
  // The route pattern that answered, for the metrics and the log line (src/shared/observe/request-facts.ts).
  app.use('*', routeFacts())
  app.use('*', accountsContext(deps))

  // The app calls the refresh and notification endpoints with credentials from its own origin,
  // which is another origin when ACCOUNT_ORIGIN is set to one (SPEC §7).
  app.use('*', (c, next) =>
    cors({ origin: (origin) => (c.get('allowed').has(origin) ? origin : null), credentials: true, allowMethods: ['GET', 'POST', 'DELETE'], maxAge: 600 })(c, next),
  )

  // CSRF defence for every state-changing request: Origin (or Referer) must be an
  // allowed origin; SameSite=Lax cookies are the second layer.
  app.use('*', async (c, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) || fromAllowedOrigin(c)) return next()
    const t = c.get('t')
    if (wantsJson(c.req.path, c.req.header('accept'))) return c.json({ success: false, errors: [{ code: 'csrf_refused', message: t('accounts.errors.csrf') }] }, 403)
    return renderPage(
      c,
      t('accounts.forbidden.title'),
      <section className="card accounts__card">
        <h1 className="card__title">{t('accounts.forbidden.title')}</h1>
        <p className="notice notice--error" role="alert">{t('accounts.errors.csrf')}</p>
        <a className="button button--outlined" href={href(c, '/')}>{t('accounts.signIn.title')}</a>
      </section>,
      { status: 403 },
    )
  })

  for (const register of ACCOUNT_ROUTES) register(app)

  app.notFound((c) => {
    const t = c.get('t')
    if (wantsJson(c.req.path, c.req.header('accept'))) return c.json({ success: false, errors: [{ code: 'not_found', message: 'Not Found' }] }, 404)
    return renderPage(
      c,
      t('errors.notFound'),
      <section className="card accounts__card">
        <h1 className="card__title">{t('errors.notFound')}</h1>
        <p>{t('errors.notFoundHint')}</p>
        <RequestIdLine c={c} />
        <a className="button button--outlined" href={href(c, '/')}>{t('accounts.signIn.title')}</a>
      </section>,
      { status: 404 },
    )
  })
  app.onError((error, c) => {
    if (error instanceof FormBodyError) return formBodyRefused(c, error)
    const status = error instanceof HTTPException ? error.status : 500
    if (status >= 500) console.error('[accounts]', error instanceof Error ? error.name + ': ' + error.message : 'error')
    return c.json({ success: false, errors: [{ code: status >= 500 ? 'internal_error' : 'bad_request', message: status >= 500 ? 'Internal Server Error' : error.message }] }, status)
  })
  return app
}
