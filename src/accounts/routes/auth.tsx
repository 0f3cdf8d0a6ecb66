/**
 * Sign in, sign up and sign out (issue 9 points 1–2, 7; SPEC §2 sign-in): forms at `/` (alias
 * `/sign-in`) and `/sign-up`, POST handlers with clear translated errors (400 weak/invalid, 401 wrong
 * password, 409 taken email, 429 throttled), and `POST /sign-out` that revokes the session and clears
 * every cookie. `redirect` is honoured only for allowed origins and relative paths.
 * @module
 */
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { clientAddress, formFields, href, redirectTarget } from '../context'
import { currentUser } from '../current-user'
import type { AccountsEnv } from '../env'
import { SignInForm, SignUpForm, type AuthFormState } from '../render/auth-forms'
import { renderPage } from '../render/shell'
import { clearFailures, isLocked, recordFailure, throttleKeys, WINDOW_MS } from '../services/throttle'
import { clearCookies, createRefreshSession, REFRESH_COOKIE, revokeRefreshToken, signInCookies, type TokenUser } from '../services/tokens'
import { createUser, isEmail, normaliseEmail, passwordProblem, verifyPassword } from '../services/users'
import { PASSWORD_PROBLEM } from '../labels'

type Status = 200 | 400 | 401 | 409 | 429

const signInPage = (c: Context<AccountsEnv>, state: AuthFormState, status: Status = 200) =>
  renderPage(c, c.get('t')('accounts.signIn.title'), <SignInForm t={c.get('t')} action={href(c, '/sign-in')} signUpHref={href(c, '/sign-up', { redirect: state.redirect })} state={state} />, { status })

const signUpPage = (c: Context<AccountsEnv>, state: AuthFormState, status: Status = 200) =>
  renderPage(c, c.get('t')('accounts.signUp.title'), <SignUpForm t={c.get('t')} action={href(c, '/sign-up')} signInHref={href(c, '/', { redirect: state.redirect })} state={state} />, { status })

/** Signs `user` in: a new refresh session (or the live one) and the three cookies, then 303 to the target. */
async function signIn(c: Context<AccountsEnv>, user: TokenUser, redirect: string | undefined, existing?: string) {
  const deps = c.get('deps')
  const refresh = existing ?? createRefreshSession(deps, user.id)
  for (const value of await signInCookies(deps, user, refresh, c.get('origin'))) c.header('Set-Cookie', value, { append: true })
  return c.redirect(redirect ?? href(c, '/manage'), 303)
}

/** Registers the sign-in, sign-up and sign-out routes. */
export function registerAuthRoutes(app: Hono<AccountsEnv>) {
  const showSignIn = async (c: Context<AccountsEnv>) => {
    const redirect = redirectTarget(c, c.req.query('redirect'))
    // Still signed in at the account site (the app only signed out locally, SPEC §2): re-issue the
    // cookies and go straight back.
    const user = await currentUser(c)
    const refresh = getCookie(c, REFRESH_COOKIE)
    if (user && refresh) {
      if (redirect) return signIn(c, user, redirect, refresh)
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
    const keys = throttleKeys(email, clientAddress(c))
    if (isLocked(deps, keys)) return signInPage(c, { email, redirect, error: t('accounts.errors.throttled', { minutes: WINDOW_MS / 60_000 }) }, 429)
    if (!isEmail(email)) return signInPage(c, { email, redirect, fieldErrors: { email: t('accounts.errors.email_invalid') } }, 400)
    const user = await verifyPassword(deps, email, (form.password ?? '').slice(0, 200))
    if (!user) {
      recordFailure(deps, keys)
      return signInPage(c, { email, redirect, error: t('accounts.errors.wrong_password') }, 401)
    }
    clearFailures(deps, email)
    return signIn(c, user, redirect)
  })

  app.get('/sign-up', (c) => signUpPage(c, { redirect: redirectTarget(c, c.req.query('redirect')) }))

  app.post('/sign-up', async (c) => {
    const t = c.get('t')
    const form = await formFields(c)
    const email = normaliseEmail(form.email ?? '')
    const name = (form.name ?? '').trim()
    const password = form.password ?? ''
    const state: AuthFormState = { email, name, redirect: redirectTarget(c, form.redirect) }
    if (!isEmail(email)) return signUpPage(c, { ...state, fieldErrors: { email: t('accounts.errors.email_invalid') } }, 400)
    if (name.length > 64) return signUpPage(c, { ...state, fieldErrors: { name: t('accounts.errors.name_long') } }, 400)
    const problem = passwordProblem(password, email)
    if (problem) return signUpPage(c, { ...state, fieldErrors: { password: t(PASSWORD_PROBLEM[problem]) } }, 400)
    const user = await createUser(c.get('deps'), { email, name, password })
    if (!user) return signUpPage(c, { ...state, fieldErrors: { email: t('accounts.errors.email_taken') } }, 409)
    return signIn(c, user, state.redirect)
  })

  app.post('/sign-out', async (c) => {
    const deps = c.get('deps')
    const form = await formFields(c)
    revokeRefreshToken(deps, getCookie(c, REFRESH_COOKIE))
    for (const value of clearCookies(deps)) c.header('Set-Cookie', value, { append: true })
    return c.redirect(redirectTarget(c, form.redirect ?? c.req.query('redirect')) ?? href(c, '/'), 303)
  })
}
