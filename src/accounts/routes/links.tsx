/**
 * Password recovery:
 * - `GET|POST /forgot`: asks for a reset link; the answer is the same for every address, and a link
 *   is only mailed to an account's confirmed address. Both answers do the same work — a link is
 *   issued and a mail written and queued, for an unknown address into no one's inbox — and the mail
 *   goes after the answer, so its timing says nothing either (`bun run bench accounts`).
 * - `GET|POST /reset`: a live reset link sets a new password, ends every session (and, unless kept,
 *   every API key) and signs in afresh. Links are single-use and a reset link lives 30 minutes.
 * The sign-up and new-address links are routes/verify.tsx. Pages that carry a token in their URL send
 * no Referer to other sites.
 * @module
 */
import type { Context, Hono } from 'hono'
import { formFields, href, publicHref } from '../context'
import type { AccountsEnv } from '../env'
import { PASSWORD_PROBLEM } from '../labels'
import { sendAccountMail } from '../mail/send-account-mail'
import { ForgotForm, ResetForm } from '../render/recovery-forms'
import { renderPage, type PageStatus } from '../render/shell'
import { LINK_TTL_MS, peekLink, useLink, type AccountLink } from '../services/account-links'
import { replacePassword } from '../services/credential-change'
import { issueResetLink } from '../services/reset-links'
import { hashPassword, isEmail, normaliseEmail, passwordProblem, userByEmail, userById } from '../services/users'
import { addressCheck, gateRequest, refusal } from '../throttle/request-gate'
import { RULES } from '../throttle/rules'
import { inboxPage, signIn } from './auth'
import { deadLink, linkForm, sameOriginReferrer } from './link-pages'
import { proofProps } from './proof'

/** The live, not-locked owner of a reset link, or undefined. */
const resetOwner = async (c: Context<AccountsEnv>, link: AccountLink | undefined) => {
  const user = link?.userId ? await userById(c.get('deps'), link.userId) : undefined
  return user && user.lockedAt === null && user.email === link?.email ? user : undefined
}

/** Registers the recovery routes. */
export function registerLinkRoutes(app: Hono<AccountsEnv>) {
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
    // Only a confirmed address of an account that is not locked receives a reset;
    // for any other address the same link and mail are made and dropped, so both answers do the same work.
    const reset = await issueResetLink(deps, email, await userByEmail(deps, email))
    await sendAccountMail(c, email, { kind: 'reset', link: publicHref(c, '/reset', { token: reset.token }), minutes: LINK_TTL_MS.reset / 60_000 }, { deliver: reset.live })
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
