/**
 * Undoing an audit-log entry, whatever its target (issue 22 point 2: "can be undone where the data
 * still exists"): skin actions in ./skin-actions.ts, user and key actions in ./user-actions.ts.
 * @module
 */
import { ApiError } from '../errors'
import type { Store } from '../store/db'
import { logEntry, type LogEntry } from './audit-log'
import { createSkinModeration, type Actor } from './skin-actions'
import { createUserActions } from './user-actions'

/** Undoes entry `logId` as `actor`; 404 unknown, 409 already undone or not undoable, 410 data gone. */
export async function undoLogEntry(store: Store, actor: Actor, logId: number, now: () => number): Promise<LogEntry> {
  const entry = await logEntry(store.sql, logId)
  if (!entry) throw new ApiError('log_entry_not_found', 'No such entry in the audit log', 404)
  if (entry.targetKind === 'skin') return createSkinModeration(store, now).undo(actor, logId)
  if (entry.targetKind === 'user' || entry.targetKind === 'key') return createUserActions(store, now).undo(actor, logId)
  throw new ApiError('not_undoable', 'This action cannot be undone', 409)
}
