/**
 * The account site's mails, in the language of the request that causes them.
 * Each is a subject and a plain-text body from `accounts.mail.*`, with the site's host named, so a
 * recipient can tell who wrote and a phished copy stands out.
 * @module
 */
import type { MessageKey, Translate } from '../../shared/i18n/translator'
import type { MailMessage } from './mailer'

/** Every mail the account site sends, with the values its text needs. */
export type AccountMail =
  /** A sign-up's link: it opens the page where the reader of the mailbox chooses the account's password. */
  | { kind: 'signup'; link: string; hours: number }
  /**
   * Someone signed up with an address that already has an account (sign-up answers the same either
   * way); `resetLink` is a live reset link when the account can be reset by mail, else the reset form.
   */
  | { kind: 'signupExists'; signInLink: string; resetLink: string }
  /** Confirm the new address of an e-mail change. */
  | { kind: 'emailChange'; link: string; hours: number }
  /** An account asked to move to this ADMIN_EMAILS address, which only signing up with it can claim. */
  | { kind: 'emailChangeReserved'; signUpLink: string }
  /** Tell the old address that a change to `email` was asked for. */
  | { kind: 'emailChangeNotice'; email: string; resetLink: string }
  /** A password-reset link. */
  | { kind: 'reset'; link: string; minutes: number }
  /** The password was changed or reset. */
  | { kind: 'passwordChanged'; resetLink: string }

const KEYS: Record<AccountMail['kind'], { subject: MessageKey; body: MessageKey }> = {
  signup: { subject: 'accounts.mail.signup.subject', body: 'accounts.mail.signup.body' },
  signupExists: { subject: 'accounts.mail.signupExists.subject', body: 'accounts.mail.signupExists.body' },
  emailChange: { subject: 'accounts.mail.emailChange.subject', body: 'accounts.mail.emailChange.body' },
  emailChangeReserved: { subject: 'accounts.mail.emailChangeReserved.subject', body: 'accounts.mail.emailChangeReserved.body' },
  emailChangeNotice: { subject: 'accounts.mail.emailChangeNotice.subject', body: 'accounts.mail.emailChangeNotice.body' },
  reset: { subject: 'accounts.mail.reset.subject', body: 'accounts.mail.reset.body' },
  passwordChanged: { subject: 'accounts.mail.passwordChanged.subject', body: 'accounts.mail.passwordChanged.body' },
}

/** Notices of a change the signed-in owner made (not links anyone could ask for): never held back. */
export const isOwnerNotice = (mail: AccountMail) => mail.kind === 'passwordChanged' || mail.kind === 'emailChangeNotice'

/** The message `mail` to `to`, in `t`'s language; `site` is the host shown to the reader. */
export function composeMail(t: Translate, to: string, site: string, mail: AccountMail): MailMessage {
  const { kind: _kind, ...values } = mail
  const params = { site, ...values }
  const keys = KEYS[mail.kind]
  return { to, subject: t(keys.subject, params), text: `${t(keys.body, params)}\n\n-- \n${t('accounts.mail.footer', params)}\n` }
}
