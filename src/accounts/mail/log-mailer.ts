/**
 * The development mailer: without `SMTP_URL` a message is written to the server
 * log as one line, recipient, subject and text (JSON-quoted, so its links stay whole and one mail
 * never spans log lines). Nothing leaves the machine.
 * @module
 */
import type { Mailer } from './mailer'

/** A mailer that logs through `log` (console.log by default). */
export function createLogMailer(log: (line: string) => void = console.log): Mailer {
  return {
    kind: 'log',
    async send(message) {
      log(`[mail] not sent (SMTP_URL is not set): to=${message.to} subject=${JSON.stringify(message.subject)} text=${JSON.stringify(message.text)}`)
    },
  }
}
