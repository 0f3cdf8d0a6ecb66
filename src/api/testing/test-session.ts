/**
 * Signed-in callers for tests: a real account session row (and the user row when missing), and the
 * `ssg_api` token minted from it, as the account site would (the API accepts a
 * token only while its session lives, so tests can no longer sign a token out of thin air).
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Grants } from '../config'
import { loadSessionSecret, signApiSession } from '../users/identity/session'
import { openStore, type Db } from '../store/db'
import { accountSessions, users } from '../store/schema'

/** Who the test signs in. */
export interface TestSessionOptions {
  /** User id, 32 hex. */
  sub: string
  /** Grant overrides carried in the token. */
  grants?: Partial<Grants>
  /** Clock of the API under test, ms. */
  now?: number
  /** Token lifetime (default 1 h); the session lives 30 days. */
  ttlSeconds?: number
}

/** Opens a session for `opts.sub` in `db` and returns its token and session id. */
export async function openTestSession(db: Db, secret: string, opts: TestSessionOptions): Promise<{ token: string; sessionId: string }> {
  const now = opts.now ?? Date.now()
  await db.insert(users).values({ id: opts.sub, email: `${opts.sub}@test.invalid`, createdAt: now, emailVerifiedAt: now }).onConflictDoNothing().run()
  const sessionId = randomBytes(16).toString('hex')
  await db
    .insert(accountSessions)
    .values({ id: sessionId, userId: opts.sub, tokenHash: randomBytes(32).toString('hex'), createdAt: now, expiresAt: now + 30 * 24 * 3600_000 })
    .run()
  const token = await signApiSession(secret, { sub: opts.sub, sid: sessionId, grants: opts.grants }, { now, ttlSeconds: opts.ttlSeconds })
  return { token, sessionId }
}

/** The `ssg_api` token of a new session in the database of `dataDir` (a running server's, for e2e tests). */
export async function testSessionToken(dataDir: string, opts: TestSessionOptions): Promise<string> {
  const store = openStore(dataDir)
  try {
    return (await openTestSession(store.db, loadSessionSecret(dataDir), opts)).token
  } finally {
    store.close()
  }
}
