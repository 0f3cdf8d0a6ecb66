/**
 * Who is signed in on an account page: the refresh session (`ssg_session`), checked against the
 * database on every request. The short-lived API token (`ssg_api`) is the API's credential and is
 * not accepted here (after sign-out it could still create API keys).
 * @module
 */
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { users } from '../api/store/schema'
import type { AccountsEnv } from './env'
import { REFRESH_COOKIE, sessionOfRefreshToken, type OpenSession } from './services/tokens'

/** A user row. */
export type AccountUser = typeof users.$inferSelect

/** The signed-in user and session of this request, or undefined. */
export function currentSession(c: Context<AccountsEnv>): Promise<{ user: AccountUser; session: OpenSession } | undefined> {
  return sessionOfRefreshToken(c.get('deps'), getCookie(c, REFRESH_COOKIE))
}

/** The signed-in user of this request, or undefined. */
export async function currentUser(c: Context<AccountsEnv>): Promise<AccountUser | undefined> {
  return (await currentSession(c))?.user
}
