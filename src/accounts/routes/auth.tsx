/**
 * Sign in, sign up and sign out (SPEC §2 sign-in; docs/operations.md "Account security"):
 * forms at `/` (alias `/sign-in`) and `/sign-up`, POST handlers with clear translated errors, and
 * `POST /sign-out` that revokes the session (and with it every API token minted from it) and clears
 * every cookie. Every credential attempt passes the throttle gate before a password is checked.
 * Sign-up asks for the e-mail address only: no password exists until the owner of the mailbox opens
 * the mailed link and chooses one there (routes/verify.tsx), so a sign-up someone else made for an
 * address can never be used to sign in. It answers the same, with the same work, for new and taken
 * addresses; a taken one is mailed "you already have an account" with a reset link. `redirect` is
 * honoured only for allowed origins.
 * @module
 */
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { formFields, href, publicHref, redirectTarget } from '../context'
import { currentSession } from '../current-user'
import type { AccountsEnv } from '../env'
import { sendAccountMail } from '../mail/send-account-mail'
import { SignInForm, SignUpForm, type AuthFormState } from '../render/auth-forms'
import { NoticeCard } from '../render/recovery-forms'
import { renderPage, type PageStatus } from '../render/shell'
import { issueLink, LINK_TTL_MS } from '../services/account-links'
import { issueResetLink } from '../services/reset-links'
import { clearCookies, createRefreshSession, REFRESH_COOKIE, revokeRefreshToken, signInCookies, type OpenSession, type TokenUser } from '../services/tokens'
import { isEmail, normaliseEmail, userByEmail, verifyPassword } from '../services/users'
import { addressCheck, gateRequest, passwordChecks, refusal } from '../throttle/request-gate'
import { RULES } from '../throttle/rules'
import { proofProps } from './proof'

const signInPage = (c: Context<AccountsEnv>, state: AuthFormState, status: PageStatus = 200) =>
  renderPage(
    c,
    c.get('t')('accounts.signIn.title'),
    <SignInForm t={c.get('t')} action={href(c, '/sign-in')} signUpHref={href(c, '/sign-up', { redirect: state.redirect })} forgotHref={href(c, '/forgot')} proof={proofProps(c)} state={state} />,
    { status, proof: true },
  )

const signUpPage = (c: Context<AccountsEnv>, state: AuthFormState, status: PageStatus = 200) =>
  renderPage(c, c.get('t')('accounts.signUp.title'), <SignUpForm t={c.get('t')} action={href(c, '/sign-up')} signInHref={href(c, '/', { redirect: state.redirect })} proof={proofProps(c)} state={state} />, { status, proof: true })

/** Signs `user` in: a new refresh session (or the live one) and the three cookies, then 303 to the target. */
export async function signIn(c: Context<AccountsEnv>, user: TokenUser, redirect: string | undefined, existing?: OpenSession) {
  const deps = c.get('deps')
  const session = existing ?? (await createRefreshSession(deps, user.id))
  for (const value of await signInCookies(deps, user, session, c.get('origin'))) c.header('Set-Cookie', value, { append: true })
  return c.redirect(redirect ?? href(c, '/manage'), 303)
}

/** Registers the sign-in, sign-up and sign-out routes. */
export function registerAuthRoutes(app: Hono<AccountsEnv>) {
  const showSignIn = async (c: Context<AccountsEnv>) => {
    const redirect = redirectTarget(c, c.req.query('redirect'))
    // Still signed in at the account site (the app only signed out locally, SPEC §2): re-issue the
    // cookies and go straight back.
    const live = await currentSession(c)
    if (live) {
      if (redirect) return signIn(c, live.user, redirect, live.session)
      return c.redirect(href(c, '/manage'), 303)
    }
    return signInPage(c, { redirect })
  }
  app.get('/', showSignIn)
  app.get('/sign-in', showSignIn)

  app.post('/sign-in', async (c) => {
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await formFields(c)
    const email = normaliseEmail(form.email ?? '')
    const redirect = redirectTarget(c, form.redirect)
    if (!isEmail(email)) return signInPage(c, { email, redirect, fieldErrors: { email: t('accounts.errors.email_invalid') } }, 400)
    // Reserved before the password is verified, so a burst cannot outrun the count.
    const attempt = await gateRequest(c, passwordChecks(c, email), form)
    if (!attempt.ok) {
      const refused = refusal(c, attempt)
      return signInPage(c, { email, redirect, error: refused.message }, refused.status)
    }
    const user = await verifyPassword(deps, email, (form.password ?? '').slice(0, 200))
    if (!user) return signInPage(c, { email, redirect, error: t('accounts.errors.wrong_password') }, 401)
    await attempt.succeeded()
    // Told only to someone who knows the password, so a lock reveals nothing to a guesser.
    if (user.lockedAt !== null) return signInPage(c, { email, redirect, error: t('accounts.errors.locked') }, 403)
    return signIn(c, user, redirect)
  })

  app.get('/sign-up', (c) => signUpPage(c, { redirect: redirectTarget(c, c.req.query('redirect')) }))

  app.post('/sign-up', async (c) => {
    const t = c.get('t')
    const deps = c.get('deps')
    const form = await formFields(c)
    const email = normaliseEmail(form.email ?? '')
    const state: AuthFormState = { email, redirect: redirectTarget(c, form.redirect) }
    if (!isEmail(email)) return signUpPage(c, { ...state, fieldErrors: { email: t('accounts.errors.email_invalid') } }, 400)
    const attempt = await gateRequest(c, addressCheck(c, RULES.signUpAddress), form)
    if (!attempt.ok) {
      const refused = refusal(c, attempt)
      return signUpPage(c, { ...state, error: refused.message }, refused.status)
    }
    // Both branches issue one link and queue one mail (sent after the answer): the answer is the same
    // page and takes as long whether or not the address has an account.
    const user = await userByEmail(deps, email)
    if (user) {
      const reset = await issueResetLink(deps, email, user)
      const resetLink = reset.live ? publicHref(c, '/reset', { token: reset.token }) : publicHref(c, '/forgot')
      await sendAccountMail(c, email, { kind: 'signupExists', signInLink: publicHref(c, '/sign-in'), resetLink })
    } else {
      const token = await issueLink(deps, { kind: 'signup', email, payload: { redirect: state.redirect ?? null } })
      await sendAccountMail(c, email, { kind: 'signup', link: publicHref(c, '/verify', { token }), hours: LINK_TTL_MS.signup / 3_600_000 })
    }
    return inboxPage(c, t('accounts.signUp.sentTitle'), t('accounts.signUp.sent', { email, hours: LINK_TTL_MS.signup / 3_600_000 }))
  })

  app.post('/sign-out', async (c) => {
    const deps = c.get('deps')
    const form = await formFields(c)
    await revokeRefreshToken(deps, getCookie(c, REFRESH_COOKIE))
    for (const value of clearCookies(deps)) c.header('Set-Cookie', value, { append: true })
    return c.redirect(redirectTarget(c, form.redirect ?? c.req.query('redirect')) ?? href(c, '/'), 303)
  })
}

/**
 * "Check your inbox": the one answer to a sign-up or a reset request, whatever the address. Names
 * the server log when no mail server is configured, so a self-hoster knows where the link went.
 */
export function inboxPage(c: Context<AccountsEnv>, title: string, text: string) {
  const t = c.get('t')
  const notice = c.get('deps').mailer.kind === 'log' ? t('accounts.mail.logNotice') : undefined
  return renderPage(c, title, <NoticeCard title={title} text={text} notice={notice} link={{ href: href(c, '/'), label: t('accounts.signUp.signInLink') }} />)
}
