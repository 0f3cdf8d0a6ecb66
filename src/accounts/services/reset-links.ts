/**
 * Password-reset links: only an account whose address is confirmed and that is not
 * locked can be reset by mail. A reset link is issued for every request anyway — for any other
 * address it acts on no account and never works — so a reset request (and a sign-up for a taken
 * address, whose mail carries one) runs the same statements whatever the address, and its answer
 * says nothing by its timing (docs/operations.md, "No account discovery").
 * @module
 */
import type { AccountUser } from '../current-user'
import type { AccountsDeps } from '../deps'
import { issueLink } from './account-links'

/** True when `user` may get a password-reset link by mail: a confirmed address, not locked. */
export const mayResetByMail = (user: Pick<AccountUser, 'emailVerifiedAt' | 'lockedAt'> | undefined): user is AccountUser =>
  user !== undefined && user.emailVerifiedAt !== null && user.lockedAt === null

/** A reset link for `email`: `live` when it resets `user`'s password, else a link for no account. */
export async function issueResetLink(deps: AccountsDeps, email: string, user: AccountUser | undefined): Promise<{ token: string; live: boolean }> {
  const live = mayResetByMail(user)
  const token = await issueLink(deps, { kind: 'reset', email, userId: live ? user.id : undefined })
  return { token, live }
}
