/**
 * What a moderator does to a reported skin, one call each, every one written to
 * the audit log in the same atomic batch as the change (no interactive transactions on D1) with the
 * state before it, and resolving the skin's open reports:
 * - dismiss: the reports were unfounded (reports → `dismissed`);
 * - hide: out of every list and search, the page kept for its owner (the skin becomes `private`,
 *   `hidden_visibility` remembers the owner's choice; the owner cannot change visibility meanwhile);
 * - remove: soft delete, owners notified as by `bun run accounts -- remove-skin`;
 * - clear the name; remove a tag (and optionally ban it); ban the texture (refused on every future
 *   generate; the skin is removed too).
 * `undo` reverses any of them while the data still exists: unhide, restore, the old name, the tag
 * with its votes, unban; undoing a dismissal reopens those reports. Each, and its undo, first asks
 * ./rights.ts whether the actor's role may.
 * @module
 */
import { ApiError } from '../errors'
import type { Store } from '../store/db'
import type { SqlStatement } from '../store/sql'
import { loadSkinRecord, type SkinRecord } from '../skins/services/skin-record'
import { notifySkinOwners } from '../users/services/skin-removal'
import { logEntry, logStatement, markUndoneStatement, type LogEntry, type ModerationAction, UNDOABLE } from './audit-log'
import { requireRight, type Actor } from './rights'

/** The skin actions of the report queue. */
export type SkinAction = 'dismiss' | 'hide' | 'remove' | 'clear_name' | 'ban_texture'

const skinGone = () => new ApiError('skin_not_found', 'Skin not found', 404)

/** Resolves the skin's open reports; returns the statement. */
const resolveReports = (skinRowId: number, status: 'dismissed' | 'actioned', now: number): SqlStatement => ({
  sql: "UPDATE skin_reports SET status = ?, resolved_at = ? WHERE skin_id = ? AND status = 'open'",
  params: [status, now, skinRowId],
})

/** The statement that soft-deletes a skin. */
const deleteStatement = (rec: SkinRecord, now: number): SqlStatement => ({
  sql: "UPDATE skins SET deleted_at = ?, status = 'deleted', updated_at = ? WHERE id = ? AND deleted_at IS NULL",
  params: [now, now, rec.skin.id],
})

/** Builds the skin actions over `store`; `now` is the clock. */
export function createSkinModeration(store: Store, now: () => number) {
  const { db, sql } = store

  const load = async (id: string) => {
    const rec = await loadSkinRecord(db, id)
    if (!rec) throw skinGone()
    return rec
  }

  /** Runs the change statements, the report resolution and the log row as one batch; returns the log id. */
  const commit = async (
    actor: Actor,
    action: ModerationAction,
    rec: SkinRecord,
    note: string | undefined,
    data: Record<string, unknown>,
    change: SqlStatement[],
    reports: 'dismissed' | 'actioned',
    t: number,
  ): Promise<number> => {
    const results = await sql.batch([
      ...change,
      resolveReports(rec.skin.id, reports, t),
      logStatement({ actorUserId: actor.userId, action, targetKind: 'skin', targetId: rec.skin.uuid, note, data, now: t }),
    ])
    return (results[results.length - 1]!.rows[0] as { id: number }).id
  }

  /** The report ids a dismissal closes (kept so undo can reopen exactly those). */
  const openReportIds = async (rec: SkinRecord) =>
    (await sql.all<{ id: number }>("SELECT id FROM skin_reports WHERE skin_id = ? AND status = 'open'", [rec.skin.id])).map((r) => r.id)

  const actions = {
    /** The reports were unfounded. */
    async dismiss(actor: Actor, id: string, note?: string): Promise<number> {
      requireRight(actor, 'dismiss')
      const rec = await load(id)
      const t = now()
      return commit(actor, 'dismiss', rec, note, { reportIds: await openReportIds(rec) }, [], 'dismissed', t)
    },

    /** Out of every list and search; the owner still sees the page. */
    async hide(actor: Actor, id: string, note?: string): Promise<number> {
      requireRight(actor, 'hide')
      const rec = await load(id)
      if (rec.skin.deletedAt !== null) throw skinGone()
      if (rec.skin.hiddenAt !== null) throw new ApiError('already_hidden', 'This skin is already hidden', 409)
      const t = now()
      return commit(
        actor,
        'hide',
        rec,
        note,
        { visibility: rec.skin.visibility },
        [
          {
            sql: "UPDATE skins SET hidden_at = ?, hidden_visibility = visibility, visibility = 'private', updated_at = ? WHERE id = ? AND hidden_at IS NULL",
            params: [t, t, rec.skin.id],
          },
        ],
        'actioned',
        t,
      )
    },

    /** Soft delete; the owners get a notification. */
    async remove(actor: Actor, id: string, note?: string): Promise<number> {
      requireRight(actor, 'remove')
      const rec = await load(id)
      if (rec.skin.deletedAt !== null) throw skinGone()
      const t = now()
      const logId = await commit(actor, 'remove', rec, note, { status: rec.skin.status }, [deleteStatement(rec, t)], 'actioned', t)
      await notifySkinOwners(db, rec, t, note)
      return logId
    },

    /** The name goes; the skin stays. */
    async clearName(actor: Actor, id: string, note?: string): Promise<number> {
      requireRight(actor, 'clear_name')
      const rec = await load(id)
      if (rec.skin.name === null) throw new ApiError('no_name', 'This skin has no name', 409)
      const t = now()
      return commit(actor, 'clear_name', rec, note, { name: rec.skin.name }, [{ sql: 'UPDATE skins SET name = NULL, updated_at = ? WHERE id = ?', params: [t, rec.skin.id] }], 'actioned', t)
    },

    /** Removes `tag` with its votes; `ban` also refuses it on every skin from now on. */
    async removeTag(actor: Actor, id: string, tag: string, ban: boolean, note?: string): Promise<number> {
      requireRight(actor, 'remove_tag')
      const rec = await load(id)
      const row = await sql.get<{ up: number; down: number; visible: number; created_at: number }>('SELECT up, down, visible, created_at FROM skin_tags WHERE skin_id = ? AND tag = ?', [
        rec.skin.id,
        tag,
      ])
      if (!row) throw new ApiError('tag_not_found', 'This skin has no such tag', 404)
      const votes = await sql.all<{ voter: string; vote: number; created_at: number }>('SELECT voter, vote, created_at FROM tag_votes WHERE skin_id = ? AND tag = ?', [rec.skin.id, tag])
      const newBan = ban && !(await sql.get('SELECT 1 AS x FROM banned_tags WHERE tag = ?', [tag]))
      const t = now()
      const change: SqlStatement[] = [
        { sql: 'DELETE FROM tag_votes WHERE skin_id = ? AND tag = ?', params: [rec.skin.id, tag] },
        { sql: 'DELETE FROM skin_tags WHERE skin_id = ? AND tag = ?', params: [rec.skin.id, tag] },
        ...(newBan ? [{ sql: 'INSERT OR IGNORE INTO banned_tags (tag, created_at) VALUES (?, ?)', params: [tag, t] }] : []),
      ]
      return commit(actor, 'remove_tag', rec, note, { tag, row, votes, banned: newBan }, change, 'actioned', t)
    },

    /** Refuses this image on every future generate, and removes the skin. */
    async banTexture(actor: Actor, id: string, note?: string): Promise<number> {
      requireRight(actor, 'ban_texture')
      const rec = await load(id)
      const hash = rec.data.textureHash
      const newBan = !(await sql.get('SELECT 1 AS x FROM banned_textures WHERE texture_hash = ?', [hash]))
      const t = now()
      const change: SqlStatement[] = [
        ...(newBan ? [{ sql: 'INSERT OR IGNORE INTO banned_textures (texture_hash, created_at) VALUES (?, ?)', params: [hash, t] }] : []),
        ...(rec.skin.deletedAt === null ? [deleteStatement(rec, t)] : []),
      ]
      const logId = await commit(actor, 'ban_texture', rec, note, { hash, banned: newBan, removed: rec.skin.deletedAt === null, status: rec.skin.status }, change, 'actioned', t)
      if (rec.skin.deletedAt === null) await notifySkinOwners(db, rec, t, note)
      return logId
    },

    /** Reverses the skin action of log entry `logId`; 409 when already undone or not undoable, 410 when its data is gone. */
    async undo(actor: Actor, logId: number): Promise<LogEntry> {
      const entry = await logEntry(sql, logId)
      if (!entry || entry.targetKind !== 'skin') throw new ApiError('log_entry_not_found', 'No such skin action in the audit log', 404)
      requireRight(actor, entry.action)
      if (entry.undoneAt !== null) throw new ApiError('already_undone', 'This action was already undone', 409)
      if (!UNDOABLE.has(entry.action)) throw new ApiError('not_undoable', 'This action cannot be undone', 409)
      const rec = await loadSkinRecord(db, entry.targetId)
      if (!rec) throw new ApiError('undo_data_gone', 'The skin of this action no longer exists', 410)
      const t = now()
      const d = entry.data
      const skinId = rec.skin.id
      let change: SqlStatement[]
      switch (entry.action) {
        case 'dismiss': {
          const ids = Array.isArray(d.reportIds) ? d.reportIds.filter((x): x is number => typeof x === 'number') : []
          change = ids.length ? [{ sql: `UPDATE skin_reports SET status = 'open', resolved_at = NULL WHERE id IN (${ids.map(() => '?').join(',')})`, params: ids }] : []
          break
        }
        case 'hide':
          if (rec.skin.hiddenAt === null) throw new ApiError('undo_data_gone', 'The skin is no longer hidden', 410)
          change = [{ sql: 'UPDATE skins SET visibility = coalesce(hidden_visibility, visibility), hidden_at = NULL, hidden_visibility = NULL, updated_at = ? WHERE id = ?', params: [t, skinId] }]
          break
        case 'remove':
          change = [{ sql: 'UPDATE skins SET deleted_at = NULL, status = ?, updated_at = ? WHERE id = ?', params: [typeof d.status === 'string' && d.status !== 'deleted' ? d.status : 'success', t, skinId] }]
          break
        case 'clear_name':
          change = [{ sql: 'UPDATE skins SET name = ?, updated_at = ? WHERE id = ? AND name IS NULL', params: [typeof d.name === 'string' ? d.name : null, t, skinId] }]
          break
        case 'remove_tag': {
          const tag = String(d.tag)
          const row = d.row as { up: number; down: number; visible: number; created_at: number }
          const votes = (Array.isArray(d.votes) ? d.votes : []) as { voter: string; vote: number; created_at: number }[]
          change = [
            { sql: 'INSERT OR IGNORE INTO skin_tags (skin_id, tag, up, down, visible, created_at) VALUES (?, ?, ?, ?, ?, ?)', params: [skinId, tag, row.up, row.down, row.visible, row.created_at] },
            ...votes.map((v) => ({ sql: 'INSERT OR IGNORE INTO tag_votes (skin_id, tag, voter, vote, created_at) VALUES (?, ?, ?, ?, ?)', params: [skinId, tag, v.voter, v.vote, v.created_at] })),
            ...(d.banned === true ? [{ sql: 'DELETE FROM banned_tags WHERE tag = ?', params: [tag] }] : []),
          ]
          break
        }
        case 'ban_texture':
          change = [
            ...(d.banned === true ? [{ sql: 'DELETE FROM banned_textures WHERE texture_hash = ?', params: [String(d.hash)] }] : []),
            ...(d.removed === true
              ? [{ sql: 'UPDATE skins SET deleted_at = NULL, status = ?, updated_at = ? WHERE id = ?', params: [typeof d.status === 'string' && d.status !== 'deleted' ? d.status : 'success', t, skinId] }]
              : []),
          ]
          break
        default:
          throw new ApiError('not_undoable', 'This action cannot be undone here', 409)
      }
      const results = await sql.batch([markUndoneStatement(logId, actor.userId, t), ...change])
      if (results[0]!.changes === 0) throw new ApiError('already_undone', 'This action was already undone', 409)
      return (await logEntry(sql, logId))!
    },
  }
  return actions
}

/** The skin moderation service type. */
export type SkinModeration = ReturnType<typeof createSkinModeration>
