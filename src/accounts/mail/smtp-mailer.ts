/**
 * SMTP delivery with nodemailer: the maintained SMTP client for Node-compatible
 * runtimes (STARTTLS, SMTPS, AUTH, UTF-8 headers and quoted-printable bodies for all nine languages),
 * which a hand-written client would have to redo. Configured by one URL, e.g.
 * `smtp://user:pass@mail.example:587` or `smtps://user:pass@mail.example:465`.
 * @module
 */
import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'

/** Options of {@link createSmtpMailer}. */
export interface SmtpMailerOptions {
  /** `smtp://` or `smtps://` URL with optional credentials and query options (nodemailer's URL form). */
  url: string
  /** The `From` header, e.g. `Skin Signature Generator <no-reply@skins.example>`. */
  from: string
}

/** A mailer that delivers through the SMTP server at `url`. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  // Short timeouts: a stuck mail server must not keep sockets open (sends run after the answer).
  const transport = nodemailer.createTransport(options.url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text })
    },
  }
}
