/**
 * Manage account: avatar, e-mail and display name (a new
 * e-mail needs the current password and is confirmed by a mailed link), change password (with the
 * choice to keep API keys), confirming the address of an older account, and account deletion behind
 * a confirmation (type the e-mail) and the current password. Plain POST forms.
 * @module
 */
import type { MessageKey, Translate } from '../../shared/i18n/translator'
import type { AccountUser } from '../current-user'
import type { ProofProps } from './auth-forms'
import { Field, Message, ProofForm } from './form-parts'
import { KeepKeysField } from './recovery-forms'

/** Which change just succeeded (the `done` query after a form's redirect). */
export type ManageDone = 'profile' | 'password' | 'passwordKeys' | 'email' | 'emailSent' | 'welcome' | 'reset'

const DONE_TEXT: Record<ManageDone, MessageKey> = {
  profile: 'accounts.manage.saved',
  password: 'accounts.manage.passwordChanged',
  passwordKeys: 'accounts.manage.passwordChangedKeys',
  email: 'accounts.manage.emailChanged',
  emailSent: 'accounts.manage.emailSent',
  welcome: 'accounts.manage.welcome',
  reset: 'accounts.manage.resetDone',
}

/** What the page shows besides the user. */
export interface ManageState {
  done?: ManageDone
  profile?: { email?: string; name?: string; error?: Partial<Record<'email' | 'name' | 'current', string>> }
  password?: { error?: Partial<Record<'current' | 'next', string>> }
  remove?: { confirm?: string; error?: Partial<Record<'confirm' | 'current', string>> }
}

/** Form targets of the page. */
export interface ManageActions {
  profile: string
  password: string
  remove: string
  confirm: string
}

/** The manage-account page body. */
export function ManagePage({ t, user, avatar, locale, actions, proof, pendingEmail, state, extraLinks }: { t: Translate; user: AccountUser; avatar: string; locale: string; actions: ManageActions; proof: ProofProps; pendingEmail?: string; state: ManageState; extraLinks?: { href: string; label: string }[] }) {
  const since = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(user.createdAt))
  const done = state.done ? t(DONE_TEXT[state.done]) : undefined
  return (
    <>
      <section className="card accounts__card" aria-labelledby="profile-title">
        <h1 className="card__title">{t('accounts.manage.title')}</h1>
        <Message kind="success" text={done} />
        <div className="accounts__who">
          <img className="accounts__avatar" src={avatar} width={64} height={64} alt="" />
          <div>
            <p className="accounts__who-name">{user.name || user.email}</p>
            <p className="field-hint field-hint--muted">{t('accounts.manage.memberSince', { date: since })}</p>
            <p className="field-hint field-hint--muted">{t('accounts.manage.avatarHint')}</p>
          </div>
        </div>
        {extraLinks && extraLinks.length > 0 && (
          <nav className="accounts__links">
            {extraLinks.map((l) => (
              <a key={l.href} className="button button--outlined" href={l.href}>
                {l.label}
              </a>
            ))}
          </nav>
        )}
        <h2 id="profile-title" className="accounts__subtitle">{t('accounts.manage.profile')}</h2>
        {user.emailVerifiedAt === null && !pendingEmail && (
          <form method="post" action={actions.confirm} className="notice accounts__message">
            <p>{t('accounts.manage.unverified')}</p>
            <button type="submit" className="button button--outlined">{t('accounts.manage.sendConfirmation')}</button>
          </form>
        )}
        {pendingEmail && <p className="notice accounts__message" role="status">{t('accounts.manage.emailPending', { email: pendingEmail })}</p>}
        <ProofForm action={actions.profile} {...proof}>
          <Field name="email" type="email" label={t('accounts.fields.email')} value={state.profile?.email ?? user.email ?? ''} autoComplete="email" required maxLength={254} error={state.profile?.error?.email} />
          <Field name="name" label={t('accounts.fields.name')} value={state.profile?.name ?? user.name ?? ''} autoComplete="nickname" maxLength={64} hint={t('accounts.hints.name')} error={state.profile?.error?.name} />
          <Field name="current" type="password" label={t('accounts.fields.currentPassword')} autoComplete="current-password" maxLength={200} hint={t('accounts.hints.currentForEmail')} error={state.profile?.error?.current} />
          <button type="submit" className="button button--primary">{t('accounts.manage.save')}</button>
        </ProofForm>
      </section>

      <section className="card accounts__card" aria-labelledby="password-title">
        <h2 id="password-title" className="accounts__subtitle">{t('accounts.manage.password')}</h2>
        <p className="field-hint field-hint--muted">{t('accounts.manage.passwordText')}</p>
        <ProofForm action={actions.password} {...proof}>
          <input type="hidden" name="username" value={user.email ?? ''} autoComplete="username" />
          <Field name="current" id="f-password-current" type="password" label={t('accounts.fields.currentPassword')} autoComplete="current-password" required maxLength={200} error={state.password?.error?.current} />
          <Field name="next" type="password" label={t('accounts.fields.newPassword')} autoComplete="new-password" required minLength={10} maxLength={200} hint={t('accounts.hints.password')} error={state.password?.error?.next} />
          <KeepKeysField t={t} />
          <button type="submit" className="button button--primary">{t('accounts.manage.passwordSubmit')}</button>
        </ProofForm>
      </section>

      <section className="card accounts__card accounts__danger" aria-labelledby="delete-title">
        <h2 id="delete-title" className="accounts__subtitle">{t('accounts.manage.delete')}</h2>
        <p>{t('accounts.manage.deleteText')}</p>
        <ProofForm action={actions.remove} {...proof}>
          <Field name="confirm" type="email" label={t('accounts.fields.confirmEmail')} value={state.remove?.confirm} autoComplete="off" required maxLength={254} error={state.remove?.error?.confirm} />
          <Field name="current" id="f-delete-current" type="password" label={t('accounts.fields.currentPassword')} autoComplete="current-password" required maxLength={200} error={state.remove?.error?.current} />
          <button type="submit" className="button button--outlined accounts__danger-button">{t('accounts.manage.deleteSubmit')}</button>
        </ProofForm>
      </section>
    </>
  )
}
