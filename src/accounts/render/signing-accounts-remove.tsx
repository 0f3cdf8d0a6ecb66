/**
 * The confirmation step before a signing account is removed: removing deletes its
 * sealed tokens at once, so the list's "Remove" is a link to this page, and only its form (with
 * `confirm=1`) removes. Works without JavaScript.
 * @module
 */
import type { Context } from 'hono'
import type { PoolAccountView } from '../../api/signing/pool/pool-views'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import { AccountFace, SIGNING_PATH } from './signing-accounts-parts'

/** The page body for `account`. */
export function RemoveSigningPage({ c, account }: { c: Context<AccountsEnv>; account: PoolAccountView }) {
  const t = c.get('t')
  return (
    <section className="card accounts__card accounts__danger" aria-labelledby="remove-title">
      <h1 id="remove-title" className="card__title">
        {t('accounts.signing.removeTitle', { name: account.name })}
      </h1>
      <div className="accounts__who">
        <AccountFace c={c} id={account.id} size={48} />
        <p className="accounts__who-name">{account.name}</p>
      </div>
      <p>{t('accounts.signing.removeText')}</p>
      <form method="post" action={href(c, `${SIGNING_PATH}/${encodeURIComponent(account.id)}/remove`)} className="accounts__links">
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className="button button--outlined accounts__danger-button">
          {t('accounts.signing.removeConfirm')}
        </button>
        <a className="button button--outlined" href={href(c, SIGNING_PATH)}>
          {t('accounts.signing.cancel')}
        </a>
      </form>
    </section>
  )
}
