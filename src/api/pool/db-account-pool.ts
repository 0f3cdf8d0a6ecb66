/**
 * The mojang signer's account pool over the `accounts` table (api-contract AccountPool; reference
 * mineskin-api.md §2.4): least recently used usable account first, `last_used` stamped on acquire,
 * outcomes written back (errors counted, 429s rest the account). Usability rules are P's
 * `isAccountUsable` / `applyOutcome`, shared with the in-memory pool.
 * @module
 */
import type { SqlClient } from '../store/sql'
// Not the '../signer' barrel: it loads the file-key signer (node:fs), which the API Worker must not bundle.
import { minecraftAccountSchema, type MinecraftAccount } from '../signer/account'
import { applyOutcome, DEFAULT_POOL_OPTIONS, isAccountUsable, type AccountPool, type AccountPoolOptions } from '../signer/account-pool'

interface AccountRow {
  id: string
  name: string
  type: string
  token_source: string
  access_token: string
  token_expires_at: number | null
  enabled: number
  last_used: number
  error_count: number
  last_error: string | null
  timeout_until: number
}

const toAccount = (r: AccountRow): MinecraftAccount =>
  minecraftAccountSchema.parse({
    id: r.id,
    name: r.name,
    type: r.type,
    tokenSource: r.token_source,
    accessToken: r.access_token,
    tokenExpiresAt: r.token_expires_at,
    enabled: r.enabled === 1,
    lastUsed: r.last_used,
    errorCount: r.error_count,
    lastError: r.last_error,
    timeoutUntil: r.timeout_until,
  })

/** Creates the database-backed pool. Accounts in use are tracked per process. */
export function createDbAccountPool(sql: SqlClient, opts: AccountPoolOptions = {}): AccountPool {
  const o = { ...DEFAULT_POOL_OPTIONS, ...opts }
  const inUse = new Set<string>()
  return {
    async acquire(now) {
      const rows = await sql.all<AccountRow>('SELECT * FROM accounts WHERE enabled = 1 AND timeout_until <= ? ORDER BY last_used ASC LIMIT 100', [now])
      for (const row of rows) {
        if (inUse.has(row.id)) continue
        const account = toAccount(row)
        if (!isAccountUsable(account, now, o)) continue
        // Marked in use before the write is awaited, so a concurrent acquire skips it.
        inUse.add(account.id)
        await sql.run('UPDATE accounts SET last_used = ? WHERE id = ?', [now, account.id])
        return { ...account, lastUsed: now }
      }
      return null
    },
    async release(account, outcome) {
      inUse.delete(account.id)
      const row = await sql.get<AccountRow>('SELECT * FROM accounts WHERE id = ?', [account.id])
      if (!row) return
      const next = applyOutcome(toAccount(row), outcome, o.rateLimitTimeoutMs)
      await sql.run('UPDATE accounts SET error_count = ?, last_error = ?, timeout_until = ? WHERE id = ?', [next.errorCount, next.lastError, next.timeoutUntil, account.id])
    },
  }
}

/** Adds (or replaces) a pool account; `capes` are the Mojang cape ids it owns. */
export async function putPoolAccount(sql: SqlClient, account: Pick<MinecraftAccount, 'id' | 'name' | 'type' | 'tokenSource' | 'accessToken'> & { tokenExpiresAt?: number | null; capes?: string[] }, now: number): Promise<void> {
  await sql.run(
      `INSERT INTO accounts (id, name, type, token_source, access_token, token_expires_at, enabled, last_used, error_count, timeout_until, capes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 1, 0, 0, 0, ?, ?)
       ON CONFLICT(id) DO UPDATE SET name = excluded.name, type = excluded.type, token_source = excluded.token_source,
         access_token = excluded.access_token, token_expires_at = excluded.token_expires_at, enabled = 1, error_count = 0,
         last_error = NULL, timeout_until = 0, capes = excluded.capes`,
    [account.id, account.name, account.type, account.tokenSource, account.accessToken, account.tokenExpiresAt ?? null, JSON.stringify(account.capes ?? []), now],
  )
}
