/**
 * Starting and stopping the real Bun entry with SIGNER=mojang and a signing account whose token is due
 * for renewal (docs/signing.md "Starting and stopping"), against the Microsoft stand-in:
 * - a second server on a taken port exits with a clear message and sends no request at all to the
 *   Microsoft (or Minecraft) hosts: renewing spends the refresh token the running server holds;
 * - a server on a free port renews at once, and a SIGTERM while that renewal waits for Microsoft's
 *   answer lets it finish: the rotated refresh token is stored and works for the next renewal.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiConfigFromEnv } from '../../src/api/config'
import { createSigningPool } from '../../src/api/signing/pool/signing-pool'
import { accountTokenContext } from '../../src/api/signing/pool/token-box'
import { loadTokenBox } from '../../src/api/signing/pool/token-key-file'
import { openStore } from '../../src/api/store/db'
import { freePort, waitForHttp } from '../support/bun-server'
import { eventually } from '../support/eventually'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../support/microsoft-stand-in'

const ROOT = join(import.meta.dir, '../..')
const OPERATOR = { userId: null, admin: true } as const

let ms: MicrosoftStandIn
let dataDir: string
/** The stand-in's clock: real time, moved on by the sign-in's poll interval. */
let clock = Date.now()
let accountId = ''

beforeAll(async () => {
  ms = await startMicrosoftStandIn({ accounts: 0, now: () => Math.max(clock, Date.now()) })
  dataDir = mkdtempSync(join(tmpdir(), 'ssg-pool-lifecycle-'))
}, 30_000)
afterAll(async () => {
  await ms?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Env of a server on `port` over the shared DATA_DIR, signing through the pool. */
const serverEnv = (port: number) => ({ ...process.env, ...ms.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DEMO_SKINS: '0', SIGNER: 'mojang' })

/** Signs a Microsoft user in through the device code, as `bun run pool -- login` does, and makes its token due for renewal. */
async function lendAccount() {
  const store = openStore(dataDir)
  try {
    const box = await loadTokenBox(dataDir)
    const config = apiConfigFromEnv({ ...ms.env, DATA_DIR: dataDir })
    const pool = createSigningPool({ sql: store.sql, box, config: config.pool, now: () => clock, managerUrl: 'http://127.0.0.1/accounts/signing-accounts' })
    const user = await ms.addMicrosoftUser({ name: 'Lifecycle' })
    const started = await pool.manager.startSignIn(OPERATOR)
    ms.approve(started.userCode, user.email)
    clock += started.intervalS * 1000
    const done = await pool.manager.checkSignIn(OPERATOR, started.id)
    if (done?.status !== 'done' || !done.account) throw new Error(`sign-in did not finish: ${JSON.stringify(done)}`)
    accountId = done.account.id
    // Expiring within POOL_REFRESH_BEFORE_MIN: a server's background refresher renews it as soon as it starts.
    await store.sql.run('UPDATE accounts SET token_expires_at = ? WHERE id = ?', [Date.now() + 60_000, accountId])
  } finally {
    store.close()
  }
}

/** The stored refresh token, opened. */
async function storedRefreshToken(): Promise<string> {
  const store = openStore(dataDir)
  try {
    const row = await store.sql.get<{ refresh_token: string }>('SELECT refresh_token FROM accounts WHERE id = ?', [accountId])
    return (await loadTokenBox(dataDir)).open(row!.refresh_token, accountTokenContext(accountId, 'refresh'))
  } finally {
    store.close()
  }
}

test('a second server on a taken port exits with a clear message and sends no request to the Microsoft host', async () => {
  await lendAccount()
  const taken = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('the running server') })
  const before = ms.requests.length
  const refreshesBefore = ms.counts.refreshes
  try {
    const child = Bun.spawn(['bun', 'src/server/bun.ts'], { cwd: ROOT, env: serverEnv(taken.port!), stdout: 'pipe', stderr: 'pipe' })
    const exitCode = await child.exited
    const stderr = await new Response(child.stderr).text()
    expect(exitCode).toBe(1)
    expect(stderr).toContain(`Port ${taken.port} on 127.0.0.1 is already in use`)
    expect(stderr).toContain('Nothing was started')
    expect(ms.requests.slice(before)).toEqual([])
    expect(ms.counts.refreshes).toBe(refreshesBefore)
  } finally {
    taken.stop(true)
  }
}, 60_000)

test('on a free port the server renews at once; a SIGTERM during the renewal waits for it, and the rotated refresh token is stored', async () => {
  const spent = await storedRefreshToken()
  const hold = ms.holdRefreshes()
  const port = freePort()
  const child = Bun.spawn(['bun', 'src/server/bun.ts'], { cwd: ROOT, env: serverEnv(port), stdout: 'ignore', stderr: 'pipe' })
  try {
    await waitForHttp(`http://127.0.0.1:${port}/robots.txt`, 60_000, () => child.exitCode === null)
    // The renewal has asked Microsoft and waits for its answer: stop the server now.
    await hold.arrived
    child.kill('SIGTERM')
    // It stops taking requests first; only then does Microsoft answer.
    await eventually(async () => !(await fetch(`http://127.0.0.1:${port}/robots.txt`).then(() => true, () => false)), 'the server to stop listening', 10_000)
    hold.release()
    expect(await child.exited).toBe(0)
  } finally {
    hold.release()
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  const rotated = await storedRefreshToken()
  expect(rotated).not.toBe(spent)
  // The stored token is the live one: Microsoft takes it (a spent one answers invalid_grant).
  const answer = await fetch(`${ms.hosts.live}/oauth20_token.srf`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: '00000000441cc96b', grant_type: 'refresh_token', refresh_token: rotated, scope: 'service::user.auth.xboxlive.com::MBI_SSL' }),
  })
  expect(answer.status).toBe(200)
}, 90_000)
