/**
 * API keys of an account: create with a name (the secret is returned
 * once and only its SHA-512 is stored, see src/api/users/identity/api-keys.ts), list with created and
 * last-used times, revoke. Only the owner sees or revokes a key.
 * @module
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import { createApiKey } from '../identity/api-keys'
import type { Db } from '../../store/db'
import { apiKeys } from '../../store/schema'

/** Longest key name. */
export const MAX_KEY_NAME = 64
/** Most live keys per account (keeps the list and the lookup table small). */
export const MAX_KEYS_PER_USER = 20
/** Most allowed origins per key. */
export const MAX_KEY_ORIGINS = 10

/** Why a key could not be created (message keys `accounts.keys.errors.*`). */
export type KeyError = { code: 'nameRequired' } | { code: 'nameTooLong'; max: number } | { code: 'badOrigin'; origin: string } | { code: 'tooMany'; max: number }

/** A key as the account pages list it (never the secret). */
export interface KeyView {
  id: string
  name: string
  createdAt: number
  lastUsed: number | null
  useCredits: boolean
  allowedOrigins: string[]
}

/** Parses the "allowed origins" field: one origin per line (or comma separated); null on the first bad one. */
export function parseOrigins(raw: string): { origins: string[] } | { bad: string } {
  const out: string[] = []
  for (const part of raw.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean)) {
    let origin: string
    try {
      const u = new URL(part)
      if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.origin !== part.replace(/\/$/, '')) return { bad: part }
      origin = u.origin
    } catch {
      return { bad: part }
    }
    if (!out.includes(origin)) out.push(origin)
  }
  return out.length > MAX_KEY_ORIGINS ? { bad: out[MAX_KEY_ORIGINS]! } : { origins: out }
}

const parseList = (json: string | null): string[] => {
  try {
    const v: unknown = json ? JSON.parse(json) : []
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** Live keys of `userId`, oldest first. */
export async function listKeys(db: Db, userId: string): Promise<KeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    .all()
  return rows.map((k) => ({ id: k.id, name: k.name, createdAt: k.createdAt, lastUsed: k.lastUsed, useCredits: Boolean(k.useCredits), allowedOrigins: parseList(k.allowedOrigins) }))
}

/** Creates a key for `userId`; the raw key is in the result and nowhere else. */
export async function createUserKey(
  db: Db,
  userId: string,
  input: { name: string; useCredits: boolean; origins: string },
  now: number,
): Promise<{ ok: true; id: string; key: string; name: string } | { ok: false; error: KeyError }> {
  const name = input.name.trim()
  if (!name) return { ok: false, error: { code: 'nameRequired' } }
  if ([...name].length > MAX_KEY_NAME) return { ok: false, error: { code: 'nameTooLong', max: MAX_KEY_NAME } }
  const origins = parseOrigins(input.origins)
  if ('bad' in origins) return { ok: false, error: { code: 'badOrigin', origin: origins.bad.slice(0, 100) } }
  const live = (await db.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))).get())?.n ?? 0
  if (live >= MAX_KEYS_PER_USER) return { ok: false, error: { code: 'tooMany', max: MAX_KEYS_PER_USER } }
  const created = await createApiKey(db, { name, userId, now })
  await db
    .update(apiKeys)
    .set({ useCredits: input.useCredits ? 1 : 0, allowedOrigins: origins.origins.length ? JSON.stringify(origins.origins) : null, updatedAt: now })
    .where(eq(apiKeys.id, created.id))
    .run()
  return { ok: true, id: created.id, key: created.key, name }
}

/** Revokes one of the user's own live keys; false when there is none with that id. */
export async function revokeKey(db: Db, userId: string, id: string, now: number): Promise<boolean> {
  const own = and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))
  // One guarded write: it changes a row only when the key is the user's and still live.
  const done = await db.update(apiKeys).set({ revokedAt: now, updatedAt: now }).where(own).returning({ id: apiKeys.id }).all()
  return done.length > 0
}
