/**
 * Who may do each action of the audit log, and who may undo it: the one rule every entry point
 * asks (the report queue and its undo notice, the users page, the audit log), and that the actions
 * themselves check again, so a page that forgets to ask cannot grant more.
 * - Content actions (reports, hiding, removing, names, tags, banned textures) need a moderator.
 * - What changes users and keys — grants, credits, subscriptions, notifications, key revocation,
 *   locks — needs an admin: a moderator who could grant or revoke roles could make themselves admin.
 * - Undoing an action needs at least the role the action needs: an undo is that action's inverse
 *   (undoing "admin grant cleared" grants admin), so it is the same power.
 * The page guard (../../accounts/require-staff.tsx) still asks each page's own role first; an action
 * through a page needs both.
 * @module
 */
import { ApiError } from '../errors'
import { UNDOABLE, type LogEntry, type ModerationAction } from './audit-log'
import { roleAllows, type Role } from './roles'

/** Who acts: the signed-in staff member and the role they hold now (the command line acts as `admin` with no user). */
export interface Actor {
  /** The user's id; null for the operator's command line on the server. */
  userId: string | null
  /** The role at the time of the request (a locked or demoted user no longer holds it). */
  role: Role
}

/**
 * The role each action needs, to do it and to undo it. A record over every action of the log, so
 * an action added to `MODERATION_ACTIONS` does not type-check until it has a role here.
 */
export const ACTION_ROLE: Readonly<Record<ModerationAction, Role>> = {
  dismiss: 'moderator',
  hide: 'moderator',
  remove: 'moderator',
  clear_name: 'moderator',
  remove_tag: 'moderator',
  ban_texture: 'moderator',
  set_grants: 'admin',
  add_credits: 'admin',
  subscribe: 'admin',
  notify: 'admin',
  revoke_key: 'admin',
  lock: 'admin',
  unlock: 'admin',
}

/** True when `role` may do `action`. */
export const mayDo = (role: Role | null, action: ModerationAction): boolean => roleAllows(role, ACTION_ROLE[action])

/** True when `role` may undo `entry` now: it can be undone, is not yet, and the role may do its action. */
export const mayUndo = (role: Role | null, entry: Pick<LogEntry, 'action' | 'undoneAt'>): boolean =>
  entry.undoneAt === null && UNDOABLE.has(entry.action) && mayDo(role, entry.action)

/** 403 `insufficient_role`: the code the console's guard answers too. */
export const insufficientRole = (action: ModerationAction) =>
  new ApiError('insufficient_role', `Doing or undoing "${action}" needs the ${ACTION_ROLE[action]} role`, 403)

/** Throws {@link insufficientRole} unless `actor` may do (and so undo) `action`; call before changing anything. */
export function requireRight(actor: Actor, action: ModerationAction): void {
  if (!mayDo(actor.role, action)) throw insufficientRole(action)
}
