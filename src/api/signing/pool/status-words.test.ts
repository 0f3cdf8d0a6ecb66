/**
 * What `bun run pool -- list` and the account views say about a signing account: "needs sign-in" only
 * when Microsoft refused the credentials; an account that only hit errors of another kind (a 429, a bad
 * signature…) is "resting after N errors" or "out of rotation after N errors", with the reason in words
 * and never a raw code. Real SQLite, the real pool and manager, the Microsoft stand-in for the refusal.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../../../../test/support/microsoft-stand-in'
import { apiConfigFromEnv } from '../../config'
import { openStore, type BunStore } from '../../store/db'
import { putPoolAccount } from './pool-account-store'
import { runPoolCommand } from './pool-commands'
import { createSigningPool, type SigningPool } from './signing-pool'
import { accountTokenContext, createTokenBox, type TokenBox } from './token-box'

const MIN = 60_000
let ms: MicrosoftStandIn
let dir: string
let store: BunStore
let box: TokenBox
let signingPool: SigningPool
let clock = Date.UTC(2026, 10, 22, 12)

const RESTING = 'a'.repeat(32)
const OUT = 'b'.repeat(32)
const REVOKED = 'c'.repeat(32)

beforeAll(async () => {
  ms = await startMicrosoftStandIn({ accounts: 0, now: () => clock })
  dir = mkdtempSync(join(tmpdir(), 'ssg-pool-words-'))
  store = openStore(dir)
  box = await createTokenBox('w'.repeat(40))
  const config = apiConfigFromEnv({ ...ms.env, DATA_DIR: dir, POOL_NEW_ACCOUNT_DELAY_S: '0' })
  signingPool = createSigningPool({ sql: store.sql, box, config: config.pool, now: () => clock, managerUrl: 'http://site.test/accounts/signing-accounts' })
  for (const [id, name] of [[RESTING, 'Resting'], [OUT, 'Overused'], [REVOKED, 'Revoked']] as const) {
    await putPoolAccount(store.sql, box, { id, name, type: 'microsoft', tokenSource: 'login_microsoft', accessToken: `token-${name}`, tokenExpiresAt: clock + 24 * 60 * MIN }, 0)
  }
})
afterAll(async () => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
  await ms.stop()
})

/** One use of `id` that Mojang answered with 429, as the signer reports it. */
async function rateLimited(id: string) {
  const { pool } = signingPool
  for (;;) {
    const account = await pool.acquire(clock)
    if (!account) throw new Error('nothing to acquire')
    if (account.id === id) return pool.release(account, { ok: false, cooldown: true, code: 'rate_limited', error: 'Mojang is rate limiting the account; try again later', now: clock, changedAt: clock })
    await pool.release(account, { ok: true, changedAt: clock })
  }
}

async function list() {
  const lines: string[] = []
  await runPoolCommand(['list'], { signingPool, sql: store.sql, box, now: () => clock, sleep: async () => {}, out: (l) => lines.push(l) })
  return lines.join('\n')
}

const view = async (id: string) => (await signingPool.manager.get({ userId: null, admin: true }, id))!

test('ten 429s in a row take an account out of rotation: "out of rotation after 10 errors", not "needs sign-in"', async () => {
  for (let i = 0; i < 10; i++) {
    await rateLimited(OUT)
    clock += 11 * MIN
  }
  expect(await view(OUT)).toMatchObject({ status: 'out_of_rotation', errorCount: 10, errorReason: 'rate_limited' })
  const line = (await list()).split('\n').find((l) => l.startsWith('Overused'))!
  expect(line).toContain('out of rotation after 10 errors: Mojang rate limited the skin change')
  expect(line).not.toContain('sign')
})

test('one 429 rests the account: "resting after 1 error" with when it ends and why', async () => {
  await rateLimited(RESTING)
  expect(await view(RESTING)).toMatchObject({ status: 'cooling_down', errorCount: 1, errorReason: 'rate_limited' })
  const line = (await list()).split('\n').find((l) => l.startsWith('Resting'))!
  expect(line).toContain('resting after 1 error (until in 11 min): Mojang rate limited the skin change')
})

test('a refresh token Microsoft refuses (invalid_grant) is the one case of "needs sign-in"', async () => {
  // A refresh token the stand-in never issued answers invalid_grant, as a revoked one does at Microsoft.
  const refresh = await box.seal('rt-unknown', accountTokenContext(REVOKED, 'refresh'))
  await store.sql.run(`UPDATE accounts SET refresh_token = ?, auth_flow = 'live', token_expires_at = ? WHERE id = ?`, [refresh, clock - 1, REVOKED])
  expect(await signingPool.refresher.runOnce()).toEqual({ renewed: 0, failed: 1 })
  expect(await view(REVOKED)).toMatchObject({ status: 'needs_sign_in', errorReason: 'sign_in_revoked' })
  const out = await list()
  expect(out.split('\n').find((l) => l.startsWith('Revoked'))).toContain('needs sign-in: Microsoft no longer accepts the saved sign-in')
  // Only that account: the others keep their own words, and no status is printed as a code.
  expect(out.match(/needs sign-in/g)).toHaveLength(1)
  expect(out).not.toMatch(/needs_sign_in|cooling_down|out_of_rotation|rate_limited|sign_in_revoked|needs sign_in/)
})
