/**
 * Single-use mailed links: confirm a sign-up, confirm a new e-mail address, reset
 * a password. The token is 256 random bits and only its SHA-256 is stored; a link is used with one
 * atomic UPDATE, so two clicks (or two tabs) cannot both use it. A newer link of the same kind for the
 * same account cancels the older ones, and a password change or reset cancels all of them
 * (src/api/users/services/end-sessions.ts). Once a sign-up link made an account, the other sign-up
 * links of that address stop working.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { LinkKind } from '../../api/users/services/end-sessions'
import { accountTokens } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'
import { hashToken } from './tokens'

/** How long each kind of link works: a reset is short-lived, a confirmation waits for the mail to be read. */
export const LINK_TTL_MS: Record<LinkKind, number> = {
  signup: 24 * 3600_000,
  email_change: 24 * 3600_000,
  reset: 30 * 60_000,
}

/** A stored link as the routes see it. */
export type AccountLink = typeof accountTokens.$inferSelect

const nowOf = (deps: AccountsDeps) => (deps.now ?? Date.now)()
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/**
 * Makes a link of `kind` for `email` (and account `userId`); returns the raw token for the URL. The
 * older links of the same kind for the account are cancelled by one UPDATE that also runs for a link
 * without an account (it then matches nothing): issuing a link runs the same statements whether or
 * not the address has an account, so a sign-up's or reset request's answer cannot tell by its timing.
 */
export async function issueLink(deps: AccountsDeps, input: { kind: LinkKind; email: string; userId?: string; payload?: unknown }): Promise<string> {
  const now = nowOf(deps)
  await deps.db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, input.userId ?? ''), eq(accountTokens.kind, input.kind), isNull(accountTokens.usedAt)))
    .run()
  const token = randomBytes(32).toString('base64url')
  await deps.db
    .insert(accountTokens)
    .values({
      id: randomBytes(16).toString('hex'),
      kind: input.kind,
      tokenHash: hashToken(token),
      email: input.email,
      userId: input.userId ?? null,
      payload: input.payload === undefined ? null : JSON.stringify(input.payload),
      createdAt: now,
      expiresAt: now + LINK_TTL_MS[input.kind],
    })
    .run()
  return token
}

/** The live (unused, unexpired) link of `kind` behind `token`, without using it; undefined otherwise. */
export async function peekLink(deps: AccountsDeps, kind: LinkKind, token: string | undefined): Promise<AccountLink | undefined> {
  if (!token || !TOKEN.test(token)) return undefined
  return deps.db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, nowOf(deps))))
    .get()
}

/** Uses the link behind `token` once: the row when this call used it, undefined when it was not live. */
export async function useLink(deps: AccountsDeps, kind: LinkKind, token: string | undefined): Promise<AccountLink | undefined> {
  if (!token || !TOKEN.test(token)) return undefined
  const now = nowOf(deps)
  return deps.db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning()
    .get()
}

/** The newest live e-mail change of `userId`, for the manage page ("a link was sent to …"). */
export async function pendingEmailChange(deps: AccountsDeps, userId: string): Promise<string | undefined> {
  const row = await deps.db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, 'email_change'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, nowOf(deps))))
    .get()
  return row?.email
}

/** Cancels the live links of `kind` mailed to `email` (the other sign-up links, once one made the account). */
export async function cancelAddressLinks(deps: AccountsDeps, email: string, kind: LinkKind): Promise<void> {
  await deps.db
    .update(accountTokens)
    .set({ usedAt: nowOf(deps) })
    .where(and(eq(accountTokens.email, email), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)))
    .run()
}
