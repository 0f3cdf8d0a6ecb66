/**
 * Mail settings of the account site, from the environment.
 * @module
 */
import { z } from 'zod'
import { createLogMailer } from './log-mailer'
import type { Mailer } from './mailer'
import { createSmtpMailer } from './smtp-mailer'

/** The variables. */
export const mailEnvSchema = z.object({
  /**
   * SMTP server for confirmation and password-reset mail, e.g. `smtp://user:pass@mail.example:587`
   * (STARTTLS when the server offers it) or `smtps://user:pass@mail.example:465`. Unset: mail is
   * written to the server log instead, and nothing is sent.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of account mail. Default: `<product> <no-reply@<host of PUBLIC_URL>>`. */
  MAIL_FROM: z.string().max(320).optional(),
})

/** The mailer the variables describe; `publicUrl` names the default sender's domain. */
export function mailerFromEnv(env: Record<string, string | undefined>, publicUrl: string, product: string): Mailer {
  const parsed = mailEnvSchema.safeParse(env)
  if (!parsed.success) throw new Error(`Invalid mail settings: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
  const { SMTP_URL, MAIL_FROM } = parsed.data
  if (!SMTP_URL) return createLogMailer()
  return createSmtpMailer({ url: SMTP_URL, from: MAIL_FROM ?? `${product} <no-reply@${new URL(publicUrl).hostname}>` })
}
