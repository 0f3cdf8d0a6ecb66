/**
 * Caller identity: API keys, API session cookies, anonymous client cookies, user agents.
 * The accounts service uses {@link signApiSession} / {@link loadSessionSecret} to mint the
 * `ssg_api` cookie and {@link createApiKey} to issue keys.
 * @module
 */
export { createApiKey, findApiKey, hashApiKey, MIN_API_KEY_LENGTH } from './api-keys'
export { CLIENT_COOKIE, createIdentityResolver, forwardedIp, identityKey } from './identity'
export type { Identity, IdentityKind, IdentityResolver } from './identity'
export { readOrCreateSecret } from './secrets'
export {
  loadSessionSecret,
  SESSION_AUDIENCE,
  SESSION_COOKIE,
  SESSION_ISSUER,
  sessionClaimsSchema,
  signApiSession,
  verifyApiSession,
} from './session'
export type { SessionClaims, SessionResult } from './session'
export { isGenericUserAgent, pickUserAgent } from './user-agent'
