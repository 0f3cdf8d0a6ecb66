/**
 * Accounts: password rules, hashing and checks (argon2id, ./passwords.ts).
 * @module
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { grantsSchema } from '../../api/config'
import { users } from '../../api/store/schema'
import type { AccountsDeps } from '../deps'
import { passwords } from './passwords'

/** The user's stored grant overrides, or undefined when none or unreadable. */
export function parseGrants(json: string | null) {
  if (!json) return undefined
  try {
    const parsed = grantsSchema.partial().safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** Normalises an email for storage and lookup. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** A plausible email: one `@`, a dot in the domain, no spaces, ≤ 254 chars. */
export const isEmail = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)

/** Passwords too common to allow (a tiny list: the rule is a floor, not a dictionary check). */
const COMMON = new Set(['password123', 'password1234', '1234567890', '12345678910', 'qwertyuiop', 'iloveyou123', 'minecraft123', 'passwort123', 'letmein1234', 'abcdefghij', '0123456789', 'qwerty12345', 'aaaaaaaaaa'])

/** Why a password is weak, or undefined: ≥ 10 chars, ≤ 200, not the email, not a common one. */
export function passwordProblem(password: string, email: string): 'password_short' | 'password_long' | 'password_email' | 'password_common' | undefined {
  if (password.length < 10) return 'password_short'
  if (password.length > 200) return 'password_long'
  const lower = password.toLowerCase()
  if (email && (lower === normaliseEmail(email) || lower === normaliseEmail(email).split('@')[0])) return 'password_email'
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) return 'password_common'
  return undefined
}

/** Finds a user by (normalised) email. */
export const userByEmail = async (deps: AccountsDeps, email: string) => await deps.db.select().from(users).where(eq(users.email, normaliseEmail(email))).get()

/** Finds a user by id. */
export const userById = async (deps: AccountsDeps, id: string) => await deps.db.select().from(users).where(eq(users.id, id)).get()

/** Hashes a password for storage (argon2id, ./passwords.ts). */
export const hashPassword = (password: string) => passwords.hash(password)

/**
 * Creates a user whose address was just confirmed (an account is made when the reader of its
 * address chooses the password on the sign-up link's page, routes/verify.tsx);
 * undefined when the email is taken meanwhile (unique index).
 */
export async function createUser(deps: AccountsDeps, input: { email: string; name: string; passwordHash: string }) {
  if (await userByEmail(deps, input.email)) return undefined
  const now = (deps.now ?? Date.now)()
  const row = { id: randomBytes(16).toString('hex'), email: normaliseEmail(input.email), name: input.name.trim() || null, grants: null, createdAt: now, updatedAt: now, passwordHash: input.passwordHash, emailVerifiedAt: now, lockedAt: null }
  try {
    await deps.db.insert(users).values(row).run()
  } catch {
    return undefined // lost a race for the same email
  }
  return row
}

/** A hash to verify against when the email is unknown, so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined

/** The user when `password` matches, else undefined. */
export async function verifyPassword(deps: AccountsDeps, email: string, password: string) {
  const user = await userByEmail(deps, email)
  if (!user?.passwordHash) {
    await passwords.verify(password, await (dummyHash ??= hashPassword('not-a-real-password')))
    return undefined
  }
  return (await passwords.verify(password, user.passwordHash)) ? user : undefined
}
