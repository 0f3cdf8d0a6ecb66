/**
 * The translated texts of wear outcomes, as literal keys (the locale tests find every key used in
 * the source by its literal).
 * @module
 */
import type { WearErrorCode } from '../../api/wear/wear-errors'
import type { WearResult } from '../../api/wear/wear-skin'
import type { MessageKey } from '../../shared/i18n/translator'

/** Why nothing was changed. */
export const WEAR_ERROR_TEXT: Record<WearErrorCode, MessageKey> = {
  not_linked: 'accounts.minecraft.errors.not_linked',
  link_needs_sign_in: 'accounts.minecraft.errors.link_needs_sign_in',
  wear_rate_limited: 'accounts.minecraft.errors.wear_rate_limited',
  minecraft_unavailable: 'accounts.minecraft.errors.minecraft_unavailable',
  skin_not_found: 'accounts.minecraft.errors.skin_not_found',
  invalid_skin: 'accounts.minecraft.errors.invalid_skin',
}

/** What happened to the skin's cape. */
export const CAPE_TEXT: Record<NonNullable<WearResult['cape']>, MessageKey> = {
  applied: 'accounts.minecraft.cape.applied',
  not_owned: 'accounts.minecraft.cape.not_owned',
  failed: 'accounts.minecraft.cape.failed',
}
