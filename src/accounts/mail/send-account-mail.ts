/**
 * Sends one account mail for a route. At most a few mails that strangers can ask
 * for go to one address per hour (RULES.mailRecipient), so no one can flood an inbox through us;
 * a mail over that limit is dropped without telling the requester, who sees the same answer either
 * way. The send runs after the answer (`deps.deferMail`), so how long SMTP or the log takes says
 * nothing about whether an account exists, and a failure is logged in one line without the message.
 * A route that must not mail (no account to reset) still asks for the same mail with
 * `deliver: false`: it is counted and written like any other and then dropped, so both answers do
 * the same work and take as long (docs/operations.md, "No account discovery").
 * @module
 */
import type { Context } from 'hono'
import { oneLineError } from '../../shared/log/one-line'
import { siteHost } from '../context'
import type { AccountsDeps } from '../deps'
import type { AccountsEnv } from '../env'
import { reserve } from '../throttle/counter'
import { RULES } from '../throttle/rules'
import { composeMail, isOwnerNotice, type AccountMail } from './messages'

/** Options of {@link sendAccountMail}. */
export interface SendOptions {
  /** False: do everything a send does but hand the message to no one (default true). */
  deliver?: boolean
}

/** The default of `deps.deferMail`: the next macrotask, after the answer; on Workers kept alive by `waitUntil`. */
function afterAnswer(c: Context<AccountsEnv>): NonNullable<AccountsDeps['deferMail']> {
  return (send) => {
    const later = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(send)
    try {
      c.executionCtx.waitUntil(later)
    } catch {
      // No execution context outside Workers: the timer runs by itself.
    }
  }
}

/** Queues `mail` to `to` in the request's language; resolves once it is queued, not sent. */
export async function sendAccountMail(c: Context<AccountsEnv>, to: string, mail: AccountMail, opts: SendOptions = {}): Promise<void> {
  const deps = c.get('deps')
  // Notices of what the account's owner just did cannot be asked for by strangers: only the rest count.
  if (!isOwnerNotice(mail)) {
    const allowed = await reserve(deps.db, RULES.mailRecipient, to, (deps.now ?? Date.now)())
    if (!allowed.ok) return
  }
  const message = composeMail(c.get('t'), to, siteHost(c), mail)
  const deliver = opts.deliver ?? true
  const defer = deps.deferMail ?? afterAnswer(c)
  defer(async () => {
    if (!deliver) return
    await deps.mailer.send(message).catch((error: unknown) => {
      console.error(`[mail] ${mail.kind} mail could not be sent: ${oneLineError(error)}`)
    })
  })
}
