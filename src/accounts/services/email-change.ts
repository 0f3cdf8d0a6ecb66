/**
 * Changing an account's e-mail address: the new address is stored only once its
 * owner has opened the link mailed to it — in a browser signed in to the account that asked
 * (routes/verify.tsx) — and it is confirmed by that. Until then the old, confirmed address stays the
 * account's, and it alone receives password resets, so an unconfirmed address can never take over an
 * account. An address in ADMIN_EMAILS is never moved onto an existing account: the admin account is
 * the one made by signing up through that mailbox, whose only password its reader chose
 * (docs/operations.md, "Account security").
 * @module
 */
import { eq } from 'drizzle-orm'
import { users } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'
import { userByEmail, userById } from './users'

/**
 * What confirming a change did: `changed`, the address is another account's (`taken`), it is an
 * ADMIN_EMAILS address (`reserved`), or the account is gone or locked.
 */
export type EmailChangeOutcome = 'changed' | 'taken' | 'reserved' | 'gone'

/** True when moving an account to `email` is refused because it is an ADMIN_EMAILS address. */
export const isReservedAddress = (deps: AccountsDeps, email: string) => (deps.adminEmails ?? []).includes(email.trim().toLowerCase())

/** Moves `userId` to the confirmed address `email` (confirming its own current address is no move). */
export async function confirmEmailChange(deps: AccountsDeps, userId: string, email: string): Promise<EmailChangeOutcome> {
  const user = await userById(deps, userId)
  if (!user || user.lockedAt !== null) return 'gone'
  if (user.email !== email && isReservedAddress(deps, email)) return 'reserved'
  const other = await userByEmail(deps, email)
  if (other && other.id !== userId) return 'taken'
  const now = (deps.now ?? Date.now)()
  try {
    await deps.db.update(users).set({ email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId)).run()
  } catch {
    return 'taken' // another account took the address between the check and the write (unique index)
  }
  return 'changed'
}
