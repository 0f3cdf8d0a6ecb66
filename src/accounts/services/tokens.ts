/**
 * Refresh sessions and the two cookies minted from them (SPEC §9): `ssg_session`
 * (HttpOnly, 30 days, a random token stored only as its SHA-256), `ssg_api` (HttpOnly, 1 h JWT the API
 * verifies, carrying the session id so it dies with the session) and `ssg_web` (readable by scripts: what the app displays). The web cookie lives as long
 * as the refresh session: its presence tells the app a refresh can help (accounts-app-expects).
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { SESSION_COOKIE, signApiSession } from '../../api/users/identity/session-token'
import { subscriptionGrants } from '../../api/users/services/subscription-grants'
import { accountSessions, minecraftLinks, users } from '../../api/store/schema'
import { WEB_COOKIE } from '../../shared/auth/web-cookie'
import type { AccountsDeps } from '../deps'
import { avatarPath } from './avatar-url'
import { pruneAccountRows } from './prune'
import { parseGrants } from './users'

/** The refresh session cookie. */
export const REFRESH_COOKIE = 'ssg_session'
/** Refresh session lifetime. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600
/** API and web JWT lifetime. */
export const TOKEN_TTL_SECONDS = 3600
/** Issuer of web tokens. */
const WEB_ISSUER = 'ssg-accounts'

/** SHA-256 hex of a refresh token: the only form stored (account_sessions.token_hash). */
export const hashToken = (value: string) => createHash('sha256').update(value).digest('hex')
const nowOf = (deps: AccountsDeps) => (deps.now ?? Date.now)()

/** A session as the cookies carry it: its id (the `sid` of API tokens) and the raw refresh token. */
export interface OpenSession {
  id: string
  token: string
}

/** Opens a refresh session for `userId`; the raw token only ever goes into the cookie. */
export async function createRefreshSession(deps: AccountsDeps, userId: string): Promise<OpenSession> {
  await pruneAccountRows(deps)
  const token = randomBytes(32).toString('base64url')
  const id = randomBytes(16).toString('hex')
  const now = nowOf(deps)
  await deps.db.insert(accountSessions).values({ id, userId, tokenHash: hashToken(token), createdAt: now, lastUsed: now, expiresAt: now + REFRESH_TTL_SECONDS * 1000 }).run()
  return { id, token }
}

/**
 * The live session behind a refresh token and its user, or undefined (unknown, expired or revoked
 * session, or a locked user). The lookup is by the token's hash, so no secret is compared byte by
 * byte (constant-time by construction).
 */
export async function sessionOfRefreshToken(deps: AccountsDeps, token: string | undefined): Promise<{ session: OpenSession; user: typeof users.$inferSelect } | undefined> {
  if (!token || token.length > 200) return undefined
  const now = nowOf(deps)
  const row = await deps.db
    .select({ sessionId: accountSessions.id, user: users })
    .from(accountSessions)
    .innerJoin(users, eq(users.id, accountSessions.userId))
    .where(and(eq(accountSessions.tokenHash, hashToken(token)), isNull(accountSessions.revokedAt), gt(accountSessions.expiresAt, now)))
    .get()
  if (!row || row.user.lockedAt !== null) return undefined
  await deps.db.update(accountSessions).set({ lastUsed: now }).where(eq(accountSessions.id, row.sessionId)).run()
  return { session: { id: row.sessionId, token }, user: row.user }
}

/** Revokes the refresh session behind `token` (sign-out); the API tokens minted from it die with it. */
export async function revokeRefreshToken(deps: AccountsDeps, token: string | undefined) {
  if (!token) return
  await deps.db.update(accountSessions).set({ revokedAt: nowOf(deps) }).where(eq(accountSessions.tokenHash, hashToken(token))).run()
}

/** A user as the cookies need it. */
export interface TokenUser {
  id: string
  email: string | null
  name: string | null
  grants: string | null
}

/** The `ssg_api` JWT for `user`, bound to session `sessionId` (the API checks it is still live). */
export const apiToken = (deps: AccountsDeps, user: TokenUser, sessionId: string) =>
  signApiSession(deps.sessionSecret, { sub: user.id, sid: sessionId, grants: parseGrants(user.grants) }, { ttlSeconds: TOKEN_TTL_SECONDS, now: nowOf(deps) })

/** What the app shows of the user's grants: their subscriptions' grants under their own (a feat_pack subscriber gets the 'member' avatar, SPEC §2). */
const displayGrants = async (deps: AccountsDeps, user: TokenUser) => ({ ...(await subscriptionGrants(deps.db, user.id, nowOf(deps))), ...(parseGrants(user.grants) ?? {}) })

/** The user's linked Minecraft profile as the app shows it (docs/wear.md): id, name and current skin's texture hash. */
async function minecraftClaim(deps: AccountsDeps, userId: string) {
  const link = await deps.db
    .select({ id: minecraftLinks.profileId, name: minecraftLinks.profileName, skin: minecraftLinks.skinHash })
    .from(minecraftLinks)
    .where(eq(minecraftLinks.userId, userId))
    .get()
  return link ? { id: link.id, name: link.name, ...(link.skin ? { skin: link.skin } : {}) } : undefined
}

/**
 * The `ssg_web` JWT: claims `sub` (user id), `email`, `name`, `picture` (avatar URL), `grants` and,
 * with a linked Minecraft account, `minecraft` (src/shared/auth/web-cookie.ts decodes them for display).
 */
export async function webToken(deps: AccountsDeps, user: TokenUser, origin: string): Promise<string> {
  const iat = Math.floor(nowOf(deps) / 1000)
  return new SignJWT({
    email: user.email ?? undefined,
    name: user.name ?? undefined,
    picture: new URL(avatarPath(deps, user.id), origin).href,
    grants: await displayGrants(deps, user),
    minecraft: await minecraftClaim(deps, user.id),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(WEB_ISSUER)
    .setAudience('ssg-web')
    .setIssuedAt(iat)
    .setExpirationTime(iat + REFRESH_TTL_SECONDS)
    .sign(new TextEncoder().encode(deps.sessionSecret))
}

/** A `Set-Cookie` value: SameSite=Lax, Path=/, Secure on https. */
export function cookie(deps: AccountsDeps, name: string, value: string, maxAge: number, httpOnly: boolean): string {
  const parts = [`${name}=${value}`, 'Path=/', `Max-Age=${maxAge}`, 'SameSite=Lax']
  if (httpOnly) parts.push('HttpOnly')
  if (deps.secureCookies) parts.push('Secure')
  return parts.join('; ')
}

/** Cookie names the account site sets. */
export const ALL_COOKIES = [REFRESH_COOKIE, SESSION_COOKIE, WEB_COOKIE] as const

/** `Set-Cookie` values that sign `user` in with session `session`. */
export async function signInCookies(deps: AccountsDeps, user: TokenUser, session: OpenSession, origin: string): Promise<string[]> {
  return [
    cookie(deps, REFRESH_COOKIE, session.token, REFRESH_TTL_SECONDS, true),
    cookie(deps, SESSION_COOKIE, await apiToken(deps, user, session.id), TOKEN_TTL_SECONDS, true),
    cookie(deps, WEB_COOKIE, await webToken(deps, user, origin), REFRESH_TTL_SECONDS, false),
  ]
}

/** The `Set-Cookie` value of a fresh `ssg_web` for `user` (after something it shows changed). */
export const webCookie = async (deps: AccountsDeps, user: TokenUser, origin: string) => cookie(deps, WEB_COOKIE, await webToken(deps, user, origin), REFRESH_TTL_SECONDS, false)

/** `Set-Cookie` values that clear every account cookie. */
export const clearCookies = (deps: AccountsDeps) => ALL_COOKIES.map((name) => cookie(deps, name, '', 0, name !== WEB_COOKIE))
