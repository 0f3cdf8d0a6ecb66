/**
 * Why wearing a skin (or reading the linked account) did not happen, as a stable code the account
 * site turns into a translated sentence (`accounts.minecraft.errors.<code>`) and JSON callers read.
 * Every one of them means nothing was changed on the Minecraft account.
 * @module
 */

/** The codes, with the HTTP status each answers with. */
export const WEAR_ERRORS = {
  /** The user has no linked Minecraft account. */
  not_linked: 404,
  /** The saved sign-in stopped working (revoked, expired, password changed): sign in again. */
  link_needs_sign_in: 409,
  /** Mojang's pace for skin changes of this account (or its 429): try again at `retryAt`. */
  wear_rate_limited: 429,
  /** Mojang's services did not answer or failed. */
  minecraft_unavailable: 503,
  /** No such skin, or one the user may not see. */
  skin_not_found: 404,
  /** The skin cannot be worn (no stored texture, or Mojang refused the image). */
  invalid_skin: 400,
} as const

/** One code. */
export type WearErrorCode = keyof typeof WEAR_ERRORS

/** English messages (logs, JSON answers); pages use the translated text. */
const MESSAGES: Record<WearErrorCode, string> = {
  not_linked: 'Link your Minecraft account first.',
  link_needs_sign_in: 'The saved Microsoft sign-in of your Minecraft account no longer works: sign in again.',
  wear_rate_limited: 'Minecraft takes no other skin change on this account yet: try again at retryAt.',
  minecraft_unavailable: 'Minecraft\'s services are not answering right now; nothing was changed. Try again in a few minutes.',
  skin_not_found: 'Skin not found.',
  invalid_skin: 'This skin cannot be worn: Minecraft refused its image.',
}

/**
 * A refusal with its code; `retryAt` (epoch ms) when trying again later will work. `message` adds
 * what went wrong upstream, for logs; callers are answered with `publicMessage` only (no upstream
 * bodies or internal codes).
 */
export class WearError extends Error {
  readonly status: (typeof WEAR_ERRORS)[WearErrorCode]
  readonly publicMessage: string
  constructor(
    readonly code: WearErrorCode,
    detail?: string,
    readonly retryAt?: number,
  ) {
    super(detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code])
    this.status = WEAR_ERRORS[code]
    this.publicMessage = MESSAGES[code]
  }
}
