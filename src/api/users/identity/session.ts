/**
 * API session cookie `ssg_api` on Bun: the token functions of ./session-token.ts plus the session
 * secret kept in `<DATA_DIR>/session-secret` (node:fs, so never on the API Worker's path).
 * @module
 */
import { join } from 'node:path'
import { readOrCreateSecret } from './secrets'

export {
  SESSION_AUDIENCE,
  SESSION_COOKIE,
  SESSION_ISSUER,
  sessionClaimsSchema,
  signApiSession,
  verifyApiSession,
  type SessionClaims,
  type SessionResult,
} from './session-token'

/** Reads (or creates once) the session secret of `dataDir`. */
export function loadSessionSecret(dataDir: string): string {
  return readOrCreateSecret(join(dataDir, 'session-secret'))
}
