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

/**
 * The no-JavaScript switch link: the server sets the cookie and redirects to the page the link was
 * followed from (its Referer; see middleware/locale-switch). The page's own URL is not repeated in
 * each of the 18 links: that cost a skin page about 1 KB of HTML (HTML ≤ 30 KB, DESIGN.md §4).
 */
export const languageSwitchHref = (locale: Locale): string => `/locale/${locale}`

/** The Set-Cookie / document.cookie value that remembers `locale`. */
export const localeCookieValue = (locale: Locale): string =>
  `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`

