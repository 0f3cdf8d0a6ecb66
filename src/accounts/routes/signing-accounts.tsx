/**
 * The account manager for signing (pool) accounts: a signed-in user lends their
 * Minecraft account to the signing pool through Microsoft's device-code sign-in, and pauses, resumes,
 * signs in again or removes it; a user with the `pool_admin` grant sees every signing account and may
 * disable one, but only its owner removes it (removing deletes the owner's Microsoft sign-in, which
 * only they can give again; docs/signing.md). The pool's manager (`deps.pool`) decides who may touch
 * what: an account the actor may not touch answers like one that does not exist (false / null → 404);
 * a pool admin asking to remove an account they see but do not own gets 403 `not_account_owner` and
 * the account stays. Plain forms; every POST passes the app-wide Origin check (CSRF, ../app.tsx).
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { PoolSignInError } from '../../api/signing/pool/microsoft/errors'
import type { PoolActor, PoolManager } from '../../api/signing/pool/pool-views'
import { formFields, href } from '../context'
import type { AccountUser } from '../current-user'
import type { AccountsEnv } from '../env'
import { requireUser } from '../require-user'
import { SignOutButton } from '../render/sign-out-button'
import { renderPage, type PageStatus } from '../render/shell'
import { isSigningDone, SIGN_IN_ERROR, SIGNING_DONE, type SigningDone } from '../render/signing-accounts-labels'
import { SigningListPage, type SigningListState } from '../render/signing-accounts-list'
import { SIGNING_PATH } from '../render/signing-accounts-parts'
import { RemoveSigningPage } from '../render/signing-accounts-remove'
import { SignInPage } from '../render/signing-accounts-sign-in'
import { parseGrants } from '../services/users'

/** Who acts on the pool: the signed-in user, a pool admin when their grants say so. */
export const poolActor = (user: AccountUser): PoolActor => ({ userId: user.id, admin: parseGrants(user.grants)?.pool_admin === true })

/** The signed-in user's actor and the manager, or the response to answer instead (not available, or sign-in). */
async function signedIn(c: Context<AccountsEnv>, back: string): Promise<{ pool: PoolManager; actor: PoolActor } | Response> {
  const pool = c.get('deps').pool
  if (!pool) return notice(c, 'accounts.signing.unavailable')
  const user = await requireUser(c, back)
  if (user instanceof Response) return user
  return { pool, actor: poolActor(user) }
}

/** A 404 page with one sentence (not available here, or no such account / sign-in for this user). */
function notice(c: Context<AccountsEnv>, text: 'accounts.signing.unavailable' | 'accounts.signing.notFound' | 'accounts.signing.signIn.notFound') {
  const t = c.get('t')
  return renderPage(
    c,
    t('accounts.signing.title'),
    <section className="card accounts__card">
      <h1 className="card__title">{t('accounts.signing.title')}</h1>
      <p className="notice notice--error" role="alert">
        {t(text)}
      </p>
      <a className="button button--outlined" href={href(c, text === 'accounts.signing.unavailable' ? '/manage' : SIGNING_PATH)}>
        {text === 'accounts.signing.unavailable' ? t('accounts.nav.manage') : t('accounts.signing.back')}
      </a>
    </section>,
    { status: 404 },
  )
}

/** 403 `not_account_owner`: a pool admin may disable `name` but not do what only its owner does (`message`: removing, or the rest). */
function ownerOnly(c: Context<AccountsEnv>, name: string, message: 'accounts.signing.removeOwnerOnly' | 'accounts.signing.ownerOnly' = 'accounts.signing.removeOwnerOnly') {
  const t = c.get('t')
  return renderPage(
    c,
    t('accounts.signing.title'),
    <section className="card accounts__card" data-error-code="not_account_owner">
      <h1 className="card__title">{t('accounts.signing.title')}</h1>
      <p className="notice notice--error" role="alert">
        {t(message, { name })}
      </p>
      <a className="button button--outlined" href={href(c, SIGNING_PATH)}>
        {t('accounts.signing.back')}
      </a>
    </section>,
    { status: 403 },
  )
}

/** The account the actor may remove, or the answer instead: 404 when they cannot see it, 403 when they see it as a pool admin but do not own it. */
async function removable(c: Context<AccountsEnv>, pool: PoolManager, actor: PoolActor, id: string) {
  const account = await pool.get(actor, id)
  if (!account) return notice(c, 'accounts.signing.notFound')
  if (account.ownerUserId !== actor.userId) return ownerOnly(c, account.name)
  return account
}

/** The list page. */
async function listPage(c: Context<AccountsEnv>, pool: PoolManager, actor: PoolActor, state: SigningListState = {}, status: PageStatus = 200) {
  const accounts = await pool.list(actor)
  return renderPage(c, c.get('t')('accounts.signing.title'), <SigningListPage c={c} accounts={accounts} admin={actor.admin} viewerId={actor.userId} state={state} />, { status, actions: <SignOutButton c={c} /> })
}

/** The list page telling why a sign-in could not start (Microsoft's rate limit is a 429, the rest a 400). */
function startRefused(c: Context<AccountsEnv>, pool: PoolManager, actor: PoolActor, error: unknown, state: SigningListState = {}) {
  if (!(error instanceof PoolSignInError)) throw error
  return listPage(c, pool, actor, { ...state, error: c.get('t')(SIGN_IN_ERROR[error.code]) }, error.code === 'sign_in_rate_limited' ? 429 : 400)
}

/** Where a started sign-in is watched. */
const signInHref = (c: Context<AccountsEnv>, id: string, restore?: string) => href(c, `${SIGNING_PATH}/sign-in/${encodeURIComponent(id)}`, { restore })

/** The list after an action, with what it did. */
const doneRedirect = (c: Context<AccountsEnv>, done: SigningDone) => c.redirect(href(c, SIGNING_PATH, { done }), 303)

/** The one-step actions: what each calls and what the list then says. `fields` is the posted form. */
const ACTIONS: Record<string, (pool: PoolManager, actor: PoolActor, id: string, fields: Record<string, string>) => Promise<SigningDone | null>> = {
  pause: async (pool, actor, id) => ((await pool.pause(actor, id)) ? 'paused' : null),
  resume: async (pool, actor, id) => ((await pool.resume(actor, id)) ? 'resumed' : null),
  'restore-skin': async (pool, actor, id, f) => ((await pool.setRestoreSkin(actor, id, f.on === '1')) ? (f.on === '1' ? 'restoreOn' : 'restoreOff') : null),
  disable: async (pool, actor, id) => ((await pool.setDisabled(actor, id, true)) ? 'disabled' : null),
  enable: async (pool, actor, id) => ((await pool.setDisabled(actor, id, false)) ? 'enabled' : null),
}

/** Builds the `/signing-accounts` routes. */
export function signingAccountsRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get(SIGNING_PATH, async (c) => {
    const s = await signedIn(c, SIGNING_PATH)
    if (s instanceof Response) return s
    const done = c.req.query('done')
    return listPage(c, s.pool, s.actor, isSigningDone(done) ? { notice: c.get('t')(SIGNING_DONE[done]) } : {})
  })

  // Add: the consent box must be ticked; then Microsoft's device code is asked for and shown.
  app.post(SIGNING_PATH, async (c) => {
    const s = await signedIn(c, SIGNING_PATH)
    if (s instanceof Response) return s
    const f = await formFields(c)
    const restore = f.restore === '1'
    if (f.agree !== '1') return listPage(c, s.pool, s.actor, { error: c.get('t')('accounts.signing.agreeMissing'), restore }, 400)
    try {
      const view = await s.pool.startSignIn(s.actor, {})
      return c.redirect(signInHref(c, view.id, restore ? '1' : '0'), 303)
    } catch (e) {
      return startRefused(c, s.pool, s.actor, e, { restore })
    }
  })

  app.post(`${SIGNING_PATH}/:id/renew`, async (c) => {
    const s = await signedIn(c, SIGNING_PATH)
    if (s instanceof Response) return s
    const id = c.req.param('id')
    const account = await s.pool.get(s.actor, id)
    if (!account) return notice(c, 'accounts.signing.notFound')
    // A new sign-in is the owner's to give (pool-manager.ts refuses anyone else too).
    if (account.ownerUserId !== s.actor.userId) return ownerOnly(c, account.name, 'accounts.signing.ownerOnly')
    try {
      const view = await s.pool.startSignIn(s.actor, { renewAccountId: id })
      return c.redirect(signInHref(c, view.id), 303)
    } catch (e) {
      return startRefused(c, s.pool, s.actor, e)
    }
  })

  // The waiting page: each view (its own refresh, or "check now") asks the manager, which polls
  // Microsoft only when the interval is due.
  app.get(`${SIGNING_PATH}/sign-in/:id`, async (c) => {
    const s = await signedIn(c, SIGNING_PATH)
    if (s instanceof Response) return s
    let view = await s.pool.checkSignIn(s.actor, c.req.param('id'))
    if (!view) return notice(c, 'accounts.signing.signIn.notFound')
    const t = c.get('t')
    const restore = c.req.query('restore')
    // The add form's "put my own skin back" applies once the account exists (a new account starts without it).
    if (view.status === 'done' && view.account && !view.renewAccountId && (restore === '1' || restore === '0') && view.account.restoreSkin !== (restore === '1')) {
      if (await s.pool.setRestoreSkin(s.actor, view.account.id, restore === '1')) view = { ...view, account: { ...view.account, restoreSkin: restore === '1' } }
    }
    const renewName = view.renewAccountId ? (await s.pool.get(s.actor, view.renewAccountId))?.name : undefined
    const title =
      view.status === 'failed'
        ? t('accounts.signing.signIn.failedTitle')
        : view.status === 'done'
          ? t(view.renewAccountId ? 'accounts.signing.signIn.renewedTitle' : 'accounts.signing.signIn.doneTitle')
          : renewName
            ? t('accounts.signing.signIn.renewTitle', { name: renewName })
            : t('accounts.signing.signIn.title')
    return renderPage(c, title, <SignInPage c={c} view={view} renewName={renewName} restore={restore === '1' || restore === '0' ? restore : undefined} />, { actions: <SignOutButton c={c} /> })
  })

  // Removing deletes the tokens at once: the list links here, and only this page's form removes.
  app.get(`${SIGNING_PATH}/:id/remove`, async (c) => {
    const s = await signedIn(c, SIGNING_PATH)
    if (s instanceof Response) return s
    const account = await removable(c, s.pool, s.actor, c.req.param('id'))
    if (account instanceof Response) return account
    return renderPage(c, c.get('t')('accounts.signing.removeTitle', { name: account.name }), <RemoveSigningPage c={c} account={account} />, { actions: <SignOutButton c={c} /> })
  })

  app.post(`${SIGNING_PATH}/:id/remove`, async (c) => {
    const s = await signedIn(c, SIGNING_PATH)
    if (s instanceof Response) return s
    const id = c.req.param('id')
    const f = await formFields(c)
    const account = await removable(c, s.pool, s.actor, id)
    if (account instanceof Response) return account
    if (f.confirm !== '1') return c.redirect(href(c, `${SIGNING_PATH}/${encodeURIComponent(id)}/remove`), 303)
    // The manager refuses a non-owner too (pool-manager.ts), should the account change hands meanwhile.
    if (!(await s.pool.remove(s.actor, id))) return notice(c, 'accounts.signing.notFound')
    return doneRedirect(c, 'removed')
  })

  app.post(`${SIGNING_PATH}/:id/:action{pause|resume|restore-skin|disable|enable}`, async (c) => {
    const s = await signedIn(c, SIGNING_PATH)
    if (s instanceof Response) return s
    const action = ACTIONS[c.req.param('action')]!
    const id = c.req.param('id')
    const done = await action(s.pool, s.actor, id, await formFields(c))
    if (done) return doneRedirect(c, done)
    // Refused: an account a pool admin sees but whose owner alone may do this, else one they cannot see.
    const account = await s.pool.get(s.actor, id)
    return account && account.ownerUserId !== s.actor.userId ? ownerOnly(c, account.name, 'accounts.signing.ownerOnly') : notice(c, 'accounts.signing.notFound')
  })

  return app
}

/** Registers the signing-account routes (route registry, ./index.ts). */
export const registerSigningAccountRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', signingAccountsRoutes())
}
