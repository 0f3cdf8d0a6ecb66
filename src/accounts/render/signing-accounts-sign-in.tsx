/**
 * The Microsoft device-code sign-in page of a signing account. While it waits it
 * shows the steps (./device-code-steps.tsx); then the added account, or why it failed with a "try
 * again" that starts a new sign-in.
 * @module
 */
import type { Context } from 'hono'
import type { SignInView } from '../../api/signing/pool/pool-views'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import { DeviceCodeSteps } from './device-code-steps'
import { Message } from './form-parts'
import { SIGN_IN_ERROR } from './signing-accounts-labels'
import { AccountFace, SIGNING_PATH } from './signing-accounts-parts'

/** The page body for `view`; `renewName` names the account signed in again; `restore` is the add form's choice. */
export function SignInPage({ c, view, renewName, restore }: { c: Context<AccountsEnv>; view: SignInView; renewName?: string; restore?: string }) {
  const t = c.get('t')
  const back = href(c, SIGNING_PATH)
  if (view.status === 'done') {
    return (
      <section className="card accounts__card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="card__title">
          {view.renewAccountId ? t('accounts.signing.signIn.renewedTitle') : t('accounts.signing.signIn.doneTitle')}
        </h1>
        {view.account && (
          <div className="accounts__who">
            <AccountFace c={c} id={view.account.id} size={64} />
            <p className="accounts__who-name" data-testid="signed-in-name">
              {view.account.name}
            </p>
          </div>
        )}
        <Message kind="success" text={t(view.renewAccountId ? 'accounts.signing.signIn.renewed' : 'accounts.signing.signIn.done', { name: view.account?.name ?? '' })} />
        <p>
          <a className="button button--primary" href={back}>
            {t('accounts.signing.back')}
          </a>
        </p>
      </section>
    )
  }
  if (view.status === 'failed') {
    const again = view.renewAccountId ? href(c, `${SIGNING_PATH}/${encodeURIComponent(view.renewAccountId)}/renew`) : href(c, SIGNING_PATH)
    return (
      <section className="card accounts__card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="card__title">
          {t('accounts.signing.signIn.failedTitle')}
        </h1>
        <Message kind="error" text={view.errorCode ? t(SIGN_IN_ERROR[view.errorCode]) : t('accounts.signing.errors.sign_in_unavailable')} />
        <form method="post" action={again} className="accounts__links">
          {/* The user agreed on the form that started this sign-in; trying again keeps that answer. */}
          {!view.renewAccountId && <input type="hidden" name="agree" value="1" />}
          {!view.renewAccountId && restore === '1' && <input type="hidden" name="restore" value="1" />}
          <button type="submit" className="button button--primary">
            {t('accounts.signing.signIn.tryAgain')}
          </button>
          <a className="button button--outlined" href={back}>
            {t('accounts.signing.back')}
          </a>
        </form>
      </section>
    )
  }
  const self = href(c, `${SIGNING_PATH}/sign-in/${encodeURIComponent(view.id)}`, { restore })
  return <DeviceCodeSteps c={c} view={view} title={renewName ? t('accounts.signing.signIn.renewTitle', { name: renewName }) : t('accounts.signing.signIn.title')} selfHref={self} cancelHref={back} />
}
