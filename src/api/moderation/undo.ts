/**
 * Undoing an audit-log entry, whatever its target (an action can be undone while its data
 * still exists): skin actions in ./skin-actions.ts, user and key actions in ./user-actions.ts.
 * Every console path that undoes comes through here, and an undo needs the role of the action it
 * reverses (./rights.ts): a moderator cannot undo an admin's grant change, lock or key revocation.
 * @module
 */
import { ApiError } from '../errors'
import type { Store } from '../store/db'
import { logEntry, type LogEntry } from './audit-log'
import { requireRight, type Actor } from './rights'
import { createSkinModeration } from './skin-actions'
import { createUserActions } from './user-actions'

/** Undoes entry `logId` as `actor`; 404 unknown, 403 `insufficient_role`, 409 already undone or not undoable, 410 data gone. */
export async function undoLogEntry(store: Store, actor: Actor, logId: number, now: () => number): Promise<LogEntry> {
  const entry = await logEntry(store.sql, logId)
  if (!entry) throw new ApiError('log_entry_not_found', 'No such entry in the audit log', 404)
  // Before anything else, so a refused undo changes nothing and says nothing about the entry's state.
  requireRight(actor, entry.action)
  if (entry.targetKind === 'skin') return createSkinModeration(store, now).undo(actor, logId)
  if (entry.targetKind === 'user' || entry.targetKind === 'key') return createUserActions(store, now).undo(actor, logId)
  throw new ApiError('not_undoable', 'This action cannot be undone', 409)
}
