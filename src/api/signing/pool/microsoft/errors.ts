/**
 * Why a Microsoft sign-in or a token refresh of a pool account failed: each case a
 * user can act on has its own stable code, an English message for the CLI and logs, and a translated
 * text in the account manager (`accounts.pool.errors.<code>` in locales/*). The XSTS `XErr` numbers
 * are from reference/account-pool.md §2 step 3.
 * @module
 */

/** Stable codes of {@link PoolSignInError}. */
export const SIGN_IN_ERROR_CODES = [
  /** The user declined the request on Microsoft's page. */
  'sign_in_declined',
  /** The device code expired before the user finished. */
  'sign_in_expired',
  /** The stored refresh token was refused (revoked, password changed, 90 days unused). */
  'sign_in_revoked',
  /** XErr 2148916227: the Xbox account is banned. */
  'xbox_banned',
  /** XErr 2148916229: a child account whose parent must allow online play. */
  'xbox_parental_controls',
  /** XErr 2148916233: the Microsoft account has no Xbox profile yet. */
  'xbox_no_profile',
  /** XErr 2148916234: the Xbox terms of use are not accepted. */
  'xbox_terms_not_accepted',
  /** XErr 2148916235: Xbox Live is not available in the account's country. */
  'xbox_region_unavailable',
  /** XErr 2148916236 / 2148916237: adult verification needed (South Korea) or play time limit. */
  'xbox_age_verification',
  /** XErr 2148916238: an account under 18 that must be added to a Microsoft family. */
  'xbox_child_needs_family',
  /** Any other XSTS refusal. */
  'xbox_refused',
  /** login_with_xbox answered 403: the Azure app is not approved by Mojang for Minecraft. */
  'minecraft_app_not_approved',
  /** The account does not own Minecraft: Java Edition. */
  'no_minecraft_ownership',
  /** It owns the game but has no Minecraft profile (name) yet. */
  'no_minecraft_profile',
  /** Microsoft, Xbox or Minecraft answered 429. */
  'sign_in_rate_limited',
  /** A host could not be reached, timed out or answered something unexpected. */
  'sign_in_unavailable',
  /** Signing in again gave another Minecraft profile than the pool account being renewed. */
  'sign_in_wrong_account',
] as const

/** One code. */
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number]

/** English messages (CLI, logs, `last_error`). */
export const SIGN_IN_ERROR_MESSAGES: Record<SignInErrorCode, string> = {
  sign_in_declined: 'The sign-in was declined on the Microsoft page.',
  sign_in_expired: 'The code expired before the sign-in was finished; start again.',
  sign_in_revoked: 'Microsoft no longer accepts the saved sign-in (revoked, password changed or unused for 90 days); sign in again.',
  xbox_banned: 'This Xbox account is banned.',
  xbox_parental_controls: 'This is a child account: a parent must allow online play and Minecraft at account.xbox.com.',
  xbox_no_profile: 'This Microsoft account has no Xbox profile yet: sign in once at xbox.com to create one.',
  xbox_terms_not_accepted: 'The Xbox terms of use are not accepted yet: sign in once at xbox.com to accept them.',
  xbox_region_unavailable: 'Xbox Live is not available in the country of this account.',
  xbox_age_verification: 'Xbox needs an adult verification or the play time limit is reached for this account.',
  xbox_child_needs_family: 'This account is under 18 and must be added to a Microsoft family by an adult.',
  xbox_refused: 'Xbox refused the sign-in.',
  minecraft_app_not_approved: 'Minecraft refused this Azure app: new apps must be approved by Mojang (or use the default Live sign-in).',
  no_minecraft_ownership: 'This Microsoft account does not own Minecraft: Java Edition.',
  no_minecraft_profile: 'This account owns Minecraft but has no profile yet: start the game once and choose a name.',
  sign_in_rate_limited: 'Microsoft or Minecraft is rate limiting sign-ins; try again in a few minutes.',
  sign_in_unavailable: 'The Microsoft or Minecraft sign-in service could not be reached.',
  sign_in_wrong_account: 'That sign-in belongs to another Minecraft account than the one being renewed.',
}

/** XSTS `XErr` numbers → code. */
export const XERR_CODES: Record<number, SignInErrorCode> = {
  2148916227: 'xbox_banned',
  2148916229: 'xbox_parental_controls',
  2148916233: 'xbox_no_profile',
  2148916234: 'xbox_terms_not_accepted',
  2148916235: 'xbox_region_unavailable',
  2148916236: 'xbox_age_verification',
  2148916237: 'xbox_age_verification',
  2148916238: 'xbox_child_needs_family',
}

/** A sign-in or refresh step that failed; `detail` adds what the host said (never a token). */
export class PoolSignInError extends Error {
  constructor(
    readonly code: SignInErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${SIGN_IN_ERROR_MESSAGES[code]} (${detail})` : SIGN_IN_ERROR_MESSAGES[code])
    this.name = 'PoolSignInError'
  }
}

/** True for the failures that only a new sign-in by the owner can cure (the account leaves rotation). */
export const needsNewSignIn = (code: SignInErrorCode) => code !== 'sign_in_rate_limited' && code !== 'sign_in_unavailable'
