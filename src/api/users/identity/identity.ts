/**
 * Who is calling (reference/mineskin-api.md §1.2 middleware order: client → API key → JWT →
 * grants): an API key, a signed-in user (session cookie), or an anonymous client identified by
 * the `ssg_client` cookie (and the forwarded address when the cookie is missing).
 * @module
 */
import { CLIENT_COOKIE, CLIENT_ID } from '../../../shared/client-cookie'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { ApiConfig, Grants } from '../../config'
import { grantsSchema } from '../../config'
import { ApiError } from '../../errors'
import type { Db } from '../../store/db'
import { accountSessions, apiKeys, users } from '../../store/schema'
import type { CodeAndMessage } from '../../../shared/schemas/api'
import { mergeSubscriptionGrants } from '../services/subscription-grants'
import { findApiKey, keyAllowsOrigin, keyOrigins, MIN_API_KEY_LENGTH } from './api-keys'
import { SESSION_COOKIE, verifyApiSession } from './session-token'
import { isGenericUserAgent, pickUserAgent } from './user-agent'

/** Name of the anonymous client cookie (24 hex, httpOnly, SameSite=Lax, one year). */
export { CLIENT_COOKIE }

/** Kind of caller; decides the default grants. */
export type IdentityKind = 'anonymous' | 'user' | 'apikey'

/** The resolved caller of one request. */
export interface Identity {
  kind: IdentityKind
  /** Signed-in user, or the user owning the API key. */
  userId: string | null
  apiKeyId: string | null
  /**
   * Origins the API key is restricted to (null: no key, or a key usable from any origin). Pages of
   * these origins get credentialed CORS answers for this key's requests.
   */
  apiKeyOrigins: readonly string[] | null
  /** Anonymous client id from the cookie (null when the cookie is absent or malformed). */
  clientId: string | null
  /** Forwarded client address, when the web app in front reports it. */
  ip: string | null
  userAgent: string | null
  grants: Grants
  /** Warnings for the envelope (`no_api_key`, `generic_user_agent`, `invalid_jwt`). */
  warnings: CodeAndMessage[]
}

/** Dependencies of {@link createIdentityResolver}. */
export interface IdentityDeps {
  db: Db
  config: ApiConfig
  sessionSecret: string
  now: () => number
}

const parseGrants = (json: string | null): Partial<Grants> => {
  if (!json) return {}
  try {
    const r = grantsSchema.partial().safeParse(JSON.parse(json))
    return r.success ? r.data : {}
  } catch {
    return {}
  }
}

/**
 * The stored grants of the user behind account session `sid`, when that session is live (not
 * revoked, not expired), belongs to `userId`, and the user exists and is not locked; else undefined.
 */
async function liveSessionUser(db: Db, sid: string, userId: string, now: number): Promise<{ grants: string | null } | undefined> {
  const row = await db
    .select({ grants: users.grants, lockedAt: users.lockedAt })
    .from(accountSessions)
    .innerJoin(users, eq(users.id, accountSessions.userId))
    .where(and(eq(accountSessions.id, sid), eq(accountSessions.userId, userId), isNull(accountSessions.revokedAt), gt(accountSessions.expiresAt, now)))
    .get()
  return row && row.lockedAt === null ? { grants: row.grants } : undefined
}

/** The stored grants of an API key's owner; 403 `account_locked` while an operator has locked the account. */
async function keyOwner(db: Db, userId: string): Promise<string | null> {
  const owner = await db.select({ grants: users.grants, lockedAt: users.lockedAt }).from(users).where(eq(users.id, userId)).get()
  if (owner && owner.lockedAt !== null) throw new ApiError('account_locked', 'The account of this API key is locked', 403)
  return owner?.grants ?? null
}

/** First address of `X-Forwarded-For`, else `X-Real-IP`, else null. */
export function forwardedIp(headers: Headers): string | null {
  const xff = headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return xff || headers.get('x-real-ip')?.trim() || null
}

/**
 * The API key of an `Authorization` header, read as MineSkin's `middleware/apikey.ts` reads it: only
 * a value starting with `Bearer ` (that spelling, then a space) carries a key; any other value (a
 * bare key, `bearer <key>`, `Basic …`, `Bearer` alone) is no key at all and the request goes on
 * anonymously. Unlike MineSkin, which says only `no_api_key`, such a request also
 * gets the warning `invalid_authorization`, so the caller learns why its key was ignored.
 */
export function bearerKey(header: string | null, warnings: CodeAndMessage[]): string | null {
  const value = header?.trim()
  if (!value) return null
  const key = value.startsWith('Bearer ') ? value.slice('Bearer '.length).trim() : ''
  if (key) return key
  warnings.push({
    code: 'invalid_authorization',
    message: 'The Authorization header was ignored: send your API key as `Authorization: Bearer <key>`. This request ran without an API key.',
  })
  return null
}

/** Builds the resolver that turns request headers and cookies into an {@link Identity}. */
export function createIdentityResolver(deps: IdentityDeps) {
  const { db, config } = deps
  return async function resolveIdentity(headers: Headers, cookies: Record<string, string>): Promise<Identity> {
    const warnings: CodeAndMessage[] = []
    const userAgent = pickUserAgent(headers)
    if (isGenericUserAgent(userAgent)) {
      warnings.push({
        code: 'generic_user_agent',
        message: 'Generic or missing user agent; please send a descriptive User-Agent / MineSkin-User-Agent (e.g. MyPlugin/1.0)',
      })
    }
    const clientCookie = cookies[CLIENT_COOKIE]
    const clientId = clientCookie && CLIENT_ID.test(clientCookie) ? clientCookie : null
    const ip = forwardedIp(headers)

    let apiKey: { id: string; userId: string | null; grants: string | null; allowedOrigins: string | null } | null = null
    const key = bearerKey(headers.get('authorization'), warnings)
    if (key !== null) {
      if (key.length < MIN_API_KEY_LENGTH) {
        throw new ApiError('invalid_api_key', 'Invalid API Key', 403, 'CLIENT', [
          { code: 'invalid_api_key_length', message: `API keys are at least ${MIN_API_KEY_LENGTH} characters long` },
        ])
      }
      const row = await findApiKey(db, key)
      if (!row) throw new ApiError('invalid_api_key', 'Invalid API Key', 403)
      // A key restricted to origins may only be used from those pages (reference §1.2); calls
      // without an Origin header (servers, plugins) are not browser calls and stay allowed.
      const origin = headers.get('origin')
      if (origin && !keyAllowsOrigin(row.allowedOrigins, origin)) throw new ApiError('invalid_api_key', 'Origin not allowed', 403)
      // `lastUsed` is informational: a write per minute per key is enough, not one per request.
      const now = deps.now()
      if (row.lastUsed === null || now - row.lastUsed > 60_000) await db.update(apiKeys).set({ lastUsed: now }).where(eq(apiKeys.id, row.id)).run()
      apiKey = row
    }

    let sessionUser: { id: string; grants: Partial<Grants>; userGrants: string | null } | null = null
    const token = cookies[SESSION_COOKIE]
    if (token) {
      const r = await verifyApiSession(deps.sessionSecret, token, deps.now())
      // A well-signed token counts only while its account session lives and its user is not locked:
      // sign-out, password change, lock and deletion end every token at once.
      const live = r.ok ? await liveSessionUser(db, r.claims.sid, r.claims.sub, deps.now()) : undefined
      if (r.ok && live) sessionUser = { id: r.claims.sub, grants: r.claims.grants ?? {}, userGrants: live.grants }
      else warnings.push({ code: 'invalid_jwt', message: `Invalid session (${r.ok ? 'ERR_SESSION_ENDED' : r.reason})` })
    }

    if (!apiKey && !sessionUser) {
      warnings.push({ code: 'no_api_key', message: 'No API key provided; anonymous limits apply' })
    }

    // A keyed request acts as the key's owner only, never as whoever's session cookie came along
    // (a key without a user stays userless): the key, not the browser, decides.
    const userId = apiKey ? apiKey.userId : (sessionUser?.id ?? null)
    // The session check above already read the user's grants; a key's owner is read here, and a
    // key whose owner is locked stops working while the lock lasts.
    const userGrants = apiKey ? (apiKey.userId ? await keyOwner(db, apiKey.userId) : null) : (sessionUser?.userGrants ?? null)
    const kind: IdentityKind = apiKey ? 'apikey' : sessionUser ? 'user' : 'anonymous'
    const merged: Grants = {
      ...config.grants[kind],
      ...(kind !== 'anonymous' ? parseGrants(userGrants) : {}),
      ...(sessionUser && kind === 'user' ? sessionUser.grants : {}),
      ...(apiKey ? parseGrants(apiKey.grants) : {}),
    }
    // Valid subscriptions only ever raise limits (src/api/users/services/subscription-grants.ts).
    const grants = kind === 'anonymous' ? merged : await mergeSubscriptionGrants(db, merged, userId, deps.now())
    const apiKeyOrigins = apiKey ? keyOrigins(apiKey.allowedOrigins) : null
    return { kind, userId, apiKeyId: apiKey?.id ?? null, apiKeyOrigins, clientId, ip, userAgent, grants, warnings }
  }
}

/** Resolver function type. */
export type IdentityResolver = ReturnType<typeof createIdentityResolver>

/**
 * Stable key of the caller for one-per-caller records (votes, likes, reports, rate limits):
 * user, else API key, else anonymous cookie, else forwarded address; null when nothing identifies it.
 */
export function identityKey(id: Pick<Identity, 'userId' | 'apiKeyId' | 'clientId' | 'ip'>): string | null {
  if (id.userId) return `user:${id.userId}`
  if (id.apiKeyId) return `key:${id.apiKeyId}`
  if (id.clientId) return `client:${id.clientId}`
  if (id.ip) return `ip:${id.ip}`
  return null
}
