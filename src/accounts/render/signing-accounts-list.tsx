/**
 * The signing-account list page: what lending a Minecraft account means comes
 * first, then the form that adds one (consent box, "put my own skin back"), then the user's accounts
 * — every account with its owner for a pool admin — each with plain-form buttons, so all of it works
 * without JavaScript. Pause, resume, sign in again, put my skin back and Remove are offered on the
 * viewer's own accounts only; on others' a pool admin gets Disable/Enable, and Resume of an account
 * that errors took out of rotation (docs/signing.md, "Owners and operators").
 * @module
 */
import type { Context } from 'hono'
import type { PoolAccountView } from '../../api/signing/pool/pool-views'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import { formatTime } from '../routes/keys-shared'
import { Message } from './form-parts'
import { afterErrorsMessage, errorCodeIn, reasonMessage, SIGN_IN_ERROR } from './signing-accounts-labels'
import { SectionTabs } from '../routes/keys-shared'
import { AccountFace, SIGNING_PATH, StatusBadge } from './signing-accounts-parts'

/** Messages and the add form's state. */
export interface SigningListState {
  notice?: string
  error?: string
  /** The "put my own skin back" box as the user left it. */
  restore?: boolean
}

/** The page body. */
export function SigningListPage({ c, accounts, admin, viewerId, state }: { c: Context<AccountsEnv>; accounts: PoolAccountView[]; admin: boolean; viewerId: string | null; state: SigningListState }) {
  const t = c.get('t')
  return (
    <>
      <SectionTabs c={c} current={SIGNING_PATH} />
      <section className="card" aria-labelledby="signing-title">
        <h1 id="signing-title" className="card__title">
          {t('accounts.signing.title')}
        </h1>
        <Message kind="success" text={state.notice} />
        <Message kind="error" text={state.error} />
        <p className="field-hint--muted">{t('accounts.signing.intro')}</p>
        <h2 className="accounts-b__subtitle">{t('accounts.signing.consentTitle')}</h2>
        <ul className="signing-consent">
          <li>{t('accounts.signing.consentSkin')}</li>
          <li>{t('accounts.signing.consentControl')}</li>
          <li>{t('accounts.signing.consentToken')}</li>
        </ul>
        <h2 id="signing-add" className="accounts-b__subtitle">
          {t('accounts.signing.addTitle')}
        </h2>
        <form method="post" action={href(c, SIGNING_PATH)} className="accounts-b__form signing-add" aria-labelledby="signing-add">
          <label className="accounts-b__check">
            <input type="checkbox" name="agree" value="1" required />
            <span>{t('accounts.signing.agree')}</span>
          </label>
          <label className="accounts-b__check">
            <input type="checkbox" name="restore" value="1" defaultChecked={state.restore} />
            <span>
              {t('accounts.signing.restore')}
              <small className="field-hint field-hint--muted">{t('accounts.signing.restoreHint')}</small>
            </span>
          </label>
          <button type="submit" className="button button--primary">
            {t('accounts.signing.add')}
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby="signing-list">
        <h2 id="signing-list" className="card__title">
          {admin ? t('accounts.signing.listTitleAll') : t('accounts.signing.listTitle')}
        </h2>
        {admin && <p className="field-hint--muted">{t('accounts.signing.adminNote')}</p>}
        {accounts.length === 0 ? (
          <p className="field-hint--muted">{t('accounts.signing.empty')}</p>
        ) : (
          <ul className="accounts-b__list">
            {accounts.map((a) => (
              <AccountItem key={a.id} c={c} a={a} admin={admin} own={a.ownerUserId === viewerId} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

/** A POST button to `/signing-accounts/{id}/{action}` (with hidden `fields`). */
function ActionButton({ c, id, action, label, fields = {}, kind = 'outlined' }: { c: Context<AccountsEnv>; id: string; action: string; label: string; fields?: Record<string, string>; kind?: 'outlined' | 'primary' | 'danger' }) {
  const className = kind === 'primary' ? 'button button--primary button--small' : kind === 'danger' ? 'button button--outlined button--small accounts-b__danger' : 'button button--outlined button--small'
  return (
    <form method="post" action={href(c, `${SIGNING_PATH}/${encodeURIComponent(id)}/${action}`)} className="signing-item__form">
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  )
}

/** One signing account with its facts and buttons. */
function AccountItem({ c, a, admin, own }: { c: Context<AccountsEnv>; a: PoolAccountView; admin: boolean; own: boolean }) {
  const t = c.get('t')
  const locale = c.get('locale')
  const errorCode = a.lastError ? errorCodeIn(a.lastError) : null
  // Resting or out of rotation: how many errors in a row put it there (the reason follows below).
  const afterErrors = (a.status === 'cooling_down' || a.status === 'out_of_rotation') && a.errorCount > 0
  return (
    <li className="accounts-b__item signing-item" data-testid="signing-account">
      <div className="signing-item__head">
        <AccountFace c={c} id={a.id} />
        <div className="signing-item__title">
          <strong className="accounts-b__name">{a.name}</strong>
          <span className="signing-item__status">
            <StatusBadge c={c} status={a.status} />
            {afterErrors && <small className="field-hint--muted">{t(afterErrorsMessage(locale, a.errorCount), { count: new Intl.NumberFormat(locale).format(a.errorCount) })}</small>}
            {a.coolingDownUntil !== null && <small className="field-hint--muted">{t('accounts.signing.coolingUntil', { time: formatTime(locale, a.coolingDownUntil) })}</small>}
          </span>
        </div>
      </div>
      <dl className="accounts-b__meta">
        {admin && (
          <div>
            <dt>{t('accounts.signing.owner')}</dt>
            <dd className="signing-item__owner">{a.ownerEmail ?? t('accounts.signing.ownerNone')}</dd>
          </div>
        )}
        <div>
          <dt>{t('accounts.signing.uses')}</dt>
          <dd>{new Intl.NumberFormat(locale).format(a.uses)}</dd>
        </div>
        <div>
          <dt>{t('accounts.signing.lastUsed')}</dt>
          <dd>{a.lastUsed ? formatTime(locale, a.lastUsed) : t('accounts.signing.never')}</dd>
        </div>
        <div>
          <dt>{t('accounts.signing.restoreState')}</dt>
          <dd>{a.restoreSkin ? t('accounts.signing.on') : t('accounts.signing.off')}</dd>
        </div>
      </dl>
      {a.lastError && (
        <p className="signing-item__error">
          <strong>{t('accounts.signing.lastError')}:</strong> {a.errorReason ? t(reasonMessage(a.errorReason)) : errorCode ? t(SIGN_IN_ERROR[errorCode]) : a.lastError}
          {a.lastErrorAt !== null && (
            <>
              {' '}
              <time className="field-hint--muted" dateTime={new Date(a.lastErrorAt).toISOString()}>
                ({formatTime(locale, a.lastErrorAt)})
              </time>
            </>
          )}
        </p>
      )}
      {a.status === 'out_of_rotation' && <p className="field-hint field-hint--muted">{t('accounts.signing.outOfRotationHint')}</p>}
      <div className="signing-item__actions">
        {own ? (
          <>
            {a.status === 'paused' || a.status === 'out_of_rotation' ? <ActionButton c={c} id={a.id} action="resume" label={t('accounts.signing.resume')} /> : <ActionButton c={c} id={a.id} action="pause" label={t('accounts.signing.pause')} />}
            <ActionButton c={c} id={a.id} action="renew" label={t('accounts.signing.renew')} kind={a.status === 'needs_sign_in' ? 'primary' : 'outlined'} />
            <ActionButton c={c} id={a.id} action="restore-skin" label={a.restoreSkin ? t('accounts.signing.restoreTurnOff') : t('accounts.signing.restoreTurnOn')} fields={{ on: a.restoreSkin ? '0' : '1' }} />
          </>
        ) : (
          // Someone else's account, seen as a pool admin: only putting it back after errors is theirs to do
          // besides disabling (src/api/signing/pool/pool-manager.ts).
          a.status === 'out_of_rotation' && <ActionButton c={c} id={a.id} action="resume" label={t('accounts.signing.resume')} />
        )}
        {admin && (a.status === 'disabled' ? <ActionButton c={c} id={a.id} action="enable" label={t('accounts.signing.enable')} /> : <ActionButton c={c} id={a.id} action="disable" label={t('accounts.signing.disable')} kind="danger" />)}
        {own && (
          <a className="button button--outlined button--small accounts-b__danger" href={href(c, `${SIGNING_PATH}/${encodeURIComponent(a.id)}/remove`)}>
            {t('accounts.signing.remove')}
          </a>
        )}
      </div>
    </li>
  )
}
