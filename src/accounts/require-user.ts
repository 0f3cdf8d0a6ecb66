/**
 * Guard for signed-in account pages.
 * @module
 */
import type { Context } from 'hono'
import { href } from './context'
import { currentUser, type AccountUser } from './current-user'
import type { AccountsEnv } from './env'

/** The signed-in user, or a 303 to sign-in that comes back to `back` afterwards. */
export async function requireUser(c: Context<AccountsEnv>, back = '/manage'): Promise<AccountUser | Response> {
  const user = await currentUser(c)
  return user ?? c.redirect(href(c, '/', { redirect: href(c, back) }), 303)
}
