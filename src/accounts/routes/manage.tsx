/**
 * `GET /manage` and its POST forms. Signed-out visitors go
 * to sign-in with a redirect back here. Successful changes redirect (303) so a reload does not resend
 * the form. Changing the password or the e-mail address and deleting the account each ask for the
 * current password, checked through the throttle gate like a sign-in, so a session left open (or
 * stolen) cannot do them. A new password ends every other session and (unless kept) the API keys; a
 * new e-mail address takes effect once the link mailed to it is opened in a browser signed in to
 * this account (routes/verify.tsx); an ADMIN_EMAILS address is never moved onto an account.
 * @module
 */
import type { Context, Hono } from 'hono'
import { eq } from 'drizzle-orm'
import { users } from '../../api/store/schema'
import { formFields, href, publicHref } from '../context'
import { currentSession, type AccountUser } from '../current-user'
import type { AccountsEnv } from '../env'
import { PASSWORD_PROBLEM } from '../labels'
import type { AccountMail } from '../mail/messages'
import { sendAccountMail } from '../mail/send-account-mail'
import { ManagePage, type ManageDone, type ManageState } from '../render/manage-page'
import { renderPage, type PageStatus } from '../render/shell'
import { SignOutButton } from '../render/sign-out-button'
import { issueLink, LINK_TTL_MS, pendingEmailChange } from '../services/account-links'
import { avatarPath } from '../services/avatar-url'
import { forgetAccountCounters, replacePassword } from '../services/credential-change'
import { deleteAccount } from '../services/delete-account'
import { isReservedAddress } from '../services/email-change'
import { clearCookies, signInCookies, type OpenSession } from '../services/tokens'
import { passwords } from '../services/passwords'
import { hashPassword, isEmail, normaliseEmail, passwordProblem, userById } from '../services/users'
import { gateRequest, passwordChecks, refusal } from '../throttle/request-gate'
import { managePageLinks } from './manage-links'
import { proofProps } from './proof'

const DONE: readonly ManageDone[] = ['profile', 'password', 'passwordKeys', 'email', 'emailSent', 'welcome', 'reset']

/** Renders the page for `user`. */
async function managePage(c: Context<AccountsEnv>, user: AccountUser, state: ManageState, status: PageStatus = 200) {
  const t = c.get('t')
  const links = managePageLinks.map((l) => ({ href: href(c, l.path), label: t(l.label) }))
  const pending = await pendingEmailChange(c.get('deps'), user.id)
  // A refused deletion answers with this page: the form's anchor opens it at the deletion card, where the error is.
  const actions = { profile: href(c, '/manage/profile'), password: href(c, '/manage/password'), remove: `${href(c, '/manage/delete')}#delete-title`, confirm: href(c, '/manage/confirm-email') }
  return renderPage(
    c,
    t('accounts.manage.title'),
    <ManagePage t={t} user={user} locale={c.get('locale')} avatar={avatarPath(c.get('deps'), user.id)} actions={actions} proof={proofProps(c)} pendingEmail={pending} state={state} extraLinks={links} />,
    { status, actions: <SignOutButton c={c} />, proof: true },
  )
}

/** The signed-in session, or a 303 to sign-in that comes back to /manage. */
async function requireSession(c: Context<AccountsEnv>): Promise<{ user: AccountUser; session: OpenSession } | Response> {
  return (await currentSession(c)) ?? c.redirect(href(c, '/', { redirect: href(c, '/manage') }), 303)
}

/** Re-issues the cookies after a change the web token shows (name, e-mail). */
async function reissue(c: Context<AccountsEnv>, userId: string, session: OpenSession) {
  const user = await userById(c.get('deps'), userId)
  if (!user) return
  for (const value of await signInCookies(c.get('deps'), user, session, c.get('origin'))) c.header('Set-Cookie', value, { append: true })
}

/** Checks `user`'s current password through the throttle gate: undefined when right, else the page to answer. */
async function checkCurrentPassword(c: Context<AccountsEnv>, user: AccountUser, form: Record<string, string>, field: 'profile' | 'password' | 'remove', keep: ManageState = {}): Promise<Response | undefined> {
  const t = c.get('t')
  const attempt = await gateRequest(c, passwordChecks(c, user.email ?? user.id), form)
  if (!attempt.ok) {
    const refused = refusal(c, attempt)
    return managePage(c, user, { ...keep, [field]: { ...keep[field], error: { current: refused.message } } }, refused.status)
  }
  const current = (form.current ?? '').slice(0, 200)
  if (!user.passwordHash || !(await passwords.verify(current, user.passwordHash))) {
    return managePage(c, user, { ...keep, [field]: { ...keep[field], error: { current: t('accounts.errors.wrong_current_password') } } }, 401)
  }
  await attempt.succeeded()
  return undefined
}

/** Registers the manage-account routes. */
export function registerManageRoutes(app: Hono<AccountsEnv>) {
  app.get('/manage', async (c) => {
    const live = await requireSession(c)
    if (live instanceof Response) return live
    const done = DONE.find((d) => d === c.req.query('done'))
    return managePage(c, live.user, { done })
  })

  app.post('/manage/profile', async (c) => {
    const live = await requireSession(c)
    if (live instanceof Response) return live
    const { user } = live
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await formFields(c)
    const email = normaliseEmail(form.email ?? '')
    const name = (form.name ?? '').trim()
    const profile = { email, name }
    if (!isEmail(email)) return managePage(c, user, { profile: { ...profile, error: { email: t('accounts.errors.email_invalid') } } }, 400)
    if (name.length > 64) return managePage(c, user, { profile: { ...profile, error: { name: t('accounts.errors.name_long') } } }, 400)
    const changesEmail = email !== user.email
    // A stolen session must not be able to move the account to another inbox (and then reset it).
    if (changesEmail) {
      if (!form.current) return managePage(c, user, { profile: { ...profile, error: { current: t('accounts.errors.current_password_needed') } } }, 400)
      const refused = await checkCurrentPassword(c, user, form, 'profile')
      if (refused) return refused
    }
    await deps.db.update(users).set({ name: name || null, updatedAt: (deps.now ?? Date.now)() }).where(eq(users.id, user.id)).run()
    await reissue(c, user.id, live.session)
    if (!changesEmail) return c.redirect(href(c, '/manage', { done: 'profile' }), 303)
    // The same answer (and pending change) whether or not the address is another account's or an
    // operator's; confirming tells. An ADMIN_EMAILS address is never sent the link (using it would be
    // refused), only the way to sign up with it.
    const token = await issueLink(deps, { kind: 'email_change', email, userId: user.id })
    const mail: AccountMail = isReservedAddress(deps, email)
      ? { kind: 'emailChangeReserved', signUpLink: publicHref(c, '/sign-up') }
      : { kind: 'emailChange', link: publicHref(c, '/verify', { token }), hours: LINK_TTL_MS.email_change / 3_600_000 }
    await sendAccountMail(c, email, mail)
    if (user.email && user.emailVerifiedAt !== null) await sendAccountMail(c, user.email, { kind: 'emailChangeNotice', email, resetLink: publicHref(c, '/forgot') })
    return c.redirect(href(c, '/manage', { done: 'emailSent' }), 303)
  })

  app.post('/manage/confirm-email', async (c) => {
    const live = await requireSession(c)
    if (live instanceof Response) return live
    const { user } = live
    await formFields(c)
    // Accounts from before confirmation existed confirm their current address the same way.
    if (user.email && user.emailVerifiedAt === null) {
      const token = await issueLink(c.get('deps'), { kind: 'email_change', email: user.email, userId: user.id })
      await sendAccountMail(c, user.email, { kind: 'emailChange', link: publicHref(c, '/verify', { token }), hours: LINK_TTL_MS.email_change / 3_600_000 })
    }
    return c.redirect(href(c, '/manage', { done: 'emailSent' }), 303)
  })

  app.post('/manage/password', async (c) => {
    const live = await requireSession(c)
    if (live instanceof Response) return live
    const { user } = live
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await formFields(c)
    const refused = await checkCurrentPassword(c, user, form, 'password')
    if (refused) return refused
    const next = form.next ?? ''
    const problem = passwordProblem(next, user.email ?? '')
    if (problem) return managePage(c, user, { password: { error: { next: t(PASSWORD_PROBLEM[problem]) } } }, 400)
    const keepKeys = form.keep_keys === '1'
    await replacePassword(deps, user, await hashPassword(next), { keepSessionId: live.session.id, keepKeys })
    if (user.email) await sendAccountMail(c, user.email, { kind: 'passwordChanged', resetLink: publicHref(c, '/forgot') })
    return c.redirect(href(c, '/manage', { done: keepKeys ? 'password' : 'passwordKeys' }), 303)
  })

  app.post('/manage/delete', async (c) => {
    const live = await requireSession(c)
    if (live instanceof Response) return live
    const { user } = live
    const t = c.get('t')
    const form = await formFields(c)
    const confirm = (form.confirm ?? '').slice(0, 254)
    if (!user.email || normaliseEmail(confirm) !== user.email) {
      return managePage(c, user, { remove: { confirm, error: { confirm: t('accounts.errors.confirm_mismatch') } } }, 400)
    }
    // Like a new password or address: a session left open must not be enough to delete everything.
    const refused = await checkCurrentPassword(c, user, form, 'remove', { remove: { confirm } })
    if (refused) return refused
    await deleteAccount(c.get('deps'), user)
    await forgetAccountCounters(c.get('deps'), user.email)
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
