/**
 * The links that confirm an address (docs/operations.md, "Account security"), `GET|POST /verify`. The GET only shows what
 * the link will do; the POST does it, so a mail scanner that fetches links changes nothing.
 * - A sign-up link opens "choose your password": the account is made — address confirmed, the
 *   password its reader chose — and signed in only when that form is sent, and the link is spent.
 *   Whoever asked for the link never had a password, so only the mailbox's reader can sign in,
 *   whichever of several sign-up mails they open; the other sign-up links of the address then die.
 * - A new-address link takes effect only in a browser signed in to the account that asked for it: it
 *   proves the reader of the new mailbox is that account's owner. Anywhere else it changes nothing,
 *   says so and stays usable. An address in ADMIN_EMAILS is never moved onto an account (it becomes
 *   an account's address only by signing up with it).
 * Pages that carry a token in their URL send no Referer to other sites.
 * @module
 */
import type { Context, Hono } from 'hono'
import { href } from '../context'
import { currentSession } from '../current-user'
import type { AccountsEnv } from '../env'
import { PASSWORD_PROBLEM } from '../labels'
import { ChoosePasswordForm, ConfirmLinkForm, NoticeCard } from '../render/recovery-forms'
import { renderPage, type PageStatus } from '../render/shell'
import { cancelAddressLinks, peekLink, useLink, type AccountLink } from '../services/account-links'
import { confirmEmailChange } from '../services/email-change'
import { signInCookies } from '../services/tokens'
import { createUser, hashPassword, passwordProblem, userByEmail } from '../services/users'
import { signIn } from './auth'
import { deadLink, linkForm, messagePage, sameOriginReferrer } from './link-pages'
import { proofProps } from './proof'

/** What a sign-up link carries until it is used (links mailed before passwords were chosen here carry more, unused). */
interface SignUpPayload {
  redirect?: string | null
}

const payloadOf = (link: AccountLink): SignUpPayload => {
  try {
    return (JSON.parse(link.payload ?? '{}') as SignUpPayload) ?? {}
  } catch {
    return {}
  }
}

/** "You already have an account": the answer of a sign-up link once its address has one (told only to the mailbox's reader). */
const accountExists = (c: Context<AccountsEnv>, email: string, status: PageStatus) => {
  const t = c.get('t')
  return messagePage(c, t('accounts.choose.existsTitle'), t('accounts.choose.exists', { email }), status, [
    { href: href(c, '/'), label: t('accounts.signUp.signInLink') },
    { href: href(c, '/forgot'), label: t('accounts.signIn.forgot') },
  ])
}

/** The choose-password page of sign-up link `token`. */
const choosePage = (c: Context<AccountsEnv>, token: string, email: string, state: { name?: string; errors?: Partial<Record<'password' | 'name', string>> } = {}, status: PageStatus = 200) =>
  renderPage(c, c.get('t')('accounts.choose.title'), <ChoosePasswordForm t={c.get('t')} action={href(c, '/verify')} token={token} email={email} proof={proofProps(c)} {...state} />, { status, proof: true })

/**
 * The answer to a new-address link opened where the account that asked is not signed in: nothing
 * changes; signed out, the page offers to sign in and come back to the link.
 */
const notThisBrowser = (c: Context<AccountsEnv>, token: string, signedIn: boolean, status: PageStatus) => {
  const t = c.get('t')
  const back = href(c, '/verify', { token })
  const links = signedIn ? [{ href: href(c, '/manage'), label: t('accounts.nav.manage') }] : [{ href: href(c, '/', { redirect: back }), label: t('accounts.signUp.signInLink') }]
  return messagePage(c, t('accounts.verify.title'), t(signedIn ? 'accounts.verify.otherAccount' : 'accounts.verify.signInFirst'), status, links)
}

/** Registers `GET|POST /verify`. */
export function registerVerifyRoutes(app: Hono<AccountsEnv>) {
  app.get('/verify', async (c) => {
    sameOriginReferrer(c)
    const t = c.get('t')
    const token = c.req.query('token')
    const deps = c.get('deps')
    if (!token) return deadLink(c)
    const signup = await peekLink(deps, 'signup', token)
    if (signup) return (await userByEmail(deps, signup.email)) ? accountExists(c, signup.email, 200) : choosePage(c, token, signup.email)
    const change = await peekLink(deps, 'email_change', token)
    if (!change) return deadLink(c)
    const live = await currentSession(c)
    if (!live || live.user.id !== change.userId) return notThisBrowser(c, token, live !== undefined, 200)
    return renderPage(c, t('accounts.verify.title'), <ConfirmLinkForm title={t('accounts.verify.title')} text={t('accounts.verify.emailText', { email: change.email })} action={href(c, '/verify')} token={token} submit={t('accounts.verify.emailSubmit')} />)
  })

  app.post('/verify', async (c) => {
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await linkForm(c, 'accounts.verify.title')
    if (form instanceof Response) return form
    const token = form.token ?? ''
    const signup = await peekLink(deps, 'signup', token)
    if (signup) {
      if (await userByEmail(deps, signup.email)) return accountExists(c, signup.email, 409)
      const name = (form.name ?? '').trim()
      if (name.length > 64) return choosePage(c, token, signup.email, { name, errors: { name: t('accounts.errors.name_long') } }, 400)
      // A weak password is refused before the link is spent, so the reader can choose another.
      const problem = passwordProblem(form.password ?? '', signup.email)
      if (problem) return choosePage(c, token, signup.email, { name, errors: { password: t(PASSWORD_PROBLEM[problem]) } }, 400)
      const passwordHash = await hashPassword(form.password!)
      if (!(await useLink(deps, 'signup', token))) return deadLink(c)
      const user = await createUser(deps, { email: signup.email, name, passwordHash })
      if (!user) return accountExists(c, signup.email, 409)
      await cancelAddressLinks(deps, signup.email, 'signup')
      return signIn(c, user, payloadOf(signup).redirect ?? href(c, '/manage', { done: 'welcome' }))
    }
    const change = await peekLink(deps, 'email_change', token)
    if (!change?.userId) return deadLink(c)
    // Only the account that asked, signed in here, may use it; the link stays live for that browser.
    const live = await currentSession(c)
    if (!live || live.user.id !== change.userId) return notThisBrowser(c, token, live !== undefined, 403)
    if (!(await useLink(deps, 'email_change', token))) return deadLink(c)
    const outcome = await confirmEmailChange(deps, change.userId, change.email)
    if (outcome === 'taken') return messagePage(c, t('accounts.verify.title'), t('accounts.errors.email_taken'), 409)
    if (outcome === 'reserved') return messagePage(c, t('accounts.verify.title'), t('accounts.verify.reserved'), 409, [{ href: href(c, '/manage'), label: t('accounts.nav.manage') }])
    if (outcome === 'gone') return deadLink(c)
    // The web cookie shows the address: re-issue it for the new one.
    for (const value of await signInCookies(deps, { ...live.user, email: change.email }, live.session, c.get('origin'))) c.header('Set-Cookie', value, { append: true })
    return c.redirect(href(c, '/manage', { done: 'email' }), 303)
  })
}
