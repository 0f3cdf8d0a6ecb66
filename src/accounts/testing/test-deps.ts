/**
 * The account site's dependencies for tests: a real SQLite store, a mailer that keeps what it was
 * asked to send (the links in it are what a user would click), and a real altcha verifier with cheap
 * challenges plus a solver, so throttled forms are tested with real proofs. Importing it installs
 * argon2id with cheap parameters for password hashes (see {@link TEST_PASSWORDS}).
 * @module
 */
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { createAltchaVerifierWithSecret } from '../../api/antibot/altcha'
import { sqliteSpentProofStore } from '../../api/antibot/spent-proof-store'
import type { Database } from 'bun:sqlite'
import type { Db } from '../../api/store/db'
import type { AccountsDeps } from '../deps'
import type { MailMessage, Mailer } from '../mail/mailer'
import { usePasswords, type Passwords } from '../services/passwords'

/**
 * argon2id through Bun's native code with 1 MiB and one pass instead of 64 MiB and two: the same
 * algorithm, hash format and code path, about 100× cheaper. Account tests sign in hundreds of times
 * (the redirect fuzz, throttling) and check flows, not hashing cost; passwords.test.ts checks the real
 * parameters. A hash names its parameters, so these verify like any other.
 */
export const TEST_PASSWORDS: Passwords = {
  hash: (password) => Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 1024, timeCost: 1 }),
  async verify(password, hash) {
    try {
      return await Bun.password.verify(password, hash)
    } catch {
      return false
    }
  },
}
usePasswords(TEST_PASSWORDS)

/** A mailer that records messages instead of sending them. */
export interface RecordingMailer extends Mailer {
  sent: MailMessage[]
  /** The newest message to `to`, or undefined. */
  last(to: string): MailMessage | undefined
  /** The first account-site link (`/accounts/<path>?…`) in the newest message to `to`, as a path with query. */
  link(to: string, path: string): string | undefined
}

/** A {@link RecordingMailer}; `kind` says how pages describe it (`smtp` unless told). */
export function createRecordingMailer(kind: Mailer['kind'] = 'smtp'): RecordingMailer {
  const sent: MailMessage[] = []
  const last = (to: string) => sent.filter((m) => m.to === to).at(-1)
  return {
    kind,
    sent,
    last,
    async send(message) {
      sent.push(message)
    },
    link(to, path) {
      const url = last(to)?.text.match(new RegExp(`https?://\\S+/accounts${path}\\?\\S+`))?.[0]
      return url ? url.slice(url.indexOf('/accounts') + '/accounts'.length) : undefined
    },
  }
}

/** A real altcha verifier over the store's `antibot_spent` table, with challenges a test solves in milliseconds. */
export const testAntiBot = (store: { sqlite: Database }) => createAltchaVerifierWithSecret({ secret: 'a'.repeat(64), spent: sqliteSpentProofStore(store.sqlite), minCounter: 1, maxCounter: 40 })

/** Solves a challenge answered by `GET /challenge` into the `proof` form field's value. */
export async function solveProof(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('could not solve the challenge')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** The deps every account-site test shares; override what a test needs. */
/** `store`: the Drizzle database (bun:sqlite or D1) and a bun:sqlite connection for the anti-bot's spent proofs. */
export function testAccountsDeps(store: { db: Db; sqlite: Database }, overrides: Partial<AccountsDeps> & Pick<AccountsDeps, 'appOrigin'>): AccountsDeps & { mailer: RecordingMailer } {
  return {
    db: store.db,
    sessionSecret: 'f'.repeat(64),
    basePath: '/accounts',
    secureCookies: false,
    manifest: async () => ({ buildId: 'test', client: '/assets/client.js', clientImports: [], css: '/assets/styles-test.css', adminCss: '/assets/admin-test.css', icons: '/assets/icons.svg', islands: {}, accountProof: '/assets/proof-form.js' }),
    mailer: createRecordingMailer(),
    antibot: testAntiBot(store),
    // At once, so a test reads the mail right after the answer (the bench keeps the default: after the answer).
    deferMail: (send) => void send(),
    ...overrides,
  } as AccountsDeps & { mailer: RecordingMailer }
}
