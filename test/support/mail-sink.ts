/**
 * A local SMTP server for the tests: the real server sends its confirmation and
 * reset mail here over SMTP (`SMTP_URL`), and tests read the messages and follow their links as a
 * user would. smtp-server and mailparser are nodemailer's own server and parser.
 * @module
 */
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** One received message. */
export interface ReceivedMail {
  to: string
  from: string
  subject: string
  text: string
}

/** Which message to wait for. */
export interface WaitOptions {
  match?: (mail: ReceivedMail) => boolean
  /** Only messages after this many received ones (take `sink.messages.length` before the action). */
  since?: number
  timeoutMs?: number
}

/** A running sink. */
export interface MailSink {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string
  messages: ReceivedMail[]
  /** The newest message to `to` that `opts.match` accepts among those received after the first `opts.since`, waiting for it. */
  waitFor(to: string, opts?: WaitOptions): Promise<ReceivedMail>
  /** The first link to `path` (e.g. `/accounts/verify`) in the newest such message to `to`. */
  link(to: string, path: string, opts?: WaitOptions): Promise<string>
  close(): Promise<void>
}

/** Starts a sink on a free loopback port. */
export async function startMailSink(): Promise<MailSink> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '')
        messages.push({ to, from: mail.from?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '' })
        done()
      }, done)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as { port: number }).port

  const waitFor = async (to: string, { match = () => true, since = 0, timeoutMs = 15_000 }: WaitOptions = {}) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = messages.slice(since).filter((m) => m.to === to && match(m)).at(-1)
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (got: ${messages.map((m) => `${m.to} "${m.subject}"`).join('; ') || 'none'})`)
      await Bun.sleep(50)
    }
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    async link(to, path, opts = {}) {
      const pattern = new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}\\?\\S+`)
      const mail = await waitFor(to, { ...opts, match: (m) => pattern.test(m.text) && (opts.match?.(m) ?? true) })
      return pattern.exec(mail.text)![0]
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
