/**
 * `GET /locale/{code}?to=/path` — the no-JavaScript language switch: sets the locale cookie (365 days,
 * path /, SameSite lax — SPEC §9) and redirects to the same route under the new prefix (SPEC §4).
 * @module
 */
import type { Context } from 'hono'
import { isLocale } from '../../shared/locales'
import { isSafeAppUrl, localeCookieValue, localizeUrl } from '../../shared/language-switch'
import type { AppEnv } from '../env'

/** Handler of the switch route. */
export function localeSwitch(c: Context<AppEnv>) {
  const code = c.req.param('code')
  if (!isLocale(code)) return c.notFound()
  const to = c.req.query('to') ?? '/'
  c.header('Set-Cookie', localeCookieValue(code))
  c.header('Cache-Control', 'no-store')
  return c.redirect(localizeUrl(isSafeAppUrl(to) ? to : '/', code), 302)
}
