/**
 * Why one use of a signing account failed, as a stable code stored with the account (`last_error_code`),
 * so owners and operators read a reason in their language instead of a raw message, and "needs sign-in"
 * is only ever said when Microsoft refused the credentials (docs/signing.md "Account status").
 * @module
 */

/** Stable codes of a failed skin change or signature read. */
export const ACCOUNT_ERROR_CODES = [
  /** Mojang answered 429 to the skin change. */
  'rate_limited',
  /** Mojang refused the account's Minecraft token (401/403); it is renewed before the next use. */
  'token_refused',
  /** Mojang refused the skin change for another reason, or answered without an active skin. */
  'skin_change_refused',
  /** The session server kept showing the previous skin after the re-reads (URL mismatch). */
  'url_mismatch',
  /** The session server's signature does not verify against the configured Mojang key. */
  'invalid_signature',
  /** The session server answered an error or no signed textures. */
  'session_error',
  /** A Mojang host could not be reached or did not answer in time. */
  'unreachable',
  /** Putting the owner's own skin back after use failed. */
  'restore_failed',
] as const

/** One code. */
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number]

/** English reasons (CLI, logs). */
export const ACCOUNT_ERROR_MESSAGES: Record<AccountErrorCode, string> = {
  rate_limited: 'Mojang rate limited the skin change',
  token_refused: 'Mojang refused the account token',
  skin_change_refused: 'Mojang refused the skin change',
  url_mismatch: 'the session server kept showing the old skin',
  invalid_signature: 'the session server returned a signature that is not Mojang\'s',
  session_error: 'the session server returned no signed skin',
  unreachable: 'a Mojang server could not be reached',
  restore_failed: 'putting the owner\'s skin back failed',
}

/** True for a stored value that is one of the codes. */
export const isAccountErrorCode = (v: unknown): v is AccountErrorCode => (ACCOUNT_ERROR_CODES as readonly unknown[]).includes(v)
