import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, type BunStore as Store } from '../store/db'
import { createDbAccountPool, putPoolAccount } from './db-account-pool'

let store: Store
let dir: string
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

async function setup() {
  dir = mkdtempSync(join(tmpdir(), 'ssg-pool-'))
  store = openStore(dir)
  for (const [id, name] of [['a'.repeat(32), 'First'], ['b'.repeat(32), 'Second']] as const) {
    await putPoolAccount(store.sql, { id, name, type: 'microsoft', tokenSource: 'login_microsoft', accessToken: `token-${name}` }, 0)
  }
  return createDbAccountPool(store.sql, { minDelayMs: 15_000, rateLimitTimeoutMs: 120_000 })
}

test('hands out each account once at a time, least recently used first, and respects the delay', async () => {
  const pool = await setup()
  const first = await pool.acquire(100_000)
  const second = await pool.acquire(100_000)
  expect(new Set([first!.id, second!.id]).size).toBe(2)
  expect(await pool.acquire(100_000)).toBeNull()
  await pool.release(first!, { ok: true })
  await pool.release(second!, { ok: true })
  expect(await pool.acquire(110_000)).toBeNull()
  expect((await pool.acquire(115_000))!.lastUsed).toBe(115_000)
})

test('a 429 rests the account and is recorded; a success clears the error count', async () => {
  const pool = await setup()
  const a = (await pool.acquire(100_000))!
  await pool.release(a, { ok: false, rateLimited: true, error: 'rate limited', now: 100_000 })
  const row = store.sqlite.query<{ error_count: number; last_error: string; timeout_until: number }, [string]>('SELECT error_count, last_error, timeout_until FROM accounts WHERE id = ?').get(a.id)!
  expect(row).toEqual({ error_count: 1, last_error: 'rate limited', timeout_until: 220_000 })
  const other = (await pool.acquire(200_000))!
  expect(other.id).not.toBe(a.id)
  await pool.release(other, { ok: true })
  expect(await pool.acquire(210_000)).toBeNull()
  const back = (await pool.acquire(220_000))!
  expect(back.id).toBe(a.id)
  await pool.release(back, { ok: true })
  expect(store.sqlite.query<{ error_count: number }, [string]>('SELECT error_count FROM accounts WHERE id = ?').get(a.id)!.error_count).toBe(0)
})
