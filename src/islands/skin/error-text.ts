/**
 * The readable, translated text of a failed community or owner call (SPEC §8: errors are shown as
 * snackbars; these calls are silent so the text is in the visitor's language, not the API's English).
 * @module
 */
import { ApiCallError } from '../../shared/api/api-call-error'
import type { Translate } from '../../shared/i18n/translator'

/** Translated text for an error; unknown codes fall back to the API's own message. */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiCallError) {
    if (error.status === 429) return t('pages.skin.community.errors.rateLimited')
    if (error.code === 'invalid_turnstile_token' || error.code === 'missing_turnstile_token') return t('pages.skin.community.errors.proof')
    if (error.code === 'skin_not_found') return t('pages.skin.community.errors.notFound')
    // Moderation: a banned tag, a hidden skin's visibility.
    if (error.code === 'tag_banned') return t('pages.skin.community.errors.tagBanned')
    if (error.code === 'skin_hidden') return t('pages.skin.community.errors.skinHidden')
    if (error.code === 'unauthorized' && error.status === 401) return error.message ? t('pages.skin.community.errors.refused', { message: error.message }) : t('pages.skin.community.errors.failed')
    return error.message || t('pages.skin.community.errors.failed')
  }
  return t('pages.skin.community.errors.offline')
}
