/**
 * Renewing a signing account's Minecraft token through the Microsoft chain: the
 * stored MSA refresh token → new MSA tokens (the rotated refresh token is stored at once, as the old
 * one stops working) → XBL → XSTS → login_with_xbox → profile. Runs only while the caller holds the
 * account's lock, so two processes never spend one refresh token.
 *
 * A failure only a new sign-in can cure takes the account out of rotation ("needs sign-in") and tells
 * its owner; a passing one (rate limit, host down) rests it briefly and is tried again.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import type { AccountRow } from './account-row'
import { signInToMinecraft } from './microsoft/chain'
import { refreshMsaTokens } from './microsoft/device-code'
import { needsNewSignIn, PoolSignInError, type SignInErrorCode } from './microsoft/errors'
import type { MicrosoftAuthConfig, MicrosoftFlow } from './microsoft/types'
import { accountTokenContext, type TokenBox } from './token-box'

/** What a renewal needs. */
export interface RenewalDeps {
  sql: SqlClient
  box: TokenBox
  /** The chain's configuration for a stored account's flow. */
  authFor: (flow: MicrosoftFlow) => MicrosoftAuthConfig
  now: () => number
  /** How long an account rests after a renewal that failed for a passing reason, ms. */
  retryAfterMs: number
  /** Tells the owner their account needs a new sign-in (bell notification). */
  notifyNeedsSignIn: (row: Pick<AccountRow, 'id' | 'name' | 'owner_user_id'>, code: SignInErrorCode) => Promise<void>
}

/** Result of a renewal. */
export type Renewal = { ok: true; accessToken: string; expiresAt: number } | { ok: false; code: SignInErrorCode; message: string }

/** Renews `row`'s tokens; the row must be locked by the caller. */
export async function renewAccountTokens(deps: RenewalDeps, row: AccountRow): Promise<Renewal> {
  const now = deps.now()
  try {
    if (!row.refresh_token || (row.auth_flow !== 'live' && row.auth_flow !== 'msal')) throw new PoolSignInError('sign_in_revoked', 'no saved Microsoft sign-in')
    const auth = deps.authFor(row.auth_flow)
    const refreshToken = await deps.box.open(row.refresh_token, accountTokenContext(row.id, 'refresh')).catch(() => {
      throw new PoolSignInError('sign_in_revoked', 'the saved sign-in was sealed with another pool token key')
    })
    const msa = await refreshMsaTokens(auth, refreshToken, now)
    // The old refresh token is spent: keep the new one even if a later step fails.
    await deps.sql.run('UPDATE accounts SET refresh_token = ? WHERE id = ?', [await deps.box.seal(msa.refreshToken, accountTokenContext(row.id, 'refresh')), row.id])
    const session = await signInToMinecraft(auth, msa.accessToken, now)
    if (session.profile.id !== row.id) throw new PoolSignInError('sign_in_wrong_account', `got ${session.profile.name}`)
    await deps.sql.run(
      `UPDATE accounts SET access_token = ?, token_expires_at = ?, token_source = 'refresh_microsoft', refreshed_at = ?, name = ?, capes = ? WHERE id = ?`,
      [await deps.box.seal(session.accessToken, accountTokenContext(row.id, 'access')), session.expiresAt, now, session.profile.name, JSON.stringify(session.profile.capes), row.id],
    )
    return { ok: true, accessToken: session.accessToken, expiresAt: session.expiresAt }
  } catch (e) {
    const error = e instanceof PoolSignInError ? e : new PoolSignInError('sign_in_unavailable', (e as Error).message)
    const message = `Token renewal failed: ${error.message}`
    if (needsNewSignIn(error.code)) {
      const first = await deps.sql.get<{ id: string }>(
        'UPDATE accounts SET needs_sign_in_at = ?, last_error = ?, last_error_code = ?, last_error_at = ? WHERE id = ? AND needs_sign_in_at IS NULL RETURNING id',
        [now, message, error.code, now, row.id],
      )
      if (first) await deps.notifyNeedsSignIn(row, error.code)
    } else {
      await deps.sql.run('UPDATE accounts SET timeout_until = max(timeout_until, ?), last_error = ?, last_error_code = ?, last_error_at = ? WHERE id = ?', [now + deps.retryAfterMs, message, error.code, now, row.id])
    }
    return { ok: false, code: error.code, message }
  }
}
