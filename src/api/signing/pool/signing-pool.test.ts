/**
 * The whole signing-pool path against local stand-ins for Microsoft, Xbox, XSTS, minecraftservices and
 * the session server: a device-code sign-in puts an account in the pool, a job is signed by the mojang
 * signer with the stand-in's key, the clock passes the token's expiry, the token is renewed through
 * the chain and the next job is signed; a revoked sign-in takes the account out of rotation and tells
 * its owner; signing in again brings it back. Neither the database nor a backup holds a token's bytes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { verify } from 'node:crypto'
import { Database } from 'bun:sqlite'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../../../../test/support/microsoft-stand-in'
import { makeSkinPng } from '../../image/fixtures'
import { backupDatabase } from '../../store/backup'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'
import type { PoolActor } from './pool-views'

let ms: MicrosoftStandIn
let t: TestApi
const owner: PoolActor = { userId: 'f'.repeat(32), admin: false }
const HOUR = 3_600_000

beforeAll(async () => {
  ms = await startMicrosoftStandIn({ now: () => t?.clock.now ?? Date.UTC(2026, 10, 22, 12), accounts: 0 })
  t = await startTestApi({
    env: { ...ms.env, SIGNER: 'mojang', POOL_NEW_ACCOUNT_DELAY_S: '0', POOL_MAX_WAIT_S: '0', POOL_REFRESH_EVERY_S: '0' },
    deps: { signer: undefined },
  })
}, 30_000)
afterAll(async () => {
  await t.close()
  await ms.stop()
})

const manager = () => t.api.signingPool.manager

/** Signs the Microsoft user in through the device code, as a person at the verification page would. */
async function signIn(email: string, opts: { renewAccountId?: string } = {}) {
  const started = await manager().startSignIn(owner, opts)
  expect(started).toMatchObject({ status: 'pending', account: null })
  expect(started.verificationUri).toStartWith(ms.hosts.live)
  // Checking before the person approved: still waiting, Microsoft asked again only once the interval passed.
  t.clock.now += started.intervalS * 1000
  expect((await manager().checkSignIn(owner, started.id))!.status).toBe('pending')
  ms.approve(started.userCode, email)
  t.clock.now += started.intervalS * 1000
  return (await manager().checkSignIn(owner, started.id))!
}

/** Queues an upload and waits for its job. */
async function generate(seed: number) {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed)) })
  expect(sub.status).toBe(202)
  await t.api.idle()
  return t.json(`/v2/queue/${sub.body.job.id}`)
}

const signedByStandIn = (skin: { texture: { data: { value: string; signature: string } } }) =>
  verify('sha1', Buffer.from(skin.texture.data.value), ms.publicKeyPem, Buffer.from(skin.texture.data.signature, 'base64'))

describe('a signing account from sign-in to renewal', () => {
  let accountId = ''
  let email = ''

  test('no account yet: the job fails with no_account_available and says how to add one', async () => {
    const job = await generate(801)
    expect(job.body.job.status).toBe('failed')
    expect(job.body.errors[0]).toMatchObject({ code: 'no_account_available' })
    expect(job.body.errors[0].message).toContain('account manager')
  })

  test('a device-code sign-in adds the account to the pool, and a job is signed through it', async () => {
    ;({ email } = await ms.addMicrosoftUser({ name: 'Lender' }))
    const done = await signIn(email)
    expect(done.status).toBe('done')
    expect(done.account).toMatchObject({ name: 'Lender', status: 'ready', uses: 0, ownerUserId: owner.userId })
    accountId = done.account!.id
    const job = await generate(802)
    expect(job.body.job.status).toBe('completed')
    expect(signedByStandIn(job.body.skin)).toBe(true)
    expect(job.body.skin.generator.account).toBe(accountId.slice(0, 16))
    expect((await manager().get(owner, accountId))!.uses).toBe(1)
  })

  test('the delay and the queue follow the pool: one account → 15 s and the 1 s margin between skin changes', async () => {
    const delay = await t.json('/v2/delay')
    expect(delay.body.rateLimit.delay).toEqual({ millis: 16_000, seconds: 16 })
    expect((await t.json('/v2/stats')).body.stats.accounts.usable.global).toBe(1)
  })

  test('past the token expiry the chain renews it before use, and the next job is signed', async () => {
    const refreshesBefore = ms.counts.refreshes
    t.clock.now += 25 * HOUR
    const job = await generate(803)
    expect(job.body.job.status).toBe('completed')
    expect(signedByStandIn(job.body.skin)).toBe(true)
    expect(ms.counts.refreshes).toBe(refreshesBefore + 1)
    const view = (await manager().get(owner, accountId))!
    expect(view.tokenExpiresAt).toBeGreaterThan(t.clock.now)
    // Rotated refresh token stored: a second renewal works too.
    t.clock.now += 25 * HOUR
    expect((await generate(804)).body.job.status).toBe('completed')
    expect(ms.counts.refreshes).toBe(refreshesBefore + 2)
  })

  test('the background refresher renews a token about to expire without a job', async () => {
    t.clock.now += 24 * HOUR - 10 * 60_000
    const before = ms.counts.refreshes
    expect(await t.api.signingPool.refresher.runOnce()).toEqual({ renewed: 1, failed: 0 })
    expect(ms.counts.refreshes).toBe(before + 1)
    expect(await t.api.signingPool.refresher.runOnce()).toEqual({ renewed: 0, failed: 0 })
  })

  test('neither the database nor a backup holds a token', async () => {
    const tokens = [...new Set(ms.requests.filter((r) => r.token).map((r) => r.token!))]
    expect(tokens.length).toBeGreaterThan(0)
    const db = t.api.signingPool
    expect(db).toBeDefined()
    const { path } = backupDatabase({ dataDir: t.dir, out: join(t.dir, 'pool-backup.sqlite') })
    const snapshot = readFileSync(path)
    for (const token of tokens) expect(snapshot.includes(token)).toBe(false)
    const live = Buffer.concat([readFileSync(join(t.dir, 'skins.db')), readFileSync(join(t.dir, 'skins.db-wal'))])
    for (const token of tokens) expect(live.includes(token)).toBe(false)
    // The stand-in's refresh tokens, MSA tokens and device codes have these shapes: none is stored in clear.
    for (const file of [snapshot, live]) expect(file.toString('latin1')).not.toMatch(/(rt|msa|dc|mc)-[0-9a-f]{32}/)
  })

  test('a revoked sign-in takes the account out of rotation, marks it and tells the owner', async () => {
    ms.revokeRefreshTokens(email)
    t.clock.now += 25 * HOUR
    const job = await generate(805)
    expect(job.body.job.status).toBe('failed')
    expect(job.body.errors[0].code).toBe('no_account_available')
    // The account is still in the pool: the job says to sign in again, not to add one.
    expect(job.body.errors[0].message).toContain('None of the 1 signing accounts is in rotation')
    expect(job.body.errors[0].message).toContain('sign in again')
    const view = (await manager().get(owner, accountId))!
    expect(view.status).toBe('needs_sign_in')
    expect(view.errorReason).toBe('sign_in_revoked')
    expect(view.lastError).toContain('sign in again')
    const notes = await t.api.db.all<{ title: string; links: string }>(sql`SELECT title, links FROM notifications WHERE user_id = ${owner.userId}`)
    expect(notes).toHaveLength(1)
    expect(notes[0]!.title).toContain('Lender')
    expect(notes[0]!.links).toContain('/accounts/signing-accounts')
  })

  test('signing in again brings it back; another Microsoft account cannot renew it', async () => {
    const stranger = await ms.addMicrosoftUser({ name: 'Stranger' })
    const wrong = await signIn(stranger.email, { renewAccountId: accountId })
    expect(wrong).toMatchObject({ status: 'failed', errorCode: 'sign_in_wrong_account' })
    const again = await signIn(email, { renewAccountId: accountId })
    expect(again.status).toBe('done')
    expect(again.account).toMatchObject({ id: accountId, status: 'ready', errorCount: 0 })
    expect((await generate(806)).body.job.status).toBe('completed')
  })

  test('a profile signed with another key than the configured one fails its job with invalid_signature; no skin is stored', async () => {
    t.clock.now += 60_000
    const skins = async () => (await t.api.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM skins`))[0]!.n
    const before = await skins()
    await ms.setForeignSigner(true)
    try {
      const job = await generate(807)
      expect(job.body.job.status).toBe('failed')
      expect(job.body.errors[0].code).toBe('invalid_signature')
      expect(job.body.skin).toBeUndefined()
      expect(await skins()).toBe(before)
      // Counted against the account, with its reason; it is not a sign-in problem.
      expect(await manager().get(owner, accountId)).toMatchObject({ status: 'ready', errorCount: 1, errorReason: 'invalid_signature' })
    } finally {
      await ms.setForeignSigner(false)
    }
    t.clock.now += 60_000
    expect((await generate(808)).body.job.status).toBe('completed')
    expect((await manager().get(owner, accountId))!.errorCount).toBe(0)
  })
})

describe('sign-in failures get their own codes', () => {
  test('declined, no ownership and an XSTS refusal', async () => {
    const cases: [Parameters<MicrosoftStandIn['addMicrosoftUser']>[0], string, boolean][] = [
      [{ name: 'Declines' }, 'sign_in_declined', true],
      [{ name: 'NoGame', ownsMinecraft: false, hasProfile: false }, 'no_minecraft_ownership', false],
      [{ name: 'Child', xerr: 2148916238 }, 'xbox_child_needs_family', false],
    ]
    for (const [opts, code, decline] of cases) {
      const user = await ms.addMicrosoftUser(opts)
      const started = await manager().startSignIn(owner)
      if (decline) ms.decline(started.userCode)
      else ms.approve(started.userCode, user.email)
      t.clock.now += started.intervalS * 1000
      expect(await manager().checkSignIn(owner, started.id)).toMatchObject({ status: 'failed', errorCode: code })
    }
  })

  test('a code left unused expires', async () => {
    const started = await manager().startSignIn(owner)
    t.clock.now = started.expiresAt
    expect(await manager().checkSignIn(owner, started.id)).toMatchObject({ status: 'failed', errorCode: 'sign_in_expired' })
  })

  test('another user cannot see or check someone else’s sign-in or account', async () => {
    const started = await manager().startSignIn(owner)
    const other: PoolActor = { userId: 'e'.repeat(32), admin: false }
    expect(await manager().checkSignIn(other, started.id)).toBeNull()
    const [mine] = await manager().list(owner)
    expect(await manager().get(other, mine!.id)).toBeNull()
    expect(await manager().pause(other, mine!.id)).toBe(false)
    expect(await manager().remove(other, mine!.id)).toBe(false)
    expect(await manager().setDisabled(owner, mine!.id, true)).toBe(false)
    expect(await manager().setDisabled({ userId: other.userId, admin: true }, mine!.id, true)).toBe(true)
    expect((await manager().get(owner, mine!.id))!.status).toBe('disabled')
  })

  test('removing an account deletes its sealed tokens from the database files at once', async () => {
    const [mine] = await manager().list(owner)
    const db = new Database(join(t.dir, 'skins.db'), { readonly: true })
    const row = db.query('SELECT access_token, refresh_token FROM accounts WHERE id = ?').get(mine!.id) as { access_token: string; refresh_token: string }
    db.close()
    expect(row.refresh_token).toStartWith('g1.')
    expect(await manager().remove(owner, mine!.id)).toBe(true)
    const files = ['skins.db', 'skins.db-wal'].map((f) => (existsSync(join(t.dir, f)) ? readFileSync(join(t.dir, f)).toString('latin1') : '')).join('')
    for (const sealed of [row.access_token, row.refresh_token]) expect(files.includes(sealed.slice(3, 40))).toBe(false)
  })
})
