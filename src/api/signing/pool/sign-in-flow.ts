/**
 * Microsoft device-code sign-ins of signing accounts, kept in
 * `pool_sign_ins` so the waiting page (with or without JavaScript) and `pool login` poll the same
 * way, and a reload loses nothing. A check polls Microsoft only when the interval it asked for has
 * passed, claiming that poll in one atomic update, so two open tabs never spend the device code twice.
 * @module
 */
import { randomHex } from '../../ids'
import type { SqlClient } from '../../store/sql'
import { signInToMinecraft } from './microsoft/chain'
import { pollDeviceCode, startDeviceCode } from './microsoft/device-code'
import { PoolSignInError, SIGN_IN_ERROR_CODES, type SignInErrorCode } from './microsoft/errors'
import type { MicrosoftAuthConfig } from './microsoft/types'
import { saveSignedInAccount, type SignedInAccount } from './pool-account-store'
import type { SignInView } from './pool-views'
import { signInContext, type TokenBox } from './token-box'

/** What a finished sign-in is kept as: a signing account (`pool`) or the user's own linked account (`link`, src/api/wear). */
export type SignInPurpose = 'pool' | 'link'

/** What the flow needs. */
export interface SignInFlowDeps {
  sql: SqlClient
  box: TokenBox
  auth: MicrosoftAuthConfig
  now: () => number
  /**
   * What this flow's sign-ins become. Default `pool`. A sign-in is only ever checked by a flow of its
   * own purpose, so a sign-in started to link a player's own account can never add a pool account.
   */
  purpose?: SignInPurpose
  /** Keeps a finished sign-in (default: saved as a signing account of the pool). */
  save?: (signedIn: SignedInAccount, now: number) => Promise<void>
}

/** A `pool_sign_ins` row. */
interface SignInRow {
  id: string
  user_id: string | null
  flow: string
  device_code: string
  user_code: string
  verification_uri: string
  interval_s: number
  next_poll_at: number
  expires_at: number
  status: 'pending' | 'done' | 'failed'
  error_code: string | null
  account_id: string | null
  renew_account_id: string | null
  created_at: number
}

/** A sign-in's state, without the account view (the manager adds it). */
export type SignInState = Omit<SignInView, 'account'>

const toState = (r: SignInRow): SignInState => ({
  id: r.id,
  status: r.status,
  userCode: r.user_code,
  verificationUri: r.verification_uri,
  expiresAt: r.expires_at,
  intervalS: r.interval_s,
  errorCode: (SIGN_IN_ERROR_CODES as readonly string[]).includes(r.error_code ?? '') ? (r.error_code as SignInErrorCode) : null,
  renewAccountId: r.renew_account_id,
})

/** A pending sign-in is handed out again rather than a new one started while it has this long left (ms). */
const REUSE_WHILE_LEFT_MS = 120_000

/**
 * Starts a sign-in for `userId` (null: the command line); `renewAccountId` when signing an existing
 * account in again. A user who already has the same sign-in pending (with a couple of minutes left on
 * its code) gets that one back: each start asks Microsoft for a device code, and repeated clicks or a
 * script must not spend the site's client id against Microsoft's rate limit.
 */
export async function startSignIn(deps: SignInFlowDeps, opts: { userId: string | null; renewAccountId?: string }): Promise<SignInState & { accountId: string | null }> {
  if (opts.userId !== null) {
    const pending = await deps.sql.get<SignInRow>(
      `SELECT * FROM pool_sign_ins WHERE user_id = ? AND purpose = ? AND status = 'pending' AND expires_at > ? AND coalesce(renew_account_id, '') = ?
       ORDER BY created_at DESC LIMIT 1`,
      [opts.userId, deps.purpose ?? 'pool', deps.now() + REUSE_WHILE_LEFT_MS, opts.renewAccountId ?? ''],
    )
    if (pending) return { ...toState(pending), accountId: null }
  }
  const code = await startDeviceCode(deps.auth)
  const now = deps.now()
  const id = randomHex(16)
  const row: SignInRow = {
    id,
    user_id: opts.userId,
    flow: deps.auth.flow,
    device_code: await deps.box.seal(code.deviceCode, signInContext(id)),
    user_code: code.userCode,
    verification_uri: code.verificationUri,
    interval_s: Math.max(1, code.interval),
    next_poll_at: now + Math.max(1, code.interval) * 1000,
    expires_at: now + code.expiresIn * 1000,
    status: 'pending',
    error_code: null,
    account_id: null,
    renew_account_id: opts.renewAccountId ?? null,
    created_at: now,
  }
  await deps.sql.run(
    `INSERT INTO pool_sign_ins (id, user_id, flow, device_code, user_code, verification_uri, interval_s, next_poll_at, expires_at, status, renew_account_id, created_at, purpose)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [row.id, row.user_id, row.flow, row.device_code, row.user_code, row.verification_uri, row.interval_s, row.next_poll_at, row.expires_at, row.status, row.renew_account_id, row.created_at, deps.purpose ?? 'pool'],
  )
  return { ...toState(row), accountId: null }
}

/**
 * The sign-in `id` (only `userId`'s, unless `userId` is undefined: the command line), after one poll at
 * Microsoft when it is due. Finishing stores the account through the whole chain.
 */
export async function checkSignIn(deps: SignInFlowDeps, id: string, userId: string | null | undefined): Promise<(SignInState & { accountId: string | null }) | null> {
  const read = () => deps.sql.get<SignInRow>('SELECT * FROM pool_sign_ins WHERE id = ? AND purpose = ?', [id, deps.purpose ?? 'pool'])
  const first = await read()
  if (!first || (userId !== undefined && first.user_id !== userId)) return null
  const now = deps.now()
  const finish = async (status: 'done' | 'failed', fields: { errorCode?: SignInErrorCode; accountId?: string }) => {
    await deps.sql.run(`UPDATE pool_sign_ins SET status = ?, error_code = ?, account_id = ? WHERE id = ? AND status = 'pending'`, [status, fields.errorCode ?? null, fields.accountId ?? null, id])
  }
  if (first.status === 'pending' && now >= first.expires_at) await finish('failed', { errorCode: 'sign_in_expired' })
  else if (first.status === 'pending') {
    // Claim this poll: the next one is an interval away, whoever asks.
    const claimed = await deps.sql.get<SignInRow>(
      `UPDATE pool_sign_ins SET next_poll_at = ? WHERE id = ? AND status = 'pending' AND next_poll_at <= ? RETURNING *`,
      [now + first.interval_s * 1000, id, now],
    )
    if (claimed) await pollOnce(deps, claimed, finish)
  }
  const row = await read()
  return row ? { ...toState(row), accountId: row.account_id } : null
}

async function pollOnce(deps: SignInFlowDeps, row: SignInRow, finish: (status: 'done' | 'failed', fields: { errorCode?: SignInErrorCode; accountId?: string }) => Promise<void>) {
  const now = deps.now()
  try {
    const auth = { ...deps.auth, flow: row.flow === 'msal' ? ('msal' as const) : ('live' as const) }
    const poll = await pollDeviceCode(auth, await deps.box.open(row.device_code, signInContext(row.id)), now)
    if (poll.status === 'pending') return
    if (poll.status === 'slow_down') {
      await deps.sql.run('UPDATE pool_sign_ins SET interval_s = interval_s + 5, next_poll_at = ? WHERE id = ?', [now + (row.interval_s + 5) * 1000, row.id])
      return
    }
    const session = await signInToMinecraft(auth, poll.tokens.accessToken, now)
    if (row.renew_account_id && row.renew_account_id !== session.profile.id) throw new PoolSignInError('sign_in_wrong_account', `got ${session.profile.name}`)
    const signedIn: SignedInAccount = { session, msa: poll.tokens, flow: auth.flow, ownerUserId: row.user_id }
    await (deps.save ? deps.save(signedIn, now) : saveSignedInAccount(deps.sql, deps.box, signedIn, now))
    await finish('done', { accountId: session.profile.id })
  } catch (e) {
    if (e instanceof PoolSignInError && (e.code === 'sign_in_rate_limited' || e.code === 'sign_in_unavailable')) {
      // Passing trouble: try again at the next poll (the code stays valid until it expires).
      await deps.sql.run('UPDATE pool_sign_ins SET next_poll_at = ? WHERE id = ?', [now + Math.max(row.interval_s, 15) * 1000, row.id])
      return
    }
    await finish('failed', { errorCode: e instanceof PoolSignInError ? e.code : 'sign_in_unavailable' })
  }
}

/** Forgets finished and expired sign-ins older than a day (their sealed device codes too). */
export async function pruneSignIns(sql: SqlClient, now: number): Promise<void> {
  await sql.run('DELETE FROM pool_sign_ins WHERE created_at < ?', [now - 86_400_000])
}
