/**
 * Error codes of the API's storage limits: 507 `storage_full` (the instance's
 * storage budget is used up) and 429 `storage_quota` (the caller's new images of the day). Waiting
 * minutes helps with neither, and only new images are refused, so clients show the reason beside
 * the item, in the visitor's language, instead of a retry countdown.
 * @module
 */
import type { MessageKey, Translate } from '../i18n/translator'

/** The codes of the storage refusals. */
export const STORAGE_REFUSALS: ReadonlySet<string> = new Set(['storage_full', 'storage_quota'])

/** The words for refusals the generate form shows beside the item: the storage limits, and a texture a moderator banned. */
const STORAGE_TEXT: Record<string, MessageKey> = { storage_full: 'generate.storageFull', storage_quota: 'generate.storageQuota', texture_banned: 'generate.textureBanned' }

/** The visitor's words for a storage refusal (or a banned texture) with `code`, or undefined for any other code. */
export const storageRefusalText = (code: string | undefined, t: Translate): string | undefined => {
  const key = code ? STORAGE_TEXT[code] : undefined
  return key ? t(key) : undefined
}
