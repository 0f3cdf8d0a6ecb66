/**
 * Writing signing (pool) accounts: a finished Microsoft sign-in becomes (or renews) an
 * account with its tokens sealed; `putPoolAccount` adds one from a pasted token (kept for tests and
 * for operators who have nothing else); tokens an older version stored in clear are sealed on start.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import type { MinecraftAccount } from '../signer/account'
import type { AccountRow } from './account-row'
import type { MicrosoftFlow, MinecraftSession, MsaTokens } from './microsoft/types'
import { accountTokenContext, isSealed, type TokenBox } from './token-box'

/** A finished sign-in to store. */
export interface SignedInAccount {
  session: MinecraftSession
  msa: MsaTokens
  flow: MicrosoftFlow
  ownerUserId: string | null
}

/**
 * Adds the account, or renews it when its profile is already in the pool: new tokens, out of
 * "needs sign-in", errors and cooldown cleared. Whoever signed in last controls the Microsoft account,
 * so they become its owner; an operator's "disabled" and the owner's "paused" stay as they were.
 */
export async function saveSignedInAccount(sql: SqlClient, box: TokenBox, a: SignedInAccount, now: number): Promise<void> {
  const id = a.session.profile.id
  const access = await box.seal(a.session.accessToken, accountTokenContext(id, 'access'))
  const refresh = await box.seal(a.msa.refreshToken, accountTokenContext(id, 'refresh'))
  const ownSkin = a.session.profile.skin ? JSON.stringify(a.session.profile.skin) : null
  await sql.run(
    `INSERT INTO accounts (id, name, type, token_source, access_token, token_expires_at, enabled, last_used, error_count, timeout_until, capes, created_at,
                           owner_user_id, auth_flow, refresh_token, own_skin, refreshed_at)
     VALUES (?, ?, 'microsoft', 'user_login_microsoft', ?, ?, 1, 0, 0, 0, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, type = 'microsoft', token_source = excluded.token_source,
       access_token = excluded.access_token, token_expires_at = excluded.token_expires_at, capes = excluded.capes,
       owner_user_id = excluded.owner_user_id, auth_flow = excluded.auth_flow, refresh_token = excluded.refresh_token,
       own_skin = coalesce(accounts.own_skin, excluded.own_skin), refreshed_at = excluded.refreshed_at,
       needs_sign_in_at = NULL, error_count = 0, last_error = NULL, last_error_code = NULL, timeout_until = 0`,
    [id, a.session.profile.name, access, a.session.expiresAt, JSON.stringify(a.session.profile.capes), now, a.ownerUserId, a.flow, refresh, ownSkin, now],
  )
}

/** Adds (or replaces) a pool account from a pasted Minecraft token (sealed); `capes` are the Mojang cape ids it owns. */
export async function putPoolAccount(
  sql: SqlClient,
  box: TokenBox,
  account: Pick<MinecraftAccount, 'id' | 'name' | 'type' | 'tokenSource' | 'accessToken'> & { tokenExpiresAt?: number | null; capes?: string[]; createdAt?: number },
  now: number,
): Promise<void> {
  await sql.run(
    `INSERT INTO accounts (id, name, type, token_source, access_token, token_expires_at, enabled, last_used, error_count, timeout_until, capes, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 1, 0, 0, 0, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, type = excluded.type, token_source = excluded.token_source,
       access_token = excluded.access_token, token_expires_at = excluded.token_expires_at, enabled = 1, error_count = 0,
       last_error = NULL, last_error_code = NULL, timeout_until = 0, needs_sign_in_at = NULL, capes = excluded.capes`,
    [
      account.id,
      account.name,
      account.type,
      account.tokenSource,
      await box.seal(account.accessToken, accountTokenContext(account.id, 'access')),
      account.tokenExpiresAt ?? null,
      JSON.stringify(account.capes ?? []),
      account.createdAt ?? now,
    ],
  )
}

/** Seals the tokens an older version stored in clear; returns how many rows changed. */
export async function sealLegacyTokens(sql: SqlClient, box: TokenBox): Promise<number> {
  const rows = await sql.all<Pick<AccountRow, 'id' | 'access_token' | 'refresh_token'>>('SELECT id, access_token, refresh_token FROM accounts')
  let changed = 0
  for (const r of rows) {
    const access = isSealed(r.access_token) ? r.access_token : await box.seal(r.access_token, accountTokenContext(r.id, 'access'))
    const refresh = r.refresh_token && !isSealed(r.refresh_token) ? await box.seal(r.refresh_token, accountTokenContext(r.id, 'refresh')) : r.refresh_token
    if (access === r.access_token && refresh === r.refresh_token) continue
    await sql.run('UPDATE accounts SET access_token = ?, refresh_token = ? WHERE id = ?', [access, refresh, r.id])
    changed++
  }
  return changed
}
