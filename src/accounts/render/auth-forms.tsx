/**
 * Sign-in and sign-up forms (issue 9 point 1): plain POST forms; values are kept after an error,
 * never the password.
 * @module
 */
import type { Translate } from '../../shared/i18n/translator'
import { Field, Message, RedirectField } from './form-parts'

/** What a re-rendered form shows. */
export interface AuthFormState {
  email?: string
  name?: string
  redirect?: string
  /** A form-level message (wrong password, throttled, CSRF). */
  error?: string
  /** Field errors by field name. */
  fieldErrors?: Partial<Record<'email' | 'password' | 'name', string>>
}

/** The sign-in card. */
export function SignInForm({ t, action, signUpHref, state }: { t: Translate; action: string; signUpHref: string; state: AuthFormState }) {
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{t('accounts.signIn.title')}</h1>
      <p className="accounts__intro">{t('accounts.signIn.intro')}</p>
      <Message kind="error" text={state.error} />
      <form method="post" action={action} className="accounts__form">
        <RedirectField value={state.redirect} />
        <Field name="email" type="email" label={t('accounts.fields.email')} value={state.email} autoComplete="username" required maxLength={254} error={state.fieldErrors?.email} />
        <Field name="password" type="password" label={t('accounts.fields.password')} autoComplete="current-password" required maxLength={200} error={state.fieldErrors?.password} />
        <button type="submit" className="button button--primary button--block">{t('accounts.signIn.submit')}</button>
      </form>
      <p className="accounts__switch">
        {t('accounts.signIn.noAccount')} <a href={signUpHref}>{t('accounts.signIn.createLink')}</a>
      </p>
    </section>
  )
}

/** The sign-up card. */
export function SignUpForm({ t, action, signInHref, state }: { t: Translate; action: string; signInHref: string; state: AuthFormState }) {
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{t('accounts.signUp.title')}</h1>
      <p className="accounts__intro">{t('accounts.signUp.intro')}</p>
      <Message kind="error" text={state.error} />
      <form method="post" action={action} className="accounts__form">
        <RedirectField value={state.redirect} />
        <Field name="email" type="email" label={t('accounts.fields.email')} value={state.email} autoComplete="email" required maxLength={254} error={state.fieldErrors?.email} />
        <Field name="name" label={t('accounts.fields.name')} value={state.name} autoComplete="nickname" maxLength={64} hint={t('accounts.hints.name')} error={state.fieldErrors?.name} />
        <Field name="password" type="password" label={t('accounts.fields.password')} autoComplete="new-password" required minLength={10} maxLength={200} hint={t('accounts.hints.password')} error={state.fieldErrors?.password} />
        <button type="submit" className="button button--primary button--block">{t('accounts.signUp.submit')}</button>
      </form>
      <p className="accounts__switch">
        {t('accounts.signUp.haveAccount')} <a href={signInHref}>{t('accounts.signUp.signInLink')}</a>
      </p>
    </section>
  )
}
