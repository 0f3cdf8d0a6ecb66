/**
 * What the account manager, the CLI and the operator see of signing (pool) accounts and of a
 * Microsoft sign-in in progress (docs/signing.md). Never a token: views are built from the
 * non-secret columns only.
 * @module
 */
import type { AccountErrorCode } from '../signer/account-errors'
import type { SignInErrorCode } from './microsoft/errors'

/**
 * Status of a signing account, most important first (docs/signing.md "Account status"; ./account-row.ts derives it):
 * `needs_sign_in` only for refused credentials, `out_of_rotation` after too many errors of another kind,
 * `cooling_down` shown as "resting" while a forced rest lasts.
 */
export const POOL_ACCOUNT_STATUSES = ['disabled', 'needs_sign_in', 'out_of_rotation', 'paused', 'cooling_down', 'ready'] as const
/** One status. */
export type PoolAccountStatus = (typeof POOL_ACCOUNT_STATUSES)[number]

/** Signing accounts by status (every status present, 0 when none; ./pool-counts.ts counts them). */
export type PoolCounts = Record<PoolAccountStatus, number>

/** Why a signing account's last use or renewal failed: an account error or a sign-in error code. */
export type PoolErrorReason = AccountErrorCode | SignInErrorCode

/** One signing account as its owner (or a pool admin) sees it. */
export interface PoolAccountView {
  /** Minecraft profile uuid, 32 hex. */
  id: string
  /** Minecraft name. */
  name: string
  status: PoolAccountStatus
  /** When a cooldown ends (epoch ms), for `cooling_down`. */
  coolingDownUntil: number | null
  /** Successful skin changes. */
  uses: number
  /** Last time a job took it (epoch ms); 0 = never. */
  lastUsed: number
  /** The last error as the pool logged it (English, for operators); show `errorReason` to people. */
  lastError: string | null
  /** Why the last error happened, when known. */
  errorReason: PoolErrorReason | null
  lastErrorAt: number | null
  /** Consecutive errors. */
  errorCount: number
  /** Puts the owner's own skin back after each use. */
  restoreSkin: boolean
  /** When the Minecraft token expires (epoch ms), if known. */
  tokenExpiresAt: number | null
  /** The user who added it (null: added on the command line). */
  ownerUserId: string | null
  /** Owner's e-mail, only in a pool admin's list. */
  ownerEmail?: string | null
  createdAt: number
}

/** A Microsoft device-code sign-in as the waiting page shows it. */
export interface SignInView {
  id: string
  status: 'pending' | 'done' | 'failed'
  /** The code to type at `verificationUri`. */
  userCode: string
  verificationUri: string
  expiresAt: number
  /** Seconds to wait before asking again. */
  intervalS: number
  errorCode: SignInErrorCode | null
  /** The added (or renewed) account once `done`. */
  account: PoolAccountView | null
  /** Set when signing in again for an existing account. */
  renewAccountId: string | null
}

/** Who acts: the signed-in user, and whether they hold the `pool_admin` grant; no user with `admin` is the operator's command line. */
export interface PoolActor {
  userId: string | null
  admin: boolean
}

/** Account-manager operations (./pool-manager.ts implements them over the database). */
export interface PoolManager {
  /** The actor's accounts; every account for a pool admin. */
  list(actor: PoolActor): Promise<PoolAccountView[]>
  /** One account the actor may see, or null. */
  get(actor: PoolActor, id: string): Promise<PoolAccountView | null>
  /** Every account of the pool by status (no account named): the console's signer card and `/metrics` (./pool-counts.ts). */
  counts(): Promise<PoolCounts>
  /** Owner or admin: stop handing the account out (and refreshing it) until resumed. */
  pause(actor: PoolActor, id: string): Promise<boolean>
  resume(actor: PoolActor, id: string): Promise<boolean>
  /** Owner only (and the operator's command line), not a pool admin: the account and its tokens are deleted at once. */
  remove(actor: PoolActor, id: string): Promise<boolean>
  /** Pool admin only (and the command line): disable / enable any account. */
  setDisabled(actor: PoolActor, id: string, disabled: boolean): Promise<boolean>
  /** Owner or admin: restore the owner's own skin after each use. */
  setRestoreSkin(actor: PoolActor, id: string, on: boolean): Promise<boolean>
  /** Starts a device-code sign-in (for a new account, or to renew `renewAccountId`). Throws PoolSignInError. */
  startSignIn(actor: PoolActor, opts?: { renewAccountId?: string }): Promise<SignInView>
  /** The sign-in `id` of this actor, polled once at Microsoft when due; null when unknown. */
  checkSignIn(actor: PoolActor, id: string): Promise<SignInView | null>
}
