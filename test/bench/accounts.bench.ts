/**
 * What the account site's answers tell by their timing (docs/operations.md, security: "the answer to a
 * reset request or a sign-up says nothing about whether the address has an account, not even by how
 * long it takes"). Through the account app in-process, on a real SQLite file, with the log mailer the
 * site uses without SMTP_URL (writing to /dev/null) and the real anti-bot verifier:
 * - `POST /forgot` for an address with a confirmed account and for an unknown one;
 * - `POST /sign-up` for an address with an account and for a new one;
 * - `POST /forgot` again, for one account and one unknown address asked hundreds of times each before
 *   (the account collects spent links; a cost that grows with them would tell it apart);
 * BENCH_ACCOUNTS_SAMPLES (200) of each, after a warm-up, the two kinds in a shuffled order, each from
 * its own client address (so no throttle step differs) and to its own recipient. Figure: how well
 * the time tells the two apart, max(AUC, 1 − AUC) of the two samples (Mann–Whitney: 0.5 = not at
 * all, 1 = every time). Budget ≤ 0.6 (at 200 samples each, equal distributions stay under 0.6 about
 * more than 999 times in 1000).
 * Run: `bun test/bench/accounts.bench.ts` (or `bun run bench accounts`).
 * @module
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAccountsApp } from '../../src/accounts/app'
import { createLogMailer } from '../../src/accounts/mail/log-mailer'
import { testAccountsDeps } from '../../src/accounts/testing/test-deps'
import { openStore } from '../../src/api/store/db'
import { median, record, separability, type Figure } from './report'
import { seededRandom } from './seeded-random'

const SAMPLES = Number(process.env.BENCH_ACCOUNTS_SAMPLES ?? 200)
const WARM_UP = 40
/** Requests to the same two addresses before the repeated samples: an account with a long history of links. */
const REPEATED_WARM_UP = 600
const BUDGET = 0.6
const ORIGIN = 'http://bench.local'

const dir = mkdtempSync(join(tmpdir(), 'ssg-accounts-bench-'))
const store = openStore(dir)
const devNull = openSync('/dev/null', 'w')
const now = Date.now()
const deps = testAccountsDeps(store, { appOrigin: ORIGIN, mailer: createLogMailer((line) => writeSync(devNull, `${line}\n`)), deferMail: undefined, now: () => now })
const app = createAccountsApp(deps)
const ACCOUNTS = 2 * (SAMPLES + WARM_UP) + 10
store.sqlite.transaction(() => {
  const insert = store.sqlite.prepare('INSERT INTO users (id, email, created_at, password_hash, email_verified_at) VALUES (?, ?, ?, ?, ?)')
  for (let i = 0; i < ACCOUNTS; i++) insert.run(`u${i}`, `known${i}@bench.test`, now, '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', now)
})()

let client = 0
let known = 0
let unknown = 0
/** One timed form post from a fresh client address; the deferred work (mail) runs before the next. */
async function timedPost(path: string, email: string): Promise<number> {
  client++
  const body = new URLSearchParams({ email })
  const init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } }
  const t0 = performance.now()
  const res = await app.request(path, init)
  const text = await res.text()
  const ms = performance.now() - t0
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`)
  // Like the gap between two requests over a network: what runs after an answer is not in the next one's time.
  await Bun.sleep(1)
  return ms
}

/** The address of each request: a new one each time, or the same two throughout (an account's history grows). */
interface Addresses {
  known(): string
  unknown(): string
}

/** Times `path` for known and unknown addresses: a warm-up taking turns, then SAMPLES of each in a shuffled order. */
async function compare(path: string, next: () => number, addresses: Addresses, warmUpRounds = WARM_UP) {
  const order = Array.from({ length: 2 * SAMPLES }, (_, i) => i % 2 === 0)
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  const warmUp = Array.from({ length: 2 * warmUpRounds }, (_, i) => i % 2 === 0)
  const times = { known: [] as number[], unknown: [] as number[] }
  for (const [i, isKnown] of [...warmUp, ...order].entries()) {
    const ms = await timedPost(path, isKnown ? addresses.known() : addresses.unknown())
    if (i >= warmUp.length) (isKnown ? times.known : times.unknown).push(ms)
  }
  return { ...times, separability: separability(times.known, times.unknown) }
}

const next = seededRandom(20260110)
const figures: Omit<Figure, 'bench'>[] = []
const fresh: Addresses = { known: () => `known${known++}@bench.test`, unknown: () => `nobody${unknown++}@bench.test` }
/**
 * One account and one unknown address asked again and again, as a prober would: every request leaves a
 * spent link behind for the account, so a cost that grows with its links shows here and not above.
 */
const repeated: Addresses = { known: () => `known${ACCOUNTS - 1}@bench.test`, unknown: () => 'nobody-again@bench.test' }
for (const [path, what, addresses, warmUp] of [
  ['/forgot', 'POST /forgot, confirmed account vs unknown address', fresh, WARM_UP],
  ['/sign-up', 'POST /sign-up, taken vs new address', fresh, WARM_UP],
  ['/forgot', `POST /forgot, one account vs one unknown address, each asked ${REPEATED_WARM_UP} times before`, repeated, REPEATED_WARM_UP],
] as const) {
  known = path === '/forgot' ? 0 : SAMPLES + WARM_UP
  const r = await compare(path, next, addresses, warmUp)
  const note = `median ${median(r.known).toFixed(3)} ms vs ${median(r.unknown).toFixed(3)} ms, ${r.known.length} + ${r.unknown.length} samples`
  figures.push({ figure: `accounts: ${what}, timing separability (AUC)`, value: r.separability, unit: 'score', budget: { max: BUDGET }, note })
}
closeSync(devNull)
store.close()
rmSync(dir, { recursive: true, force: true })
record('accounts', figures)
