/**
 * The moderation audit log: every console action is one row — who, what, on
 * which target, when, why — with the state before it (`data`), so the action can be undone while
 * that state still means something. Reading it is a keyset page by id, newest first.
 * @module
 */
import type { SqlClient, SqlStatement } from '../store/sql'

/** Every action the log knows; the ones ending in an undo are listed in {@link UNDOABLE}. */
export const MODERATION_ACTIONS = [
  'dismiss',
  'hide',
  'remove',
  'clear_name',
  'remove_tag',
  'ban_texture',
  'set_grants',
  'add_credits',
  'subscribe',
  'notify',
  'revoke_key',
  'lock',
  'unlock',
] as const
/** One action name. */
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]

/** Actions that can be undone while their data exists (unhide, restore, unban, …). */
export const UNDOABLE: ReadonlySet<ModerationAction> = new Set(['dismiss', 'hide', 'remove', 'clear_name', 'remove_tag', 'ban_texture', 'set_grants', 'lock', 'revoke_key'])

/** What the log points at. */
export type TargetKind = 'skin' | 'user' | 'key' | 'tag' | 'texture'

/** One log row as read. */
export interface LogEntry {
  id: number
  actorUserId: string | null
  actorEmail: string | null
  action: ModerationAction
  targetKind: TargetKind
  targetId: string
  note: string | null
  data: Record<string, unknown>
  createdAt: number
  undoneAt: number | null
  undoneBy: string | null
}

/** What a new entry records. */
export interface NewLogEntry {
  actorUserId: string | null
  action: ModerationAction
  targetKind: TargetKind
  targetId: string
  note?: string | null
  data?: Record<string, unknown>
  now: number
}

/** Notes are free text from a form: trimmed, at most this long. */
export const MAX_NOTE_LENGTH = 500

/** The INSERT of an entry, to run in the same batch as the change it records. */
export function logStatement(e: NewLogEntry): SqlStatement {
  const note = e.note?.trim().slice(0, MAX_NOTE_LENGTH) || null
  return {
    sql: 'INSERT INTO moderation_log (actor_user_id, action, target_kind, target_id, note, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    params: [e.actorUserId, e.action, e.targetKind, e.targetId, note, JSON.stringify(e.data ?? {}), e.now],
  }
}

interface Row {
  id: number
  actor_user_id: string | null
  actor_email: string | null
  action: string
  target_kind: TargetKind
  target_id: string
  note: string | null
  data: string | null
  created_at: number
  undone_at: number | null
  undone_by: string | null
}

const toEntry = (r: Row): LogEntry => {
  let data: Record<string, unknown> = {}
  try {
    data = r.data ? (JSON.parse(r.data) as Record<string, unknown>) : {}
  } catch {
    data = {}
  }
  return {
    id: r.id,
    actorUserId: r.actor_user_id,
    actorEmail: r.actor_email,
    action: r.action as ModerationAction,
    targetKind: r.target_kind,
    targetId: r.target_id,
    note: r.note,
    data,
    createdAt: r.created_at,
    undoneAt: r.undone_at,
    undoneBy: r.undone_by,
  }
}

const SELECT = `SELECT l.*, u.email AS actor_email FROM moderation_log l LEFT JOIN users u ON u.id = l.actor_user_id`

/** A page of the log, newest first: entries with id below `before` (all when absent), optionally of one target. */
export async function listLog(
  sql: SqlClient,
  opts: { before?: number; limit: number; target?: { kind: TargetKind; id: string } },
): Promise<LogEntry[]> {
  const where: string[] = []
  const params: (string | number)[] = []
  if (opts.before !== undefined) {
    where.push('l.id < ?')
    params.push(opts.before)
  }
  if (opts.target) {
    where.push('l.target_kind = ? AND l.target_id = ?')
    params.push(opts.target.kind, opts.target.id)
  }
  const rows = await sql.all<Row>(`${SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY l.id DESC LIMIT ?`, [...params, opts.limit])
  return rows.map(toEntry)
}

/** One entry, or null. */
export async function logEntry(sql: SqlClient, id: number): Promise<LogEntry | null> {
  const row = await sql.get<Row>(`${SELECT} WHERE l.id = ?`, [id])
  return row ? toEntry(row) : null
}

/** Marks an entry undone (in the batch of the undo itself); changes nothing when it already was. */
export const markUndoneStatement = (id: number, by: string | null, now: number): SqlStatement => ({
  sql: 'UPDATE moderation_log SET undone_at = ?, undone_by = ? WHERE id = ? AND undone_at IS NULL',
  params: [now, by, id],
})
