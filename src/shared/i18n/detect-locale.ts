/**
 * The visitor's language (SPEC §4): the locale cookie first, then the browser's Accept-Language list
 * (q-values, `de-AT` → `de`), then `en`. The web app's language redirect
 * (src/server/middleware/locale-redirect.ts) and the account site both ask it.
 * @module
 */
import type { Context } from 'hono'
import { detectFromCookie, detectFromHeader } from 'hono/language'
import { DEFAULT_LOCALE, LOCALE_CODES, LOCALE_COOKIE, type Locale } from '../locales'

const DETECTOR = {
  order: ['cookie', 'header'],
  lookupQueryString: 'lang',
  lookupCookie: LOCALE_COOKIE,
  lookupFromHeaderKey: 'accept-language',
  lookupFromPathIndex: 0,
  // No cookie is written on detection: only an explicit switch sets it (reference/stack.md §8 item 8).
  caches: false as const,
  ignoreCase: true,
  fallbackLanguage: DEFAULT_LOCALE,
  supportedLanguages: [...LOCALE_CODES],
  cookieOptions: {},
  debug: false,
} satisfies Parameters<typeof detectFromCookie>[1]

/** The visitor's language: cookie → Accept-Language → en. */
export function detectLocale(c: Context): Locale {
  return (detectFromCookie(c, DETECTOR) ?? detectFromHeader(c, DETECTOR) ?? DEFAULT_LOCALE) as Locale
}
