/**
 * Sign-in and sign-up forms: plain POST forms; values are kept after an error,
 * never the password. Both carry an anti-bot proof solved ahead, and sign-in
 * links to password recovery. Sign-up asks for the address only: the password is
 * chosen on the page of the link mailed to it (recovery-forms.tsx, `ChoosePasswordForm`).
 * @module
 */
import type { Translate } from '../../shared/i18n/translator'
import { Field, Message, ProofForm, RedirectField } from './form-parts'

/** What a re-rendered form shows. */
export interface AuthFormState {
  email?: string
  redirect?: string
  /** A form-level message (wrong password, throttled, CSRF). */
  error?: string
  /** Field errors by field name. */
  fieldErrors?: Partial<Record<'email' | 'password', string>>
}

/** Where a credential form gets its anti-bot challenge, and the button text while it is solved. */
export interface ProofProps {
  proofUrl: string
  waiting: string
}

/** The sign-in card. */
export function SignInForm({ t, action, signUpHref, forgotHref, proof, state }: { t: Translate; action: string; signUpHref: string; forgotHref: string; proof: ProofProps; state: AuthFormState }) {
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{t('accounts.signIn.title')}</h1>
      <p className="accounts__intro">{t('accounts.signIn.intro')}</p>
      <Message kind="error" text={state.error} />
      <ProofForm action={action} {...proof}>
        <RedirectField value={state.redirect} />
        <Field name="email" type="email" label={t('accounts.fields.email')} value={state.email} autoComplete="username" required maxLength={254} error={state.fieldErrors?.email} />
        <Field name="password" type="password" label={t('accounts.fields.password')} autoComplete="current-password" required maxLength={200} error={state.fieldErrors?.password} />
        <button type="submit" className="button button--primary button--block">{t('accounts.signIn.submit')}</button>
      </ProofForm>
      <p className="accounts__switch">
        <a href={forgotHref}>{t('accounts.signIn.forgot')}</a>
      </p>
      <p className="accounts__switch">
        {t('accounts.signIn.noAccount')} <a href={signUpHref}>{t('accounts.signIn.createLink')}</a>
      </p>
    </section>
  )
}

/** The sign-up card. */
export function SignUpForm({ t, action, signInHref, proof, state }: { t: Translate; action: string; signInHref: string; proof: ProofProps; state: AuthFormState }) {
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{t('accounts.signUp.title')}</h1>
      <p className="accounts__intro">{t('accounts.signUp.intro')}</p>
      <Message kind="error" text={state.error} />
      <ProofForm action={action} {...proof}>
        <RedirectField value={state.redirect} />
        <Field name="email" type="email" label={t('accounts.fields.email')} value={state.email} autoComplete="email" required maxLength={254} hint={t('accounts.hints.signUpEmail')} error={state.fieldErrors?.email} />
        <button type="submit" className="button button--primary button--block">{t('accounts.signUp.submit')}</button>
      </ProofForm>
      <p className="accounts__switch">
        {t('accounts.signUp.haveAccount')} <a href={signInHref}>{t('accounts.signUp.signInLink')}</a>
      </p>
    </section>
  )
}
