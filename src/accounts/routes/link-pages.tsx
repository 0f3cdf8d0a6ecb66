/**
 * What the routes of mailed links share (routes/links.tsx, routes/verify.tsx): the page of a dead
 * link, a one-message page, the Referrer-Policy of pages whose URL carries a token, and the throttle
 * gate every use of a link passes.
 * @module
 */
import type { Context } from 'hono'
import type { MessageKey } from '../../shared/i18n/translator'
import { formFields, href } from '../context'
import type { AccountsEnv } from '../env'
import { NoticeCard, type NoticeLink } from '../render/recovery-forms'
import { renderPage, type PageStatus } from '../render/shell'
import { addressCheck, gateRequest, refusal } from '../throttle/request-gate'
import { RULES } from '../throttle/rules'

/** The page for a link that is unknown, used, cancelled or expired. */
export const deadLink = (c: Context<AccountsEnv>, status: PageStatus = 410) => {
  const t = c.get('t')
  return renderPage(c, t('accounts.links.deadTitle'), <NoticeCard title={t('accounts.links.deadTitle')} text={t('accounts.links.dead')} link={{ href: href(c, '/forgot'), label: t('accounts.links.newReset') }} />, { status })
}

/** A page with one message (taken address, locked account, throttled); links onwards default to sign-in. */
export const messagePage = (c: Context<AccountsEnv>, title: string, text: string, status: PageStatus, links?: NoticeLink[]) => {
  const [link, ...more] = links ?? [{ href: href(c, '/'), label: c.get('t')('accounts.signUp.signInLink') }]
  return renderPage(c, title, <NoticeCard title={title} text={text} link={link} more={more} />, { status })
}

/**
 * Tokens in URLs must not travel to another site in a Referer. `same-origin`, not `no-referrer`:
 * under `no-referrer` Chromium sends `Origin: null` with the page's own form post, which the CSRF
 * check rightly refuses.
 */
export const sameOriginReferrer = (c: Context<AccountsEnv>) => c.header('Referrer-Policy', 'same-origin')

/** The form of a POST that uses a link, once the address's link uses are counted; else the page refusing it. */
export async function linkForm(c: Context<AccountsEnv>, title: MessageKey): Promise<Record<string, string> | Response> {
  sameOriginReferrer(c)
  const form = await formFields(c)
  const attempt = await gateRequest(c, addressCheck(c, RULES.linkAddress), form)
  return attempt.ok ? form : messagePage(c, c.get('t')(title), refusal(c, attempt).message, 429)
}
