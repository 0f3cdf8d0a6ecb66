/**
 * API session cookie `ssg_api`: an HS256 JWT with claims `sub` (user id), `sid` (the account-site
 * session it was minted from) and `grants`, like MineSkin's `mskapi` cookie
 * (reference/mineskin-api.md §1.2). The embedded accounts service mints these with
 * {@link signApiSession}; the API reads them with {@link verifyApiSession} and then checks that the
 * session `sid` is still live (identity.ts), so sign-out, a password change, a lock or deletion
 * ends the token at once instead of after its hour. No file access
 * here, so the API Worker verifies sessions with a secret from its env; the Bun
 * half that keeps the secret in `<DATA_DIR>/session-secret` is ./session.ts.
 * @module
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import { grantsSchema } from '../../config'

/** Name of the API session cookie. */
export const SESSION_COOKIE = 'ssg_api'
/** JWT issuer and audience of API sessions. */
export const SESSION_ISSUER = 'ssg-accounts'
/** JWT audience of API sessions. */
export const SESSION_AUDIENCE = 'ssg-api'

/** Claims carried by an API session. */
export const sessionClaimsSchema = z.object({
  /** User id, 32 hex. */
  sub: z.string().regex(/^[0-9a-f]{32}$/),
  /** Id of the account session (account_sessions.id, 32 hex) the token belongs to; tokens without one are refused. */
  sid: z.string().regex(/^[0-9a-f]{32}$/),
  /** Grant overrides for this user. */
  grants: grantsSchema.partial().optional(),
})
/** Session claims. */
export type SessionClaims = z.infer<typeof sessionClaimsSchema>

const key = (secret: string) => new TextEncoder().encode(secret)

/** Mints a session JWT for the `ssg_api` cookie. */
export async function signApiSession(
  secret: string,
  claims: SessionClaims,
  opts: { ttlSeconds?: number; now?: number } = {},
): Promise<string> {
  const iat = Math.floor((opts.now ?? Date.now()) / 1000)
  return new SignJWT({ sid: claims.sid, grants: claims.grants })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttlSeconds ?? 3600))
    .sign(key(secret))
}

/** Result of verifying a session token. */
export type SessionResult = { ok: true; claims: SessionClaims } | { ok: false; reason: string }

/** Verifies a session JWT; `reason` is jose's error code (e.g. `ERR_JWT_EXPIRED`) on failure. */
export async function verifyApiSession(secret: string, token: string, now?: number): Promise<SessionResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: now === undefined ? undefined : new Date(now),
    })
    const claims = sessionClaimsSchema.safeParse(payload)
    return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED' }
  } catch (e) {
    return { ok: false, reason: e instanceof joseErrors.JOSEError ? e.code : 'ERR_JWT_INVALID' }
  }
}
