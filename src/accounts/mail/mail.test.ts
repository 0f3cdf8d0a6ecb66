/**
 * Account mail: every mail in every language fills all its placeholders and keeps
 * its link on a line of its own; without SMTP_URL a mail is one log line with its link whole; with it,
 * nodemailer delivers to a real SMTP server (the test sink) with the configured sender.
 * @module
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startMailSink, type MailSink } from '../../../test/support/mail-sink'
import { LOCALE_TABLES } from '../../shared/i18n/locale-tables'
import { createTranslator } from '../../shared/i18n/translator'
import { LOCALE_CODES } from '../../shared/locales'
import { createLogMailer } from './log-mailer'
import { mailerFromEnv } from './mail-config'
import { composeMail, type AccountMail } from './messages'

const LINK = 'https://skins.example/accounts/reset?lang=en&token=' + 'A'.repeat(43)
const MAILS: AccountMail[] = [
  { kind: 'signup', link: LINK, hours: 24 },
  { kind: 'signupExists', signInLink: LINK, resetLink: LINK },
  { kind: 'emailChange', link: LINK, hours: 24 },
  { kind: 'emailChangeReserved', signUpLink: LINK },
  { kind: 'emailChangeNotice', email: 'new@example.test', resetLink: LINK },
  { kind: 'reset', link: LINK, minutes: 30 },
  { kind: 'passwordChanged', resetLink: LINK },
]

let sink: MailSink
beforeAll(async () => {
  sink = await startMailSink()
})
afterAll(() => sink.close())

describe('account mail', () => {
  test('every mail in all nine languages: placeholders filled, the site named, links whole', () => {
    for (const locale of LOCALE_CODES) {
      const t = createTranslator(locale, LOCALE_TABLES[locale])
      for (const mail of MAILS) {
        const message = composeMail(t, 'to@example.test', 'skins.example', mail)
        const label = `${locale} ${mail.kind}`
        expect(message.subject + message.text, label).not.toContain('{{')
        expect(message.subject, label).toContain('skins.example')
        // A link is never glued to punctuation or split, so every mail client can open it.
        expect(message.text.split(/\s/).filter((word) => word.includes('https://')).every((word) => word === LINK), label).toBe(true)
      }
    }
  })

  test('without SMTP_URL a mail is one log line carrying its link', async () => {
    const lines: string[] = []
    const mailer = createLogMailer((line) => lines.push(line))
    await mailer.send(composeMail(createTranslator('en', LOCALE_TABLES.en), 'to@example.test', 'skins.example', MAILS[4]!))
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain('\n')
    expect(lines[0]).toContain(LINK)
    expect(mailerFromEnv({}, 'http://localhost:8787', 'Product').kind).toBe('log')
    expect(() => mailerFromEnv({ SMTP_URL: 'http://not-smtp' }, 'http://localhost:8787', 'Product')).toThrow('SMTP_URL')
  })

  test('with SMTP_URL nodemailer delivers over SMTP, from no-reply@<PUBLIC_URL host> or MAIL_FROM', async () => {
    const t = createTranslator('hi', LOCALE_TABLES.hi)
    await mailerFromEnv({ SMTP_URL: sink.url }, 'https://skins.example', 'Skin Signature Generator').send(composeMail(t, 'a@example.test', 'skins.example', MAILS[4]!))
    const mail = await sink.waitFor('a@example.test')
    expect(mail.from).toBe('"Skin Signature Generator" <no-reply@skins.example>')
    expect(mail.subject).toBe(composeMail(t, 'a@example.test', 'skins.example', MAILS[4]!).subject)
    expect(mail.text).toContain(LINK)
    await mailerFromEnv({ SMTP_URL: sink.url, MAIL_FROM: 'Ops <ops@example.test>' }, 'https://skins.example', 'x').send({ to: 'b@example.test', subject: 's', text: 't' })
    expect((await sink.waitFor('b@example.test')).from).toBe('"Ops" <ops@example.test>')
  })
})
