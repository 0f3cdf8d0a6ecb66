/**
 * How the account site sends mail (confirmation and recovery links). Two kinds:
 * SMTP when `SMTP_URL` is set, else the server log, so a fresh self-hosted instance works offline
 * and the operator copies the link from the log. Messages are plain text: every client shows them,
 * and links in them cannot be disguised.
 * @module
 */

/** One message. */
export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** Sends messages. */
export interface Mailer {
  /** `smtp` sends for real; `log` writes the message to the server log instead. */
  readonly kind: 'smtp' | 'log'
  send(message: MailMessage): Promise<void>
}
