/**
 * Manage account (issue 9 point 1): avatar, email and display name, change password, and account
 * deletion behind a confirmation (type the email). Three plain POST forms.
 * @module
 */
import type { Translate } from '../../shared/i18n/translator'
import type { AccountUser } from '../current-user'
import { Field, Message } from './form-parts'

/** What the page shows besides the user. */
export interface ManageState {
  profile?: { email?: string; name?: string; error?: Partial<Record<'email' | 'name', string>>; done?: boolean }
  password?: { error?: Partial<Record<'current' | 'next', string>>; done?: boolean }
  remove?: { error?: string }
}

/** The manage-account page body. */
export function ManagePage({ t, user, avatar, locale, actions, state, extraLinks }: { t: Translate; user: AccountUser; avatar: string; locale: string; actions: { profile: string; password: string; remove: string }; state: ManageState; extraLinks?: { href: string; label: string }[] }) {
  const since = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(user.createdAt))
  return (
    <>
      <section className="card accounts__card" aria-labelledby="profile-title">
        <h1 className="card__title">{t('accounts.manage.title')}</h1>
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
        <Message kind="success" text={state.profile?.done ? t('accounts.manage.saved') : undefined} />
        <form method="post" action={actions.profile} className="accounts__form">
          <Field name="email" type="email" label={t('accounts.fields.email')} value={state.profile?.email ?? user.email ?? ''} autoComplete="email" required maxLength={254} error={state.profile?.error?.email} />
          <Field name="name" label={t('accounts.fields.name')} value={state.profile?.name ?? user.name ?? ''} autoComplete="nickname" maxLength={64} hint={t('accounts.hints.name')} error={state.profile?.error?.name} />
          <button type="submit" className="button button--primary">{t('accounts.manage.save')}</button>
        </form>
      </section>

      <section className="card accounts__card" aria-labelledby="password-title">
        <h2 id="password-title" className="accounts__subtitle">{t('accounts.manage.password')}</h2>
        <Message kind="success" text={state.password?.done ? t('accounts.manage.passwordChanged') : undefined} />
        <form method="post" action={actions.password} className="accounts__form">
          <input type="hidden" name="username" value={user.email ?? ''} autoComplete="username" />
          <Field name="current" type="password" label={t('accounts.fields.currentPassword')} autoComplete="current-password" required maxLength={200} error={state.password?.error?.current} />
          <Field name="next" type="password" label={t('accounts.fields.newPassword')} autoComplete="new-password" required minLength={10} maxLength={200} hint={t('accounts.hints.password')} error={state.password?.error?.next} />
          <button type="submit" className="button button--primary">{t('accounts.manage.passwordSubmit')}</button>
        </form>
      </section>

      <section className="card accounts__card accounts__danger" aria-labelledby="delete-title">
        <h2 id="delete-title" className="accounts__subtitle">{t('accounts.manage.delete')}</h2>
        <p>{t('accounts.manage.deleteText')}</p>
        <form method="post" action={actions.remove} className="accounts__form">
          <Field name="confirm" type="email" label={t('accounts.fields.confirmEmail')} autoComplete="off" required maxLength={254} error={state.remove?.error} />
          <button type="submit" className="button button--outlined accounts__danger-button">{t('accounts.manage.deleteSubmit')}</button>
        </form>
      </section>
    </>
  )
}
