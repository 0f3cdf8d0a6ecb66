/**
 * What the operator console reads about users: the user search (by e-mail or
 * display name, newest first, paged) and, per user, their skins, API keys, recent notifications and
 * the audit-log entries about them or their keys.
 * @module
 */
import type { SqlClient } from '../store/sql'
import { logEntry, type LogEntry } from './audit-log'

/** Users per page of the search. */
export const USERS_PAGE_SIZE = 25

/** One row of the user search. */
export interface UserListRow {
  id: string
  email: string | null
  /** When the address was confirmed; null: never (ADMIN_EMAILS then gives no role, ./roles.ts). */
  emailVerifiedAt: number | null
  name: string | null
  grants: string | null
  lockedAt: number | null
  createdAt: number
  /** Skins the user created that are not deleted. */
  skins: number
  /** Live (unrevoked) API keys. */
  keys: number
}

/** `%` and `_` match themselves in the search (LIKE … ESCAPE '\'). */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/**
 * A page of users whose e-mail or name contains `q` (case-insensitive; all users without it), newest
 * first; `hasMore` tells whether a next page exists.
 */
export async function searchUsers(sql: SqlClient, opts: { q?: string; page: number; size?: number }): Promise<{ rows: UserListRow[]; hasMore: boolean }> {
  const size = opts.size ?? USERS_PAGE_SIZE
  const q = opts.q?.trim()
  const where = q ? "WHERE lower(coalesce(u.email, '')) LIKE ? ESCAPE '\\' OR lower(coalesce(u.name, '')) LIKE ? ESCAPE '\\'" : ''
  const params = q ? [likePattern(q), likePattern(q)] : []
  const rows = await sql.all<{ id: string; email: string | null; name: string | null; grants: string | null; locked_at: number | null; created_at: number; email_verified_at: number | null; skins: number; keys: number }>(
    `SELECT u.id, u.email, u.name, u.grants, u.locked_at, u.created_at, u.email_verified_at,
       (SELECT count(DISTINCT c.skin_id) FROM skin_clients c JOIN skins s ON s.id = c.skin_id WHERE c.user_id = u.id AND s.deleted_at IS NULL) AS skins,
       (SELECT count(*) FROM api_keys k WHERE k.user_id = u.id AND k.revoked_at IS NULL) AS keys
     FROM users u ${where} ORDER BY u.created_at DESC, u.id DESC LIMIT ? OFFSET ?`,
    [...params, size + 1, (Math.max(1, opts.page) - 1) * size],
  )
  return {
    rows: rows.slice(0, size).map((r) => ({ id: r.id, email: r.email, emailVerifiedAt: r.email_verified_at, name: r.name, grants: r.grants, lockedAt: r.locked_at, createdAt: r.created_at, skins: r.skins, keys: r.keys })),
    hasMore: rows.length > size,
  }
}

/** A skin of the user, as the console lists it (deleted and hidden ones too). */
export interface UserSkin {
  uuid: string
  shortId: string
  name: string | null
  visibility: 'public' | 'unlisted' | 'private'
  variant: 'classic' | 'slim' | 'unknown'
  textureHash: string
  createdAt: number
  hiddenAt: number | null
  deletedAt: number | null
}

/** The user's newest `limit` skins (by creation) and how many they created in all. */
export async function userSkins(sql: SqlClient, userId: string, limit: number): Promise<{ skins: UserSkin[]; total: number }> {
  const rows = await sql.all<{ uuid: string; short_id: string; name: string | null; visibility: UserSkin['visibility']; variant: UserSkin['variant']; texture_hash: string; created_at: number; hidden_at: number | null; deleted_at: number | null }>(
    `SELECT s.uuid, s.short_id, s.name, s.visibility, s.variant, s.texture_hash, s.created_at, s.hidden_at, s.deleted_at
     FROM skins s WHERE s.id IN (SELECT c.skin_id FROM skin_clients c WHERE c.user_id = ?) ORDER BY s.id DESC LIMIT ?`,
    [userId, limit],
  )
  const total = (await sql.get<{ n: number }>('SELECT count(DISTINCT skin_id) AS n FROM skin_clients WHERE user_id = ?', [userId]))?.n ?? 0
  return {
    skins: rows.map((r) => ({ uuid: r.uuid, shortId: r.short_id, name: r.name, visibility: r.visibility, variant: r.variant, textureHash: r.texture_hash, createdAt: r.created_at, hiddenAt: r.hidden_at, deletedAt: r.deleted_at })),
    total,
  }
}

/** An API key of the user as the console lists it (revoked ones too; never the secret or its hash). */
export interface UserKey {
  id: string
  name: string
  createdAt: number
  lastUsed: number | null
  revokedAt: number | null
  useCredits: boolean
}

/** The user's API keys, live ones first, newest first (at most `limit`). */
export async function userKeys(sql: SqlClient, userId: string, limit = 50): Promise<UserKey[]> {
  const rows = await sql.all<{ id: string; name: string; created_at: number; last_used: number | null; revoked_at: number | null; use_credits: number }>(
    'SELECT id, name, created_at, last_used, revoked_at, use_credits FROM api_keys WHERE user_id = ? ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC LIMIT ?',
    [userId, limit],
  )
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsed: r.last_used, revokedAt: r.revoked_at, useCredits: r.use_credits === 1 }))
}

/** A notification as the console lists it (dismissed ones too). */
export interface UserNotification {
  id: string
  title: string
  message: string
  level: string | null
  createdAt: number
  dismissedAt: number | null
}

/** The user's newest `limit` notifications, dismissed or not. */
export async function userNotifications(sql: SqlClient, userId: string, limit: number): Promise<UserNotification[]> {
  const rows = await sql.all<{ id: string; title: string; message: string; level: string | null; created_at: number; dismissed_at: number | null }>(
    'SELECT id, title, message, level, created_at, dismissed_at FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?',
    [userId, limit],
  )
  return rows.map((r) => ({ id: r.id, title: r.title, message: r.message, level: r.level, createdAt: r.created_at, dismissedAt: r.dismissed_at }))
}

/** The newest `limit` audit-log entries about the user or one of their API keys. */
export async function userLog(sql: SqlClient, userId: string, limit: number): Promise<LogEntry[]> {
  const ids = await sql.all<{ id: number }>(
    `SELECT id FROM moderation_log WHERE target_kind = 'user' AND target_id = ?
     UNION ALL SELECT l.id FROM moderation_log l JOIN api_keys k ON k.id = l.target_id WHERE l.target_kind = 'key' AND k.user_id = ?
     ORDER BY id DESC LIMIT ?`,
    [userId, userId, limit],
  )
  const entries = await Promise.all(ids.map((r) => logEntry(sql, r.id)))
  return entries.filter((e): e is LogEntry => e !== null)
}

/** True when `entry` is about the user or one of their API keys: the entries the user's page lists and may undo. */
export async function isUserLogEntry(sql: SqlClient, entry: Pick<LogEntry, 'targetKind' | 'targetId'>, userId: string): Promise<boolean> {
  if (entry.targetKind === 'user') return entry.targetId === userId
  if (entry.targetKind !== 'key') return false
  return (await sql.get<{ x: number }>('SELECT 1 AS x FROM api_keys WHERE id = ? AND user_id = ?', [entry.targetId, userId])) !== null
}
