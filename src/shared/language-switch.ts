/**
 * Switching language (SPEC §4): remember the choice in the locale cookie (365 days, path /, SameSite
 * lax — SPEC §9) and go to the same route under the new prefix.
 * @module
 */
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from './locales'
import { localizePath } from './routes'

/** `/skins?search=x` in `de` → `/de/skins?search=x`. */
export function localizeUrl(appUrl: string, locale: Locale): string {
  const cut = appUrl.search(/[?#]/)
  const path = cut < 0 ? appUrl : appUrl.slice(0, cut)
  const rest = cut < 0 ? '' : appUrl.slice(cut)
  return localizePath(path || '/', locale) + rest
}

/** The no-JavaScript switch link: the server sets the cookie and redirects (see middleware/locale-switch). */
export const languageSwitchHref = (locale: Locale, appUrl: string): string =>
  `/locale/${locale}?to=${encodeURIComponent(appUrl)}`

/** The Set-Cookie / document.cookie value that remembers `locale`. */
export const localeCookieValue = (locale: Locale): string =>
  `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`

/** Only same-site app paths may be redirect targets (no open redirect through `?to=`). */
export const isSafeAppUrl = (value: string): boolean => value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
