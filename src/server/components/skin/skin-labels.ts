/**
 * Translation keys of a skin's variant and visibility, shared by the header and the facts.
 * @module
 */
import type { MessageKey } from '../../../shared/i18n/translator'
import type { SkinInfo } from '../../../shared/schemas/api'

/** Variant → label key. */
export const VARIANT_KEY: Record<SkinInfo['variant'], MessageKey> = { classic: 'pages.skin.classic', slim: 'pages.skin.slim', unknown: 'pages.skin.unknown' }

/** Visibility → label key. */
export const VISIBILITY_KEY: Record<SkinInfo['visibility'], MessageKey> = { public: 'pages.skin.public', unlisted: 'pages.skin.unlisted', private: 'pages.skin.private' }
