/**
 * Issues the anonymous client cookie with a page (src/shared/client-cookie.ts) when the browser has
 * none. The skin page's and the home page's islands call the API at once and in parallel (the view
 * count and a vote each fetch an anti-bot challenge; three uploads are three submissions): without a
 * cookie each of those answers set a different id, the browser kept the last one to arrive, and a vote
 * or a skin was then tied to an id the browser no longer had (seen in CI: a vote the voter's next read
 * did not show as theirs). With the cookie in the page, every call carries the same id.
 * @module
 */
import type { Handler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { CLIENT_COOKIE, CLIENT_COOKIE_MAX_AGE, CLIENT_ID, newClientId } from '../../shared/client-cookie'
import type { AppEnv } from '../env'

/** `handler`, with the client cookie set on its answer when the request has no valid one. */
export const withClientCookie =
  (handler: Handler<AppEnv>): Handler<AppEnv> =>
  (c, next) => {
    if (!CLIENT_ID.test(getCookie(c, CLIENT_COOKIE) ?? '')) {
      const secure = new URL(c.req.url).protocol === 'https:' || (c.get('options').publicUrl ?? '').startsWith('https:')
      setCookie(c, CLIENT_COOKIE, newClientId(), { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: CLIENT_COOKIE_MAX_AGE, secure })
    }
    return handler(c, next)
  }
