/**
 * A usable Minecraft token for a linked account, renewed before use the way the signing pool renews
 * its accounts (../signing/pool/token-renewal.ts): a token expiring within `renewBeforeMs` is replaced
 * through the stored MSA refresh token and the whole Microsoft chain, the rotated refresh token stored
 * first. A refusal only a new sign-in can cure marks the link "needs sign-in"; a passing failure
 * (Microsoft's rate limit, a host down) changes nothing and answers "unavailable".
 *
 * Two renewals of one link at once would spend one refresh token twice (the second is refused): the
 * renewal claims the row first by moving `token_expires_at`, and only the claimant renews.
 * @module
 */
import { signInToMinecraft } from '../signing/pool/microsoft/chain'
import { refreshMsaTokens } from '../signing/pool/microsoft/device-code'
import { needsNewSignIn, PoolSignInError } from '../signing/pool/microsoft/errors'
import type { MicrosoftAuthConfig, MicrosoftFlow } from '../signing/pool/microsoft/types'
import type { TokenBox } from '../signing/pool/token-box'
import type { SqlClient } from '../store/sql'
import { linkTokenContext, readLink, type LinkRow } from './link-store'
import { WearError } from './wear-errors'

/** What a renewal needs. */
export interface LinkSessionDeps {
  sql: SqlClient
  box: TokenBox
  /** The chain's configuration for a stored link's flow. */
  authFor: (flow: MicrosoftFlow) => MicrosoftAuthConfig
  /** Renew a token that expires within this many ms (POOL_REFRESH_BEFORE_MIN). */
  renewBeforeMs: number
  now: () => number
}

/** How long a claimed renewal may take before another request may try (ms). */
const RENEWAL_CLAIM_MS = 60_000

/**
 * The link's Minecraft access token, renewed first when it is about to expire, or when `force` (Mojang
 * refused it before its time: a password change, a revoked session).
 */
export async function linkAccessToken(deps: LinkSessionDeps, row: LinkRow, opts: { force?: boolean } = {}): Promise<string> {
  if (row.needs_sign_in_at !== null) throw new WearError('link_needs_sign_in')
  const now = deps.now()
  if (!opts.force && row.token_expires_at - deps.renewBeforeMs > now) return openToken(deps, row, 'access')
  return renew(deps, row)
}

async function openToken(deps: LinkSessionDeps, row: LinkRow, column: 'access' | 'refresh'): Promise<string> {
  try {
    return await deps.box.open(column === 'access' ? row.access_token : row.refresh_token, linkTokenContext(row.user_id, column))
  } catch {
    // Sealed with another key (POOL_TOKEN_KEY changed): only a new sign-in gives a token again.
    await markNeedsSignIn(deps, row)
    throw new WearError('link_needs_sign_in', 'the saved sign-in was sealed with another token key')
  }
}

const markNeedsSignIn = (deps: LinkSessionDeps, row: LinkRow) =>
  deps.sql.run('UPDATE minecraft_links SET needs_sign_in_at = coalesce(needs_sign_in_at, ?) WHERE user_id = ? AND profile_id = ?', [deps.now(), row.user_id, row.profile_id])

async function renew(deps: LinkSessionDeps, row: LinkRow): Promise<string> {
  const now = deps.now()
  // Claim: only the request that moves the expiry on renews; another one finds the row claimed.
  const claimed = await deps.sql.get<LinkRow>(
    'UPDATE minecraft_links SET token_expires_at = ? WHERE user_id = ? AND profile_id = ? AND token_expires_at = ? RETURNING *',
    [now + deps.renewBeforeMs + RENEWAL_CLAIM_MS, row.user_id, row.profile_id, row.token_expires_at],
  )
  if (!claimed) {
    const again = await readLink(deps.sql, row.user_id)
    if (!again || again.profile_id !== row.profile_id) throw new WearError('not_linked')
    if (again.needs_sign_in_at !== null) throw new WearError('link_needs_sign_in')
    // Another request is renewing it right now; its token is not stored yet.
    throw new WearError('minecraft_unavailable', 'the sign-in is being renewed', now + 5000)
  }
  try {
    if (row.auth_flow !== 'live' && row.auth_flow !== 'msal') throw new PoolSignInError('sign_in_revoked', 'no saved Microsoft sign-in')
    const auth = deps.authFor(row.auth_flow)
    const refreshToken = await openToken(deps, row, 'refresh')
    const msa = await refreshMsaTokens(auth, refreshToken, now)
    // The old refresh token is spent: keep the new one even if a later step fails.
    await deps.sql.run('UPDATE minecraft_links SET refresh_token = ? WHERE user_id = ? AND profile_id = ?', [await deps.box.seal(msa.refreshToken, linkTokenContext(row.user_id, 'refresh')), row.user_id, row.profile_id])
    const session = await signInToMinecraft(auth, msa.accessToken, now)
    if (session.profile.id !== row.profile_id) throw new PoolSignInError('sign_in_wrong_account', `got ${session.profile.name}`)
    await deps.sql.run('UPDATE minecraft_links SET access_token = ?, token_expires_at = ?, profile_name = ? WHERE user_id = ? AND profile_id = ?', [
      await deps.box.seal(session.accessToken, linkTokenContext(row.user_id, 'access')),
      session.expiresAt,
      session.profile.name,
      row.user_id,
      row.profile_id,
    ])
    return session.accessToken
  } catch (e) {
    if (e instanceof WearError) throw e
    const error = e instanceof PoolSignInError ? e : new PoolSignInError('sign_in_unavailable', (e as Error).message)
    if (needsNewSignIn(error.code)) {
      await markNeedsSignIn(deps, row)
      throw new WearError('link_needs_sign_in', error.code)
    }
    // A passing failure: give the claim back so the next request tries again.
    await deps.sql.run('UPDATE minecraft_links SET token_expires_at = ? WHERE user_id = ? AND profile_id = ?', [row.token_expires_at, row.user_id, row.profile_id])
    throw new WearError('minecraft_unavailable', error.code)
  }
}
