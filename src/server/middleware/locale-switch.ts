/**
 * `GET /locale/{code}` — the no-JavaScript language switch: sets the locale cookie (365 days, path /,
 * SameSite lax — SPEC §9) and redirects to the same route under the new prefix (SPEC §4). The route
 * is `?to=/path` when given, else the page the link was followed from (a same-origin Referer, which
 * the site's `strict-origin-when-cross-origin` policy sends in full), else home.
 * @module
 */
import type { Context } from 'hono'
import { isLocale } from '../../shared/locales'
import { isSafeAppUrl, localeCookieValue, localizeUrl } from '../../shared/language-switch'
import { splitLocale } from '../../shared/routes'
import type { AppEnv } from '../env'

/** Handler of the switch route. */
export function localeSwitch(c: Context<AppEnv>) {
  const code = c.req.param('code')
  if (!isLocale(code)) return c.notFound()
  const to = c.req.query('to') ?? refererAppUrl(c) ?? '/'
  c.header('Set-Cookie', localeCookieValue(code))
  c.header('Cache-Control', 'no-store')
  return c.redirect(localizeUrl(isSafeAppUrl(to) ? to : '/', code), 302)
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
