/**
 * Token refresh (SPEC §7 "Account API", §8): `POST /auth/tokens/web/refresh` and
 * `POST /auth/tokens/api/refresh` with credentials answer 200 and a fresh cookie while the refresh
 * session lives; without one (none, expired, revoked) 401 in the API's error envelope, and the web
 * cookie is cleared so the app stops trying (anonymous page loads make no failing request).
 * @module
 */
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { SESSION_COOKIE } from '../../api/users/identity/session-token'
import { WEB_COOKIE } from '../../shared/auth/web-cookie'
import type { AccountsEnv } from '../env'
import { apiToken, cookie, REFRESH_COOKIE, REFRESH_TTL_SECONDS, sessionOfRefreshToken, TOKEN_TTL_SECONDS, webToken } from '../services/tokens'

/** Refreshes one cookie kind. */
async function refresh(c: Context<AccountsEnv>, kind: 'web' | 'api') {
  const deps = c.get('deps')
  c.header('Cache-Control', 'no-store')
  const live = await sessionOfRefreshToken(deps, getCookie(c, REFRESH_COOKIE))
  if (!live) {
    c.header('Set-Cookie', cookie(deps, WEB_COOKIE, '', 0, false), { append: true })
    c.header('Set-Cookie', cookie(deps, SESSION_COOKIE, '', 0, true), { append: true })
    const message = c.get('t')('accounts.errors.session_expired')
    return c.json({ success: false, errors: [{ code: 'session_expired', message }] }, 401)
  }
  const value =
    kind === 'api'
      ? cookie(deps, SESSION_COOKIE, await apiToken(deps, live.user, live.session.id), TOKEN_TTL_SECONDS, true)
      : cookie(deps, WEB_COOKIE, await webToken(deps, live.user, c.get('origin')), REFRESH_TTL_SECONDS, false)
  c.header('Set-Cookie', value, { append: true })
  return c.json({ success: true })
}

/** Registers the two refresh endpoints. */
export function registerTokenRoutes(app: Hono<AccountsEnv>) {
  app.post('/auth/tokens/web/refresh', (c) => refresh(c, 'web'))
  app.post('/auth/tokens/api/refresh', (c) => refresh(c, 'api'))
}
