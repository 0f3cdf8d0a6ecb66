/**
 * Who is signed in on an account page: the refresh session (`ssg_session`, revocable, checked against
 * the database) first, else a valid API cookie (`ssg_api`, a signed JWT) of a user that still exists.
 * @module
 */
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { SESSION_COOKIE, verifyApiSession } from '../api/identity/session'
import type { users } from '../api/store/schema'
import type { AccountsEnv } from './env'
import { REFRESH_COOKIE, userOfRefreshToken } from './services/tokens'
import { userById } from './services/users'

/** A user row. */
export type AccountUser = typeof users.$inferSelect

/** The signed-in user of this request, or undefined. */
export async function currentUser(c: Context<AccountsEnv>): Promise<AccountUser | undefined> {
  const deps = c.get('deps')
  const fromSession = userOfRefreshToken(deps, getCookie(c, REFRESH_COOKIE))
  if (fromSession) return fromSession
  const api = getCookie(c, SESSION_COOKIE)
  if (!api) return undefined
  const verified = await verifyApiSession(deps.sessionSecret, api, (deps.now ?? Date.now)())
  return verified.ok ? userById(deps, verified.claims.sub) : undefined
}
