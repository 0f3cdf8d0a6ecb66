/**
 * The mojang signer's account pool over the `accounts` table (defaults from
 * MineSkin, reference account-pool.md §3). Handing out is one atomic `UPDATE … RETURNING` that takes a
 * lock, so two jobs — in this process or another — never use one account. An account is handed out
 * when it is in rotation (enabled, not paused, no sign-in needed, fewer than `maxErrors` errors in a
 * row), its lock is free, its cooldown is over, the answer to its last skin change arrived at least
 * `minDelayMs` + `delayMarginMs` ago (`last_used`, set from the signer's outcome: reference
 * account-pool.md §6) and it was added `newAccountDelayMs` ago; least recently used first. A Minecraft token that expires within
 * `refreshBeforeMs` is renewed through the Microsoft chain before use (./token-renewal.ts).
 * @module
 */
import { randomHex } from '../../ids'
import type { SqlClient } from '../../store/sql'
import { compactCapeId, minecraftAccountSchema, type MinecraftAccount } from '../signer/account'
import type { AccountPool, AccountWant, PoolAvailability } from '../signer/account-pool'
import { capesOf, IN_ROTATION_SQL, ownSkinOf, OWNS_CAPE_SQL, type AccountRow } from './account-row'
import { accountTokenContext, isSealed, type TokenBox } from './token-box'
import { renewAccountTokens, type RenewalDeps } from './token-renewal'

/** Rotation rules (all configurable, `POOL_*` in src/api/config.ts). */
export interface RotationRules {
  /** Minimum time between two skin changes of one account, from the answer to the previous one. MineSkin: 15 s. */
  minDelayMs: number
  /** Added to `minDelayMs`: Mojang's exact threshold and measuring point are not public (POOL_DELAY_MARGIN_MS). */
  delayMarginMs: number
  /** Rest after a 429, a refused token or a URL mismatch. MineSkin: 650 s. */
  cooldownMs: number
  /** Consecutive errors after which the account leaves rotation. MineSkin: 10. */
  maxErrors: number
  /** A new account is handed out this long after it was added. MineSkin: 60 s. */
  newAccountDelayMs: number
  /** Longest hold of one account by one job. */
  lockMs: number
  /** Renew the Minecraft token before use when it expires within this. MineSkin: 20 min. */
  refreshBeforeMs: number
  /** A job waits at most this long for an account to become free. */
  maxWaitMs: number
}

/** MineSkin's defaults. */
export const DEFAULT_ROTATION: RotationRules = {
  minDelayMs: 15_000,
  delayMarginMs: 1000,
  cooldownMs: 650_000,
  maxErrors: 10,
  newAccountDelayMs: 60_000,
  lockMs: 60_000,
  refreshBeforeMs: 20 * 60_000,
  maxWaitMs: 60_000,
}

/** Dependencies of {@link createDbAccountPool}. */
export interface DbAccountPoolDeps {
  sql: SqlClient
  box: TokenBox
  rules: RotationRules
  /** Renews tokens through the Microsoft chain (omit where no account has a refresh token). */
  renewal?: Omit<RenewalDeps, 'sql' | 'box'>
}

/** The pool plus what the background refresher and the capacity figures need. */
export interface DbAccountPool extends AccountPool {
  availability(now: number, want?: AccountWant): Promise<PoolAvailability>
  setCapes(accountId: string, capes: string[]): Promise<void>
  /** The capes (32-hex ids) that accounts in rotation own: what a job with `cape` can be signed with (`GET /v2/capes`). */
  ownedCapes(now: number): Promise<string[]>
  hold(account: MinecraftAccount, now: number): Promise<void>
  /** Locks `id` for a refresh (not a use: `last_used` stays); the row, or null when it is busy. */
  lockForRefresh(id: string, now: number): Promise<AccountRow | null>
  /** Frees a lock taken by `lockForRefresh`. */
  unlock(id: string, lockId: string): Promise<void>
  /** Renews a locked row's tokens. */
  renew(row: AccountRow): ReturnType<typeof renewAccountTokens>
  /** Resolves once every renewal started so far has ended (a shutdown waits for it: the rotated refresh token must be stored). */
  renewalsSettled(): Promise<void>
}

/**
 * The lock id handed out with an account (not part of the stored account record), and its `last_used`
 * before the acquire stamped it (put back when the account is given back unused).
 */
const LOCKS = new WeakMap<MinecraftAccount, { lockId: string; lastUsed: number }>()

/** The cape filter of a want: SQL to add to the rotation condition and its parameters. */
const capeFilter = (want: AccountWant | undefined): { sql: string; params: string[] } =>
  want?.cape ? { sql: ` AND ${OWNS_CAPE_SQL}`, params: [compactCapeId(want.cape)] } : { sql: '', params: [] }

/** Creates the database-backed pool. */
export function createDbAccountPool(deps: DbAccountPoolDeps): DbAccountPool {
  const { sql, box, rules } = deps
  /** Time between the answer to one skin change of an account and the next change. */
  const spacing = rules.minDelayMs + rules.delayMarginMs

  /** Renewals in flight, from the job that takes an account or from the background refresher. */
  const renewing = new Set<Promise<unknown>>()
  const renew = (row: AccountRow) => {
    if (!deps.renewal) return Promise.resolve({ ok: false as const, code: 'sign_in_revoked' as const, message: 'Token renewal is not configured' })
    const renewal = renewAccountTokens({ ...deps.renewal, sql, box }, row)
    renewing.add(renewal)
    void renewal.finally(() => renewing.delete(renewal)).catch(() => {})
    return renewal
  }

  const unlock = async (id: string, lockId: string) => {
    await sql.run('UPDATE accounts SET locked_until = 0, lock_id = NULL WHERE id = ? AND lock_id = ?', [id, lockId])
  }

  /** The account record of a locked row, its token opened (renewed first when it expires soon). */
  async function usable(row: AccountRow, now: number): Promise<MinecraftAccount | null> {
    let accessToken: string
    if (row.refresh_token && (row.token_expires_at === null || row.token_expires_at - now < rules.refreshBeforeMs)) {
      const renewed = await renew(row)
      if (!renewed.ok) return null
      accessToken = renewed.accessToken
      row = { ...row, token_expires_at: renewed.expiresAt }
    } else {
      try {
        accessToken = isSealed(row.access_token) ? await box.open(row.access_token, accountTokenContext(row.id, 'access')) : row.access_token
      } catch {
        await sql.run('UPDATE accounts SET needs_sign_in_at = ?, last_error = ?, last_error_code = ?, last_error_at = ? WHERE id = ?', [now, 'The token was sealed with another pool token key', 'sign_in_revoked', now, row.id])
        return null
      }
    }
    return minecraftAccountSchema.parse({
      id: row.id,
      name: row.name,
      type: row.type,
      tokenSource: row.token_source,
      accessToken,
      tokenExpiresAt: row.token_expires_at,
      enabled: true,
      lastUsed: now,
      errorCount: row.error_count,
      lastError: row.last_error,
      timeoutUntil: row.timeout_until,
      restoreSkin: row.restore_skin === 1,
      ownSkin: ownSkinOf(row.own_skin),
      capes: capesOf(row.capes),
    })
  }

  return {
    async acquire(now, want) {
      const cape = capeFilter(want)
      // A few tries: an account whose renewal fails is skipped (it is out of rotation or resting now).
      for (let attempt = 0; attempt < 3; attempt++) {
        const lockId = randomHex(8)
        const row = await sql.get<AccountRow>(
          `UPDATE accounts SET locked_until = ?, lock_id = ?
           WHERE id = (SELECT id FROM accounts WHERE ${IN_ROTATION_SQL}
                         AND locked_until <= ? AND timeout_until <= ? AND last_used <= ? AND created_at <= ?${cape.sql}
                       ORDER BY last_used ASC, id LIMIT 1)
             AND locked_until <= ?
           RETURNING *`,
          [now + rules.lockMs, lockId, rules.maxErrors, now, now, now, now - spacing, now - rules.newAccountDelayMs, ...cape.params, now],
        )
        if (!row) return null
        const account = await usable(row, now)
        if (account) {
          // Held from now; the release moves last_used to the time the skin change was answered.
          await sql.run('UPDATE accounts SET last_used = ? WHERE id = ? AND lock_id = ?', [now, row.id, lockId])
          LOCKS.set(account, { lockId, lastUsed: row.last_used })
          return account
        }
        await unlock(row.id, lockId)
      }
      return null
    },

    async hold(account, now) {
      const lockId = LOCKS.get(account)?.lockId
      if (lockId) await sql.run('UPDATE accounts SET locked_until = ?, last_used = ? WHERE id = ? AND lock_id = ?', [now + rules.lockMs, now, account.id, lockId])
    },

    async release(account, outcome) {
      const taken = LOCKS.get(account)
      const lockId = taken?.lockId ?? ''
      LOCKS.delete(account)
      if (outcome.ok && outcome.unused) {
        // No skin change was made: the account is as it was before the acquire.
        await sql.run('UPDATE accounts SET locked_until = 0, lock_id = NULL, last_used = ? WHERE id = ? AND lock_id = ?', [taken?.lastUsed ?? 0, account.id, lockId])
        return
      }
      // The next skin change of this account waits `spacing` from the answer to this one.
      const changedAt = outcome.changedAt ?? 0
      if (outcome.ok) {
        await sql.run(
          'UPDATE accounts SET locked_until = 0, lock_id = NULL, last_used = max(last_used, ?), uses = uses + 1, error_count = 0, last_error = NULL, last_error_code = NULL WHERE id = ? AND lock_id = ?',
          [changedAt, account.id, lockId],
        )
        return
      }
      await sql.run(
        `UPDATE accounts SET locked_until = 0, lock_id = NULL, last_used = max(last_used, ?), error_count = error_count + 1,
           last_error = ?, last_error_code = ?, last_error_at = ?,
           timeout_until = CASE WHEN ? THEN max(timeout_until, ?) ELSE timeout_until END,
           token_expires_at = CASE WHEN ? AND refresh_token IS NOT NULL THEN 0 ELSE token_expires_at END
         WHERE id = ? AND lock_id = ?`,
        [changedAt, outcome.error, outcome.code ?? null, outcome.now, outcome.cooldown ? 1 : 0, outcome.now + rules.cooldownMs, outcome.authFailed ? 1 : 0, account.id, lockId],
      )
    },

    async availability(now, want) {
      const cape = capeFilter(want)
      const r = await sql.get<{ inRotation: number; healthy: number; usable: number; nextAt: number | null }>(
        `SELECT count(*) AS inRotation, sum(CASE WHEN timeout_until <= ? THEN 1 ELSE 0 END) AS healthy,
                sum(CASE WHEN locked_until <= ? AND timeout_until <= ? AND last_used <= ? AND created_at <= ? THEN 1 ELSE 0 END) AS usable,
                min(max(locked_until, timeout_until, last_used + ?, created_at + ?)) AS nextAt
         FROM accounts WHERE ${IN_ROTATION_SQL}${cape.sql}`,
        [now, now, now, now - spacing, now - rules.newAccountDelayMs, spacing, rules.newAccountDelayMs, rules.maxErrors, now, ...cape.params],
      )
      const total = r?.inRotation ? r.inRotation : ((await sql.get<{ n: number }>('SELECT count(*) AS n FROM accounts'))?.n ?? 0)
      return { total, inRotation: r?.inRotation ?? 0, healthy: r?.healthy ?? 0, usable: r?.usable ?? 0, nextAt: r?.inRotation ? Math.max(now, r.nextAt ?? now) : null }
    },

    async setCapes(accountId, capes) {
      await sql.run('UPDATE accounts SET capes = ? WHERE id = ?', [JSON.stringify(capes), accountId])
    },

    async ownedCapes(now) {
      const rows = await sql.all<{ cape: string }>(
        `SELECT DISTINCT lower(replace(c.value, '-', '')) AS cape FROM accounts, json_each(accounts.capes) AS c WHERE ${IN_ROTATION_SQL}`,
        [rules.maxErrors, now],
      )
      return rows.map((r) => r.cape)
    },

    async lockForRefresh(id, now) {
      const lockId = randomHex(8)
      return sql.get<AccountRow>('UPDATE accounts SET locked_until = ?, lock_id = ? WHERE id = ? AND locked_until <= ? RETURNING *', [now + rules.lockMs, lockId, id, now])
    },
    unlock,
    renew,
    async renewalsSettled() {
      await Promise.allSettled([...renewing])
    },
  }
}
