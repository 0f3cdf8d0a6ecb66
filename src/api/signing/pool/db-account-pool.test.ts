import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, type BunStore as Store } from '../../store/db'
import { createDbAccountPool, DEFAULT_ROTATION, type RotationRules } from './db-account-pool'
import { putPoolAccount, sealLegacyTokens } from './pool-account-store'
import { createTokenBox } from './token-box'

let store: Store
let dir: string
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const A = 'a'.repeat(32)
const B = 'b'.repeat(32)
const row = (id: string) => store.sqlite.query<Record<string, number | string | null>, [string]>('SELECT * FROM accounts WHERE id = ?').get(id)!

async function setup(rules: Partial<RotationRules> = {}) {
  dir = mkdtempSync(join(tmpdir(), 'ssg-pool-'))
  store = openStore(dir)
  const box = await createTokenBox('k'.repeat(40))
  for (const [id, name] of [[A, 'First'], [B, 'Second']] as const) {
    await putPoolAccount(store.sql, box, { id, name, type: 'microsoft', tokenSource: 'login_microsoft', accessToken: `token-${name}` }, 0)
  }
  return { box, pool: createDbAccountPool({ sql: store.sql, box, rules: { ...DEFAULT_ROTATION, newAccountDelayMs: 0, ...rules } }) }
}

test('hands out each account once at a time, least recently used first, and respects the delay', async () => {
  const { pool } = await setup()
  const first = await pool.acquire(100_000)
  const second = await pool.acquire(100_000)
  expect(new Set([first!.id, second!.id]).size).toBe(2)
  expect([first!.accessToken, second!.accessToken].sort()).toEqual(['token-First', 'token-Second'])
  expect(await pool.acquire(100_000)).toBeNull()
  await pool.release(first!, { ok: true })
  await pool.release(second!, { ok: true })
  // 15 s and the 1 s margin (DEFAULT_ROTATION).
  expect(await pool.acquire(115_999)).toBeNull()
  expect((await pool.acquire(116_000))!.lastUsed).toBe(116_000)
  expect(row(A).uses).toBe(1)
})

test('the delay and its margin count from the answer to the skin change (the outcome), not from when the account was taken', async () => {
  const { pool } = await setup({ minDelayMs: 15_000, delayMarginMs: 1000 })
  const a = (await pool.acquire(100_000))!
  const b = (await pool.acquire(100_000))!
  // The upload took 3 s on the wire: its answer arrived at 103 000.
  await pool.release(a, { ok: true, changedAt: 103_000 })
  await pool.release(b, { ok: false, code: 'rate_limited', error: 'rate limited', now: 103_000, changedAt: 103_000 })
  expect(row(a.id)).toMatchObject({ last_used: 103_000, last_error_code: null })
  expect(row(b.id)).toMatchObject({ last_used: 103_000, last_error_code: 'rate_limited' })
  expect(await pool.acquire(118_999)).toBeNull()
  expect((await pool.availability(118_999)).nextAt).toBe(119_000)
  expect((await pool.acquire(119_000))!.id).toBe(a.id)
})

test('a second pool over the same database (another process) never takes a locked account', async () => {
  const { pool, box } = await setup()
  const other = createDbAccountPool({ sql: store.sql, box, rules: { ...DEFAULT_ROTATION, newAccountDelayMs: 0 } })
  const got = await Promise.all([pool.acquire(100_000), other.acquire(100_000), pool.acquire(100_000), other.acquire(100_000)])
  expect(got.filter(Boolean).map((a) => a!.id).sort()).toEqual([A, B])
  // The lock ends after lockMs even when the holder never comes back (a crashed process).
  expect(await other.acquire(100_000 + DEFAULT_ROTATION.lockMs)).not.toBeNull()
})

test('a cooldown rests the account for cooldownMs; a success clears the error count; maxErrors takes it out', async () => {
  const { pool } = await setup({ maxErrors: 2 })
  const a = (await pool.acquire(100_000))!
  await pool.release(a, { ok: false, cooldown: true, error: 'rate limited', now: 100_000 })
  expect(row(a.id)).toMatchObject({ error_count: 1, last_error: 'rate limited', last_error_at: 100_000, timeout_until: 100_000 + 650_000, locked_until: 0 })
  const b = (await pool.acquire(200_000))!
  expect(b.id).not.toBe(a.id)
  expect(await pool.availability(200_000)).toMatchObject({ inRotation: 2, healthy: 1, usable: 0 })
  await pool.release(b, { ok: true })
  const back = (await pool.acquire(750_000))!
  expect(back.id).toBe(a.id)
  await pool.release(back, { ok: true })
  expect(row(a.id).error_count).toBe(0)
  for (const t of [800_000, 900_000]) {
    const x = (await pool.acquire(t))!
    await pool.release(x.id === a.id ? x : x, { ok: false, error: 'boom', now: t })
  }
  // Two errors in a row on each account with maxErrors 2: nothing is in rotation any more.
  const c = await pool.acquire(1_000_000)
  if (c) await pool.release(c, { ok: false, error: 'boom', now: 1_000_000 })
  const d = await pool.acquire(1_100_000)
  if (d) await pool.release(d, { ok: false, error: 'boom', now: 1_100_000 })
  expect(await pool.acquire(2_000_000)).toBeNull()
  expect((await pool.availability(2_000_000)).inRotation).toBe(0)
})

test('tokens are sealed in the database; tokens an older version stored in clear are sealed on start', async () => {
  const { box, pool } = await setup()
  store.sqlite.run(`UPDATE accounts SET access_token = 'legacy-clear-token' WHERE id = ?`, [B])
  expect(await sealLegacyTokens(store.sql, box)).toBe(1)
  store.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
  const file = readFileSync(join(dir, 'skins.db'))
  for (const token of ['token-First', 'token-Second', 'legacy-clear-token']) expect(file.includes(token)).toBe(false)
  const got = [(await pool.acquire(100_000))!, (await pool.acquire(100_000))!]
  expect(got.map((a) => a.accessToken).sort()).toEqual(['legacy-clear-token', 'token-First'])
})

test('a new account is handed out only newAccountDelayMs after it was added', async () => {
  const { pool } = await setup({ newAccountDelayMs: 60_000 })
  expect(await pool.acquire(59_999)).toBeNull()
  expect((await pool.availability(59_999)).nextAt).toBe(60_000)
  expect(await pool.acquire(60_000)).not.toBeNull()
})

test('capes: a cape job is handed only an account that owns the cape (any id spelling); one given back unused keeps its delay', async () => {
  const { pool } = await setup()
  const migrator = '5af20372-79e0-4e1f-80f8-6bd8e3135995'
  // B owns the cape; A, the cape-less one, is the least recently used and would be taken first otherwise.
  await pool.setCapes(B, [migrator])
  store.sqlite.query('UPDATE accounts SET last_used = ? WHERE id = ?').run(1, B)
  expect(await pool.ownedCapes(100_000)).toEqual([migrator.replaceAll('-', '')])
  expect(await pool.availability(100_000, { cape: migrator.replaceAll('-', '').toUpperCase() })).toMatchObject({ inRotation: 1, usable: 1 })
  expect(await pool.availability(100_000, { cape: 'f'.repeat(32) })).toMatchObject({ inRotation: 0, usable: 0 })
  expect(await pool.acquire(100_000, { cape: 'f'.repeat(32) })).toBeNull()
  const owner = (await pool.acquire(100_000, { cape: migrator }))!
  expect(owner).toMatchObject({ id: B, capes: [migrator] })
  // Only B owns it, and B is held.
  expect(await pool.acquire(100_000, { cape: migrator })).toBeNull()
  // Given back without a skin change: free at once, its last change still the one before.
  await pool.release(owner, { ok: true, unused: true })
  expect(row(B)).toMatchObject({ last_used: 1, uses: 0, locked_until: 0 })
  expect((await pool.acquire(100_001, { cape: migrator }))!.id).toBe(B)
  // An account out of rotation does not count: its capes are not offered.
  store.sqlite.query('UPDATE accounts SET paused_at = 1 WHERE id = ?').run(B)
  expect(await pool.ownedCapes(100_000)).toEqual([])
})
