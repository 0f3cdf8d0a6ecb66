/**
 * Per-request variables of the account site's Hono app.
 * @module
 */
import type { Translate } from '../shared/i18n/translator'
import type { Locale } from '../shared/locales'
import type { AccountsDeps } from './deps'

/** Hono env of the account site. */
export interface AccountsEnv {
  Variables: {
    deps: AccountsDeps
    locale: Locale
    t: Translate
    /** The account site's own origin (of this request). */
    origin: string
    /** Origins allowed for redirects and cookie-authenticated POSTs. */
    allowed: Set<string>
  }
}
