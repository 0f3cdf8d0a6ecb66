/**
 * Language detection for unprefixed page URLs (SPEC §4): the locale cookie first, then the browser's
 * Accept-Language list (q-values, `de-AT` → `de`), then `en`. The detected language decides the URL
 * prefix, so a visitor whose language is not English is redirected to the prefixed page.
 * @module
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { detectFromCookie, detectFromHeader } from 'hono/language'
import { DEFAULT_LOCALE, LOCALE_CODES, LOCALE_COOKIE, type Locale } from '../../shared/locales'
import { localizeUrl } from '../../shared/language-switch'
import type { AppEnv } from '../env'

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

/** On an unprefixed page: redirect to the detected language's prefix unless it is English. */
export const localeRedirect = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
  if (c.req.path !== c.get('appPath')) return next() // already prefixed
  const detected = detectLocale(c)
  c.header('Vary', 'Cookie, Accept-Language', { append: true })
  if (detected === DEFAULT_LOCALE) return next()
  const url = new URL(c.req.url)
  return c.redirect(localizeUrl(url.pathname + url.search, detected), 302)
})
