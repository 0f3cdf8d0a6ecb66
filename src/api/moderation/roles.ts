/**
 * Roles of the operator console (docs/operations.md "Moderation and the operator console"):
 * moderators handle content (reports, hiding, removing, bans, the audit log); admins do that and run
 * the site (users, keys, grants, credits, notifications, site status, every signing account). Both
 * are grants of the user (`moderator`, `admin`; `bun run accounts -- grant <email> admin`); the
 * first admin can also come from configuration, `ADMIN_EMAILS`, so a fresh install needs no command.
 * @module
 */

/** A role, most powerful first. */
export type Role = 'admin' | 'moderator'

/** What the role check needs of a user. */
export interface RoleSubject {
  /** The account's address; null for none. */
  email: string | null
  /**
   * When its mailbox confirmed the address (null: never). ADMIN_EMAILS names a mailbox, so it makes
   * an admin only of the account whose address that mailbox confirmed (docs/operations.md, "Account
   * security"): typing the address into a sign-up or an e-mail change gives nothing.
   */
  emailVerifiedAt: number | null
  /** The user's grant overrides (parsed `users.grants`). */
  grants: { admin?: boolean; moderator?: boolean } | undefined
  /** Locked accounts hold no role. */
  lockedAt?: number | null
}

/** `ADMIN_EMAILS`: comma- or space-separated, compared case-insensitively. */
export const parseAdminEmails = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(/[\s,]+/)
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e.includes('@'))

/** The user's role, or null for none. */
export function roleOf(user: RoleSubject, adminEmails: readonly string[]): Role | null {
  if (user.lockedAt) return null
  const configuredAdmin = user.email !== null && user.emailVerifiedAt !== null && adminEmails.includes(user.email.trim().toLowerCase())
  if (user.grants?.admin === true || configuredAdmin) return 'admin'
  if (user.grants?.moderator === true) return 'moderator'
  return null
}

/** True when `role` may do what `needed` may (admins may do everything moderators may). */
export const roleAllows = (role: Role | null, needed: Role): boolean => role === 'admin' || (role === 'moderator' && needed === 'moderator')
