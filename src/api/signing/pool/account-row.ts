/**
 * The `accounts` row of a signing (pool) account and what its owner may see of it
 * (docs/signing.md "Account status"): the status is derived from the columns in one place, so the
 * pool, the account manager, the console and `pool list` agree on what "ready", "resting", "out of
 * rotation" or "needs sign-in" mean.
 * @module
 */
import { isAccountErrorCode } from '../signer/account-errors'
import { SIGN_IN_ERROR_CODES, SIGN_IN_ERROR_MESSAGES, type SignInErrorCode } from './microsoft/errors'
import { profileSkinSchema } from './microsoft/profile-skin'
import type { PoolAccountStatus, PoolAccountView, PoolErrorReason } from './pool-views'

/** Every column of `accounts` (src/api/store/schema.ts). Token columns hold sealed values. */
export interface AccountRow {
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
  capes: string
  created_at: number
  owner_user_id: string | null
  auth_flow: string | null
  refresh_token: string | null
  paused_at: number | null
  needs_sign_in_at: number | null
  uses: number
  locked_until: number
  lock_id: string | null
  last_error_at: number | null
  /** Stable code of the last error (PoolErrorReason), when known. */
  last_error_code: string | null
  restore_skin: number
  own_skin: string | null
  refreshed_at: number | null
}

/** The columns a view may read, never a token (`p`: a table alias with its dot). */
export const viewColumns = (p = '') =>
  ['id', 'name', 'enabled', 'last_used', 'error_count', 'last_error', 'last_error_at', 'last_error_code', 'timeout_until', 'token_expires_at', 'created_at', 'owner_user_id', 'paused_at', 'needs_sign_in_at', 'uses', 'restore_skin']
    .map((c) => p + c)
    .concat(`${p}refresh_token IS NOT NULL AS renewable`)
    .join(', ')

/** A row read with {@link viewColumns}. */
export type ViewRow = Pick<AccountRow, 'id' | 'name' | 'enabled' | 'last_used' | 'error_count' | 'last_error' | 'last_error_at' | 'last_error_code' | 'timeout_until' | 'token_expires_at' | 'created_at' | 'owner_user_id' | 'paused_at' | 'needs_sign_in_at' | 'uses' | 'restore_skin'> & {
  renewable: number
}

/** Rotation limits the status depends on. */
export interface StatusRules {
  maxErrors: number
}

/**
 * The status of a signing account: disabled by an operator; needs sign-in only when the credentials
 * were refused (Microsoft refused the renewal, or a pasted token expired and cannot be renewed); out of
 * rotation after `maxErrors` errors in a row of any other kind (a 429, a bad signature…); paused by its
 * owner; resting (`cooling_down`) until a forced rest ends; or ready.
 */
export function accountStatus(r: ViewRow, now: number, rules: StatusRules): PoolAccountStatus {
  if (!r.enabled) return 'disabled'
  const expired = r.token_expires_at !== null && r.token_expires_at <= now && !r.renewable
  if (r.needs_sign_in_at !== null || expired) return 'needs_sign_in'
  if (r.error_count >= rules.maxErrors) return 'out_of_rotation'
  if (r.paused_at !== null) return 'paused'
  if (r.timeout_until > now) return 'cooling_down'
  return 'ready'
}

/**
 * Why the last error happened: the stored code, or for rows written before codes were stored, the
 * sign-in error whose English message the text carries; null when unknown.
 */
export function errorReasonOf(r: Pick<ViewRow, 'last_error' | 'last_error_code'>): PoolErrorReason | null {
  const code = r.last_error_code
  if (isAccountErrorCode(code) || (SIGN_IN_ERROR_CODES as readonly unknown[]).includes(code)) return code as PoolErrorReason
  const text = r.last_error
  return text ? (SIGN_IN_ERROR_CODES.find((c: SignInErrorCode) => text.includes(SIGN_IN_ERROR_MESSAGES[c])) ?? null) : null
}

/** The owner-facing view of a row. */
export function toView(r: ViewRow, now: number, rules: StatusRules, ownerEmail?: string | null): PoolAccountView {
  const status = accountStatus(r, now, rules)
  return {
    id: r.id,
    name: r.name,
    status,
    coolingDownUntil: status === 'cooling_down' ? r.timeout_until : null,
    uses: r.uses,
    lastUsed: r.last_used,
    lastError: r.last_error,
    errorReason: r.last_error ? errorReasonOf(r) : null,
    lastErrorAt: r.last_error_at,
    errorCount: r.error_count,
    restoreSkin: r.restore_skin === 1,
    tokenExpiresAt: r.token_expires_at,
    ownerUserId: r.owner_user_id,
    ...(ownerEmail !== undefined ? { ownerEmail } : {}),
    createdAt: r.created_at,
  }
}

/** The stored own skin, if it parses. */
export function ownSkinOf(json: string | null) {
  if (!json) return null
  try {
    const parsed = profileSkinSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The cape ids a row's `capes` column lists (a JSON array of Mojang cape ids); [] when unreadable. */
export function capesOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : []
  } catch {
    return []
  }
}

/**
 * SQL condition of an account whose `capes` list a cape (Mojang writes its ids dashed, clients may
 * not: both sides are compared as 32 lowercase hex). Parameter: the cape id, 32 lowercase hex.
 */
export const OWNS_CAPE_SQL = `EXISTS (SELECT 1 FROM json_each(accounts.capes) AS owned WHERE lower(replace(owned.value, '-', '')) = ?)`

/**
 * SQL condition of an account in rotation (the pool hands it out once its delay and cooldown allow):
 * enabled, not paused, no sign-in needed, under the error limit, with a token that works or can be renewed.
 * Parameters: maxErrors, now.
 */
export const IN_ROTATION_SQL = `enabled = 1 AND paused_at IS NULL AND needs_sign_in_at IS NULL AND error_count < ?
  AND (token_expires_at IS NULL OR token_expires_at > ? OR refresh_token IS NOT NULL)`
