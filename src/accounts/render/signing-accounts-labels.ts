/**
 * Message keys of the signing-account pages, written out so every key is a literal
 * the translators' checks find (locales/locales.test.ts) and a new status, error code or action fails
 * the type check until it has a text.
 * @module
 */
import { SIGN_IN_ERROR_CODES, SIGN_IN_ERROR_MESSAGES, type SignInErrorCode } from '../../api/signing/pool/microsoft/errors'
import type { PoolAccountStatus, PoolErrorReason } from '../../api/signing/pool/pool-views'
import { isAccountErrorCode, type AccountErrorCode } from '../../api/signing/signer/account-errors'
import type { MessageKey } from '../../shared/i18n/translator'

/** A status as its badge says it. */
export const SIGNING_STATUS: Record<PoolAccountStatus, MessageKey> = {
  disabled: 'accounts.signing.status.disabled',
  needs_sign_in: 'accounts.signing.status.needs_sign_in',
  out_of_rotation: 'accounts.signing.status.out_of_rotation',
  paused: 'accounts.signing.status.paused',
  cooling_down: 'accounts.signing.status.cooling_down',
  ready: 'accounts.signing.status.ready',
}

/** Why a Microsoft sign-in failed, in words the owner can act on. */
export const SIGN_IN_ERROR: Record<SignInErrorCode, MessageKey> = {
  sign_in_declined: 'accounts.signing.errors.sign_in_declined',
  sign_in_expired: 'accounts.signing.errors.sign_in_expired',
  sign_in_revoked: 'accounts.signing.errors.sign_in_revoked',
  xbox_banned: 'accounts.signing.errors.xbox_banned',
  xbox_parental_controls: 'accounts.signing.errors.xbox_parental_controls',
  xbox_no_profile: 'accounts.signing.errors.xbox_no_profile',
  xbox_terms_not_accepted: 'accounts.signing.errors.xbox_terms_not_accepted',
  xbox_region_unavailable: 'accounts.signing.errors.xbox_region_unavailable',
  xbox_age_verification: 'accounts.signing.errors.xbox_age_verification',
  xbox_child_needs_family: 'accounts.signing.errors.xbox_child_needs_family',
  xbox_refused: 'accounts.signing.errors.xbox_refused',
  minecraft_app_not_approved: 'accounts.signing.errors.minecraft_app_not_approved',
  no_minecraft_ownership: 'accounts.signing.errors.no_minecraft_ownership',
  no_minecraft_profile: 'accounts.signing.errors.no_minecraft_profile',
  sign_in_rate_limited: 'accounts.signing.errors.sign_in_rate_limited',
  sign_in_unavailable: 'accounts.signing.errors.sign_in_unavailable',
  sign_in_wrong_account: 'accounts.signing.errors.sign_in_wrong_account',
}

/** Why a use of a signing account failed (a skin change, a signature), in words the owner can act on. */
export const ACCOUNT_ERROR: Record<AccountErrorCode, MessageKey> = {
  rate_limited: 'accounts.signing.reasons.rate_limited',
  token_refused: 'accounts.signing.reasons.token_refused',
  skin_change_refused: 'accounts.signing.reasons.skin_change_refused',
  url_mismatch: 'accounts.signing.reasons.url_mismatch',
  invalid_signature: 'accounts.signing.reasons.invalid_signature',
  session_error: 'accounts.signing.reasons.session_error',
  unreachable: 'accounts.signing.reasons.unreachable',
  restore_failed: 'accounts.signing.reasons.restore_failed',
}

/** The message of a stored error reason: an account error or a sign-in error. */
export const reasonMessage = (reason: PoolErrorReason): MessageKey => (isAccountErrorCode(reason) ? ACCOUNT_ERROR[reason] : SIGN_IN_ERROR[reason])

/** "after N errors in a row", one key per plural category the nine locales use (CLDR). */
const AFTER_ERRORS = {
  one: 'accounts.signing.afterErrors.one',
  few: 'accounts.signing.afterErrors.few',
  many: 'accounts.signing.afterErrors.many',
  other: 'accounts.signing.afterErrors.other',
} as const satisfies Record<string, MessageKey>

/** The "after N errors in a row" message for `count` in `locale`'s plural rule. */
export function afterErrorsMessage(locale: string, count: number): MessageKey {
  const category = new Intl.PluralRules(locale).select(count)
  return Object.hasOwn(AFTER_ERRORS, category) ? AFTER_ERRORS[category as keyof typeof AFTER_ERRORS] : AFTER_ERRORS.other
}

/** What a list action did (the `done` query after its redirect). */
export const SIGNING_DONE = {
  paused: 'accounts.signing.done.paused',
  resumed: 'accounts.signing.done.resumed',
  removed: 'accounts.signing.done.removed',
  restoreOn: 'accounts.signing.done.restoreOn',
  restoreOff: 'accounts.signing.done.restoreOff',
  disabled: 'accounts.signing.done.disabled',
  enabled: 'accounts.signing.done.enabled',
} as const satisfies Record<string, MessageKey>

/** One finished action. */
export type SigningDone = keyof typeof SIGNING_DONE

/** True for a `done` query value the page knows. */
export const isSigningDone = (v: string | undefined): v is SigningDone => v !== undefined && Object.hasOwn(SIGNING_DONE, v)

/**
 * The sign-in error code whose English message `lastError` carries (the pool stores the English text,
 * e.g. "Token renewal failed: <message>"), so the owner reads it in their language; null for others.
 */
export function errorCodeIn(lastError: string): SignInErrorCode | null {
  return SIGN_IN_ERROR_CODES.find((code) => lastError.includes(SIGN_IN_ERROR_MESSAGES[code])) ?? null
}
