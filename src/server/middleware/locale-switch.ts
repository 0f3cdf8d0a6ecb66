/**
 * `GET /locale/{code}` — the no-JavaScript language switch: sets the locale cookie (365 days, path /,
 * SameSite lax — SPEC §9) and redirects to the same route under the new prefix (SPEC §4). The route
 * is `?to=/path` when given, else the page the link was followed from (a same-origin Referer, which
 * the site's `strict-origin-when-cross-origin` policy sends in full), else home.
 * @module
 */
import type { Context } from 'hono'
import { isLocale } from '../../shared/locales'
import { localeCookieValue, localizeUrl } from '../../shared/language-switch'
import { sameOriginPath } from '../../shared/safe-redirect'
import { splitLocale } from '../../shared/routes'
import type { AppEnv } from '../env'

/** Handler of the switch route. */
export function localeSwitch(c: Context<AppEnv>) {
  const code = c.req.param('code')
  if (!isLocale(code)) return c.notFound()
  // `?to=` is parsed as the browser would follow it: only a path of this site stays.
  const to = c.req.query('to')
  const path = (to === undefined ? refererAppUrl(c) : sameOriginPath(to, new URL(c.req.url).origin)) ?? '/'
  c.header('Set-Cookie', localeCookieValue(code))
  c.header('Cache-Control', 'no-store')
  return c.redirect(localizeUrl(path, code), 302)
}

/** The app URL (path and query without language prefix) of a same-origin Referer, if there is one. */
function refererAppUrl(c: Context<AppEnv>): string | null {
  const referer = c.req.header('referer')
  if (!referer) return null
  try {
    const from = new URL(referer)
    if (from.host !== new URL(c.req.url).host) return null
    return splitLocale(from.pathname).path + from.search
  } catch {
    return null
  }
}
