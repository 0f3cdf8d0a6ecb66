/**
 * `GET /manage` and its three POST forms (issue 9 point 1). Signed-out visitors go to sign-in with a
 * redirect back here. Successful changes redirect (303) so a reload does not resend the form.
 * @module
 */
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { and, eq, ne } from 'drizzle-orm'
import { accountSessions, users } from '../../api/store/schema'
import { formFields, href } from '../context'
import type { AccountUser } from '../current-user'
import { requireUser } from '../require-user'
import type { AccountsEnv } from '../env'
import { ManagePage, type ManageState } from '../render/manage-page'
import { renderPage } from '../render/shell'
import { avatarPath } from '../services/avatar-url'
import { deleteAccount } from '../services/delete-account'
import { clearCookies, hashToken, REFRESH_COOKIE, signInCookies } from '../services/tokens'
import { isEmail, normaliseEmail, passwordProblem, userByEmail, userById } from '../services/users'
import { SignOutButton } from '../render/sign-out-button'
import { managePageLinks } from './manage-links'
import { PASSWORD_PROBLEM } from '../labels'

/** Renders the page for `user`. */
function managePage(c: Context<AccountsEnv>, user: AccountUser, state: ManageState, status: 200 | 400 | 401 | 409 = 200) {
  const t = c.get('t')
  const links = managePageLinks.map((l) => ({ href: href(c, l.path), label: t(l.label) }))
  return renderPage(
    c,
    t('accounts.manage.title'),
    <ManagePage t={t} user={user} locale={c.get('locale')} avatar={avatarPath(c.get('deps'), user.id)} actions={{ profile: href(c, '/manage/profile'), password: href(c, '/manage/password'), remove: href(c, '/manage/delete') }} state={state} extraLinks={links} />,
    { status, actions: <SignOutButton c={c} /> },
  )
}

/** Re-issues the cookies after a profile change (the web token carries email and name). */
async function reissue(c: Context<AccountsEnv>, userId: string) {
  const refresh = getCookie(c, REFRESH_COOKIE)
  const user = userById(c.get('deps'), userId)
  if (!refresh || !user) return
  for (const value of await signInCookies(c.get('deps'), user, refresh, c.get('origin'))) c.header('Set-Cookie', value, { append: true })
}

/** Registers the manage-account routes. */
export function registerManageRoutes(app: Hono<AccountsEnv>) {
  app.get('/manage', async (c) => {
    const user = await requireUser(c)
    if (user instanceof Response) return user
    const done = c.req.query('done')
    return managePage(c, user, { profile: { done: done === 'profile' }, password: { done: done === 'password' } })
  })

  app.post('/manage/profile', async (c) => {
    const user = await requireUser(c)
    if (user instanceof Response) return user
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await formFields(c)
    const email = normaliseEmail(form.email ?? '')
    const name = (form.name ?? '').trim()
    const profile = { email, name }
    if (!isEmail(email)) return managePage(c, user, { profile: { ...profile, error: { email: t('accounts.errors.email_invalid') } } }, 400)
    if (name.length > 64) return managePage(c, user, { profile: { ...profile, error: { name: t('accounts.errors.name_long') } } }, 400)
    const other = userByEmail(deps, email)
    if (other && other.id !== user.id) return managePage(c, user, { profile: { ...profile, error: { email: t('accounts.errors.email_taken') } } }, 409)
    deps.db.update(users).set({ email, name: name || null, updatedAt: (deps.now ?? Date.now)() }).where(eq(users.id, user.id)).run()
    await reissue(c, user.id)
    return c.redirect(href(c, '/manage', { done: 'profile' }), 303)
  })

  app.post('/manage/password', async (c) => {
    const user = await requireUser(c)
    if (user instanceof Response) return user
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await formFields(c)
    const current = (form.current ?? '').slice(0, 200)
    const next = form.next ?? ''
    if (!user.passwordHash || !(await Bun.password.verify(current, user.passwordHash))) {
      return managePage(c, user, { password: { error: { current: t('accounts.errors.wrong_current_password') } } }, 401)
    }
    const problem = passwordProblem(next, user.email ?? '')
    if (problem) return managePage(c, user, { password: { error: { next: t(PASSWORD_PROBLEM[problem]) } } }, 400)
    const now = (deps.now ?? Date.now)()
    deps.db.update(users).set({ passwordHash: await Bun.password.hash(next, { algorithm: 'argon2id' }), updatedAt: now }).where(eq(users.id, user.id)).run()
    // A changed password signs out every other session (a stolen session ends with it).
    const refresh = getCookie(c, REFRESH_COOKIE)
    const keep = refresh ? hashToken(refresh) : ''
    deps.db.update(accountSessions).set({ revokedAt: now }).where(and(eq(accountSessions.userId, user.id), ne(accountSessions.tokenHash, keep))).run()
    return c.redirect(href(c, '/manage', { done: 'password' }), 303)
  })

  app.post('/manage/delete', async (c) => {
    const user = await requireUser(c)
    if (user instanceof Response) return user
    const t = c.get('t')
    const form = await formFields(c)
    if (!user.email || normaliseEmail(form.confirm ?? '') !== user.email) {
      return managePage(c, user, { remove: { error: t('accounts.errors.confirm_mismatch') } }, 400)
    }
    deleteAccount(c.get('deps'), user)
    for (const value of clearCookies(c.get('deps'))) c.header('Set-Cookie', value, { append: true })
    const appUrl = new URL(c.get('deps').appOrigin).origin + '/'
    return renderPage(
      c,
      t('accounts.deleted.title'),
      <section className="card accounts__card">
        <h1 className="card__title">{t('accounts.deleted.title')}</h1>
        <p>{t('accounts.deleted.text')}</p>
        <a className="button button--primary" href={appUrl}>{t('accounts.backToApp')}</a>
      </section>,
    )
  })
}
