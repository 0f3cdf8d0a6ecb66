/**
 * The bar's sign-out button: a POST form (sign-out changes state, so never a GET link).
 * @module
 */
import type { Context } from 'hono'
import { href } from '../context'
import type { AccountsEnv } from '../env'

/** Sign-out form button, returning to the app afterwards. */
export function SignOutButton({ c }: { c: Context<AccountsEnv> }) {
  return (
    <form method="post" action={href(c, '/sign-out')} className="accounts__sign-out">
      <input type="hidden" name="redirect" value={new URL(c.get('deps').appOrigin).origin + '/'} />
      <button type="submit" className="button button--text accounts__bar-button">{c.get('t')('accounts.nav.signOut')}</button>
    </form>
  )
}
