/**
 * Sends one account mail for a route (issue 26 point 9). At most a few mails that strangers can ask
 * for go to one address per hour (RULES.mailRecipient), so no one can flood an inbox through us;
 * a mail over that limit is dropped without telling the requester, who sees the same answer either
 * way. The send runs after the answer (`waitUntil` on Workers), so how long SMTP takes says nothing
 * about whether an account exists, and a failure is logged in one line without the message.
 * @module
 */
import type { Context } from 'hono'
import { oneLineError } from '../../shared/log/one-line'
import { siteHost } from '../context'
import type { AccountsEnv } from '../env'
import { reserve } from '../throttle/counter'
import { RULES } from '../throttle/rules'
import { composeMail, isOwnerNotice, type AccountMail } from './messages'

/** Queues `mail` to `to` in the request's language; resolves once it is queued, not sent. */
export async function sendAccountMail(c: Context<AccountsEnv>, to: string, mail: AccountMail): Promise<void> {
  const deps = c.get('deps')
  // Notices of what the account's owner just did cannot be asked for by strangers: only the rest count.
  if (!isOwnerNotice(mail)) {
    const allowed = await reserve(deps.db, RULES.mailRecipient, to, (deps.now ?? Date.now)())
    if (!allowed.ok) return
  }
  const sending = deps.mailer.send(composeMail(c.get('t'), to, siteHost(c), mail)).catch((error: unknown) => {
    console.error(`[mail] ${mail.kind} mail could not be sent: ${oneLineError(error)}`)
  })
  try {
    c.executionCtx.waitUntil(sending)
  } catch {
    // No execution context outside Workers: the promise runs on by itself.
  }
}
