/**
 * Mailed links and recovery (issue 26 point 9):
 * - `GET|POST /verify`: a sign-up link makes the account and signs in; an e-mail-change link moves
 *   the account to the confirmed address. The GET only shows what the link will do; the POST uses
 *   it, so a mail scanner that fetches links changes nothing.
 * - `GET|POST /forgot`: asks for a reset link; the answer is the same for every address, and a link
 *   is only mailed to an account's confirmed address.
 * - `GET|POST /reset`: a live reset link sets a new password, ends every session (and, unless kept,
 *   every API key) and signs in afresh. Links are single-use and a reset link lives 30 minutes.
 * Pages that carry a token in their URL send no Referer to other sites.
 * @module
 */
import type { Context, Hono } from 'hono'
import { formFields, href, publicHref } from '../context'
import { currentSession } from '../current-user'
import type { MessageKey } from '../../shared/i18n/translator'
import type { AccountsEnv } from '../env'
import { PASSWORD_PROBLEM } from '../labels'
import { sendAccountMail } from '../mail/send-account-mail'
import { ConfirmLinkForm, ForgotForm, NoticeCard, ResetForm } from '../render/recovery-forms'
import { renderPage, type PageStatus } from '../render/shell'
import { issueLink, LINK_TTL_MS, peekLink, useLink, type AccountLink } from '../services/account-links'
import { confirmEmailChange } from '../services/email-change'
import { replacePassword } from '../services/credential-change'
import { signInCookies } from '../services/tokens'
import { createUser, hashPassword, isEmail, normaliseEmail, passwordProblem, userByEmail, userById } from '../services/users'
import { addressCheck, gateRequest, refusal } from '../throttle/request-gate'
import { RULES } from '../throttle/rules'
import { inboxPage, signIn } from './auth'
import { proofProps } from './proof'

/** What a sign-up link carries until it is used. */
interface SignUpPayload {
  name: string
  passwordHash: string
  redirect: string | null
}

/** The page for a link that is unknown, used, cancelled or expired. */
const deadLink = (c: Context<AccountsEnv>, status: PageStatus = 410) => {
  const t = c.get('t')
  return renderPage(c, t('accounts.links.deadTitle'), <NoticeCard title={t('accounts.links.deadTitle')} text={t('accounts.links.dead')} link={{ href: href(c, '/forgot'), label: t('accounts.links.newReset') }} />, { status })
}

/** A page with one message (taken address, locked account, throttled). */
const messagePage = (c: Context<AccountsEnv>, title: string, text: string, status: PageStatus) => renderPage(c, title, <NoticeCard title={title} text={text} link={{ href: href(c, '/'), label: c.get('t')('accounts.signUp.signInLink') }} />, { status })

/**
 * Tokens in URLs must not travel to another site in a Referer. `same-origin`, not `no-referrer`:
 * under `no-referrer` Chromium sends `Origin: null` with the page's own form post, which the CSRF
 * check rightly refuses.
 */
const sameOriginReferrer = (c: Context<AccountsEnv>) => c.header('Referrer-Policy', 'same-origin')

/** The form of a POST that uses a link, once the address's link uses are counted; else the page refusing it. */
async function linkForm(c: Context<AccountsEnv>, title: MessageKey): Promise<Record<string, string> | Response> {
  sameOriginReferrer(c)
  const form = await formFields(c)
  const attempt = await gateRequest(c, addressCheck(c, RULES.linkAddress), form)
  return attempt.ok ? form : messagePage(c, c.get('t')(title), refusal(c, attempt).message, 429)
}

/** The live, not-locked owner of a reset link, or undefined. */
const resetOwner = async (c: Context<AccountsEnv>, link: AccountLink | undefined) => {
  const user = link?.userId ? await userById(c.get('deps'), link.userId) : undefined
  return user && user.lockedAt === null && user.email === link?.email ? user : undefined
}

/** Registers the link and recovery routes. */
export function registerLinkRoutes(app: Hono<AccountsEnv>) {
  app.get('/verify', async (c) => {
    sameOriginReferrer(c)
    const t = c.get('t')
    const token = c.req.query('token')
    const deps = c.get('deps')
    const signup = await peekLink(deps, 'signup', token)
    const change = signup ? undefined : await peekLink(deps, 'email_change', token)
    const link = signup ?? change
    if (!link || !token) return deadLink(c)
    const text = signup ? t('accounts.verify.signupText', { email: link.email }) : t('accounts.verify.emailText', { email: link.email })
    const submit = signup ? t('accounts.verify.signupSubmit') : t('accounts.verify.emailSubmit')
    return renderPage(c, t('accounts.verify.title'), <ConfirmLinkForm title={t('accounts.verify.title')} text={text} action={href(c, '/verify')} token={token} submit={submit} />)
  })

  app.post('/verify', async (c) => {
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await linkForm(c, 'accounts.verify.title')
    if (form instanceof Response) return form
    const signup = await useLink(deps, 'signup', form.token)
    if (signup) {
      const payload = JSON.parse(signup.payload ?? '{}') as SignUpPayload
      const user = await createUser(deps, { email: signup.email, name: payload.name ?? '', passwordHash: payload.passwordHash })
      if (!user) return messagePage(c, t('accounts.verify.title'), t('accounts.errors.email_taken'), 409)
      return signIn(c, user, payload.redirect ?? href(c, '/manage', { done: 'welcome' }))
    }
    const change = await useLink(deps, 'email_change', form.token)
    if (!change?.userId) return deadLink(c)
    const outcome = await confirmEmailChange(deps, change.userId, change.email)
    if (outcome === 'taken') return messagePage(c, t('accounts.verify.title'), t('accounts.errors.email_taken'), 409)
    if (outcome === 'gone') return deadLink(c)
    // The web cookie shows the address: re-issue it when the confirming browser is signed in as this user.
    const live = await currentSession(c)
    if (live && live.user.id === change.userId) for (const value of await signInCookies(deps, { ...live.user, email: change.email }, live.session, c.get('origin'))) c.header('Set-Cookie', value, { append: true })
    return c.redirect(href(c, '/manage', { done: 'email' }), 303)
  })

  const forgotPage = (c: Context<AccountsEnv>, state: { email?: string; error?: string } = {}, status: PageStatus = 200) =>
    renderPage(c, c.get('t')('accounts.forgot.title'), <ForgotForm t={c.get('t')} action={href(c, '/forgot')} backHref={href(c, '/')} proof={proofProps(c)} {...state} />, { status, proof: true })

  app.get('/forgot', (c) => forgotPage(c))

  app.post('/forgot', async (c) => {
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await formFields(c)
    const email = normaliseEmail(form.email ?? '')
    if (!isEmail(email)) return forgotPage(c, { email, error: t('accounts.errors.email_invalid') }, 400)
    const attempt = await gateRequest(c, addressCheck(c, RULES.recoveryAddress), form)
    if (!attempt.ok) {
      const refused = refusal(c, attempt)
      return forgotPage(c, { email, error: refused.message }, refused.status)
    }
    const user = await userByEmail(deps, email)
    // Only a confirmed address of an account that is not locked receives a reset (issue 26 point 9).
    if (user && user.emailVerifiedAt !== null && user.lockedAt === null) {
      const token = await issueLink(deps, { kind: 'reset', email, userId: user.id })
      await sendAccountMail(c, email, { kind: 'reset', link: publicHref(c, '/reset', { token }), minutes: LINK_TTL_MS.reset / 60_000 })
    }
    return inboxPage(c, t('accounts.forgot.sentTitle'), t('accounts.forgot.sent', { email, minutes: LINK_TTL_MS.reset / 60_000 }))
  })

  const resetPage = (c: Context<AccountsEnv>, token: string, email: string, error?: string, status: PageStatus = 200) =>
    renderPage(c, c.get('t')('accounts.reset.title'), <ResetForm t={c.get('t')} action={href(c, '/reset')} token={token} email={email} proof={proofProps(c)} error={error} />, { status, proof: true })

  app.get('/reset', async (c) => {
    sameOriginReferrer(c)
    const token = c.req.query('token')
    const link = await peekLink(c.get('deps'), 'reset', token)
    const user = await resetOwner(c, link)
    return user && token ? resetPage(c, token, user.email!) : deadLink(c)
  })

  app.post('/reset', async (c) => {
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await linkForm(c, 'accounts.reset.title')
    if (form instanceof Response) return form
    const token = form.token ?? ''
    const user = await resetOwner(c, await peekLink(deps, 'reset', token))
    if (!user) return deadLink(c)
    // A weak password is refused before the link is used, so it can be tried again.
    const problem = passwordProblem(form.password ?? '', user.email ?? '')
    if (problem) return resetPage(c, token, user.email!, t(PASSWORD_PROBLEM[problem]), 400)
    const passwordHash = await hashPassword(form.password!)
    if (!(await useLink(deps, 'reset', token))) return deadLink(c)
    await replacePassword(deps, user, passwordHash, { keepKeys: form.keep_keys === '1' })
    await sendAccountMail(c, user.email!, { kind: 'passwordChanged', resetLink: publicHref(c, '/forgot') })
    return signIn(c, user, href(c, '/manage', { done: 'reset' }))
  })
}
