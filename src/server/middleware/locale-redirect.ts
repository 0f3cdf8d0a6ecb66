/**
 * Language detection for unprefixed page URLs (SPEC §4): the locale cookie first, then the browser's
 * Accept-Language list (q-values, `de-AT` → `de`), then `en`. The detected language decides the URL
 * prefix, so a visitor whose language is not English is redirected to the prefixed page.
 * @module
 */
import { createMiddleware } from 'hono/factory'
import { detectLocale } from '../../shared/i18n/detect-locale'
import { DEFAULT_LOCALE } from '../../shared/locales'
import { localizeUrl } from '../../shared/language-switch'
import type { AppEnv } from '../env'

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
