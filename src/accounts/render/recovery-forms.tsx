/**
 * The pages of mailed links: "check your inbox", asking for a reset link,
 * choosing a new password, choosing the first password of a new account, confirming an address,
 * and a link that no longer works. Plain forms.
 * @module
 */
import type { Translate } from '../../shared/i18n/translator'
import type { ProofProps } from './auth-forms'
import { Field, Message, ProofForm } from './form-parts'

/** A link onwards from a notice. */
export interface NoticeLink {
  href: string
  label: string
}

/** A card with a title, a text and optional links onwards (`link` first, then `more`). */
export function NoticeCard({ title, text, notice, link, more = [] }: { title: string; text: string; notice?: string; link?: NoticeLink; more?: NoticeLink[] }) {
  const links = link ? [link, ...more] : more
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{title}</h1>
      <p role="status">{text}</p>
      {notice && <p className="field-hint field-hint--muted">{notice}</p>}
      {links.length === 1 && (
        <a className="button button--outlined" href={links[0]!.href}>
          {links[0]!.label}
        </a>
      )}
      {links.length > 1 && (
        <div className="accounts__links">
          {links.map((l) => (
            <a key={l.href} className="button button--outlined" href={l.href}>
              {l.label}
            </a>
          ))}
        </div>
      )}
    </section>
  )
}

/** "Forgot your password?": the address to send a reset link to. */
export function ForgotForm({ t, action, backHref, proof, email, error }: { t: Translate; action: string; backHref: string; proof: ProofProps; email?: string; error?: string }) {
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{t('accounts.forgot.title')}</h1>
      <p className="accounts__intro">{t('accounts.forgot.intro')}</p>
      <Message kind="error" text={error} />
      <ProofForm action={action} {...proof}>
        <Field name="email" type="email" label={t('accounts.fields.email')} value={email} autoComplete="username" required maxLength={254} />
        <button type="submit" className="button button--primary button--block">{t('accounts.forgot.submit')}</button>
      </ProofForm>
      <p className="accounts__switch">
        <a href={backHref}>{t('accounts.forgot.back')}</a>
      </p>
    </section>
  )
}

/** The new-password form of a reset link; `token` travels in a hidden field, never in a later URL. */
export function ResetForm({ t, action, token, email, proof, error }: { t: Translate; action: string; token: string; email: string; proof: ProofProps; error?: string }) {
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{t('accounts.reset.title')}</h1>
      <p className="accounts__intro">{t('accounts.reset.intro', { email })}</p>
      <ProofForm action={action} {...proof}>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <Field name="password" type="password" label={t('accounts.fields.newPassword')} autoComplete="new-password" required minLength={10} maxLength={200} hint={t('accounts.hints.password')} error={error} />
        <KeepKeysField t={t} />
        <button type="submit" className="button button--primary button--block">{t('accounts.reset.submit')}</button>
      </ProofForm>
    </section>
  )
}

/**
 * The page of a sign-up link: the first password of the account (and an optional display name).
 * Nothing is stored before this form is sent, so only whoever reads the mailbox can set it.
 */
export function ChoosePasswordForm({ t, action, token, email, proof, name, errors }: { t: Translate; action: string; token: string; email: string; proof: ProofProps; name?: string; errors?: Partial<Record<'password' | 'name', string>> }) {
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{t('accounts.choose.title')}</h1>
      <p className="accounts__intro">{t('accounts.choose.intro', { email })}</p>
      <ProofForm action={action} {...proof}>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <Field name="password" type="password" label={t('accounts.fields.password')} autoComplete="new-password" required minLength={10} maxLength={200} hint={t('accounts.hints.password')} error={errors?.password} />
        <Field name="name" label={t('accounts.fields.name')} value={name} autoComplete="nickname" maxLength={64} hint={t('accounts.hints.name')} error={errors?.name} />
        <button type="submit" className="button button--primary button--block">{t('accounts.choose.submit')}</button>
      </ProofForm>
    </section>
  )
}

/** "Keep my API keys working": unticked (the default), a new password revokes every key too. */
export function KeepKeysField({ t }: { t: Translate }) {
  return (
    <div className="field">
      <label className="accounts__check">
        <input type="checkbox" name="keep_keys" value="1" aria-describedby="f-keep-keys-hint" /> {t('accounts.fields.keepKeys')}
      </label>
      <p id="f-keep-keys-hint" className="field-hint field-hint--muted">{t('accounts.hints.keepKeys')}</p>
    </div>
  )
}

/** The confirmation page of a link: what it does and one button (a POST, so a mail scanner's GET changes nothing). */
export function ConfirmLinkForm({ title, text, action, token, submit }: { title: string; text: string; action: string; token: string; submit: string }) {
  return (
    <section className="card accounts__card" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="card__title">{title}</h1>
      <p>{text}</p>
      <form method="post" action={action} className="accounts__form">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--primary button--block">{submit}</button>
      </form>
    </section>
  )
}
