/**
 * API keys: `Authorization: Bearer <key>`, stored as the SHA-512 hex of the key; keys shorter than
 * 64 characters are rejected before any lookup (reference/mineskin-api.md §1.2).
 * @module
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Grants } from '../../config'
import { randomHex } from '../../ids'
import type { Db } from '../../store/db'
import { apiKeys } from '../../store/schema'

/** Minimum length of an API key. */
export const MIN_API_KEY_LENGTH = 64

/** SHA-512 hex of an API key: the only form the database keeps. */
export const hashApiKey = (key: string): string => createHash('sha512').update(key).digest('hex')

/** A new API key and its row id; the raw key is shown to its owner once and never stored. */
export async function createApiKey(
  db: Db,
  opts: { name?: string; userId?: string | null; grants?: Partial<Grants>; now?: number },
): Promise<{ id: string; key: string }> {
  const key = `ssg_${randomHex(32)}`
  const id = randomHex(12)
  await db
    .insert(apiKeys)
    .values({
      id,
      keyHash: hashApiKey(key),
      name: opts.name ?? '',
      userId: opts.userId ?? null,
      grants: opts.grants ? JSON.stringify(opts.grants) : null,
      createdAt: opts.now ?? Date.now(),
    })
    .run()
  return { id, key }
}

/** Looks up a live (not revoked) key row by the raw key. */
export async function findApiKey(db: Db, key: string) {
  const row = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(key))).get()
  return row && row.revokedAt === null ? row : null
}

/**
 * The origins a key with the stored `allowedOrigins` JSON is restricted to: null when it may be used
 * from any origin (null or empty list), an empty list when the stored value is broken (fail closed).
 */
export function keyOrigins(allowedOrigins: string | null): readonly string[] | null {
  if (!allowedOrigins) return null
  try {
    const list: unknown = JSON.parse(allowedOrigins)
    if (!Array.isArray(list)) return []
    const origins = list.filter((o): o is string => typeof o === 'string')
    return list.length === 0 ? null : origins
  } catch {
    return []
  }
}

/** Whether a key with the stored `allowedOrigins` JSON (null or empty = any) may be used from `origin`. */
export function keyAllowsOrigin(allowedOrigins: string | null, origin: string): boolean {
  const list = keyOrigins(allowedOrigins)
  return list === null || list.includes(origin)
}
