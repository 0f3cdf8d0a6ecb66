/**
 * The waiting part of a Microsoft device-code sign-in, shared by the signing-account and the
 * Minecraft-account pages: the code (one tap selects it), the link to Microsoft's page and three
 * steps. The page reloads itself every interval Microsoft asked for (`<meta http-equiv="refresh">`)
 * and the "check now" link is the same check by hand, so it needs no JavaScript.
 * @module
 */
import type { Context } from 'hono'
import type { SignInState } from '../../api/signing/pool/sign-in-flow'
import type { AccountsEnv } from '../env'
import { formatTime } from '../routes/keys-shared'

/** The verification page as a link: only an http(s) URL is ever put in `href`. */
function verificationLink(uri: string): { href: string; label: string } | null {
  try {
    const url = new URL(uri)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    return { href: url.href, label: (url.host + url.pathname).replace(/^www\./, '').replace(/\/$/, '') }
  } catch {
    return null
  }
}

/** Props: the pending sign-in, the page title, the page's own URL and where "cancel" goes. */
export interface DeviceCodeStepsProps {
  c: Context<AccountsEnv>
  view: Pick<SignInState, 'userCode' | 'verificationUri' | 'expiresAt' | 'intervalS'>
  title: string
  selfHref: string
  cancelHref: string
}

/** The card with the steps, the code and the self-refresh. */
export function DeviceCodeSteps({ c, view, title, selfHref, cancelHref }: DeviceCodeStepsProps) {
  const t = c.get('t')
  const link = verificationLink(view.verificationUri)
  const refresh = Math.max(2, Math.min(60, Math.round(view.intervalS) || 5))
  return (
    <section className="card accounts__card signing-wait" aria-labelledby="sign-in-title">
      <meta httpEquiv="refresh" content={String(refresh)} />
      <h1 id="sign-in-title" className="card__title">
        {title}
      </h1>
      <ol className="signing-steps">
        <li>
          {t('accounts.signing.signIn.step1')}{' '}
          {link ? (
            <a href={link.href} target="_blank" rel="noopener noreferrer" data-testid="verification-link">
              {link.label}
            </a>
          ) : (
            <span>{view.verificationUri}</span>
          )}
        </li>
        <li>
          {t('accounts.signing.signIn.step2')}
          <code className="signing-code" data-testid="user-code">
            {view.userCode}
          </code>
          <small className="field-hint field-hint--muted">{t('accounts.signing.signIn.codeHint', { time: formatTime(c.get('locale'), view.expiresAt) })}</small>
        </li>
        <li>{t('accounts.signing.signIn.step3')}</li>
      </ol>
      <p className="signing-wait__status" role="status">
        <span className="signing-wait__dot" aria-hidden="true" />
        {t('accounts.signing.signIn.waiting', { n: refresh })}
      </p>
      <p className="accounts__links">
        <a className="button button--primary" href={selfHref}>
          {t('accounts.signing.signIn.checkNow')}
        </a>
        <a className="button button--text" href={cancelHref}>
          {t('accounts.signing.cancel')}
        </a>
      </p>
    </section>
  )
}
