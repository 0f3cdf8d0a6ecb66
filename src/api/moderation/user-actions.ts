/**
 * What an admin does to users and API keys in the operator console, the same
 * changes as `bun run accounts -- grant|credits|subscribe|notify|lock|unlock` (admin-commands.ts,
 * whose services they call) plus revoking a key, each written to the audit log with the state
 * before it. Undoable while that state still means something:
 * - `set_grants`: the one grant it changed goes back to its old value (later changes to other
 *   grants stay); `data.grants` keeps the whole old JSON for the record;
 * - `lock`: unlocks (the sessions it ended stay ended: the user signs in anew);
 * - `revoke_key`: revocation is a flag (`api_keys.revoked_at`, the row and its hash stay), so the
 *   key works again.
 * Credits, subscriptions and notifications are not undone (they may be spent or read already).
 * An admin cannot lock themselves or drop their own `admin` grant: the console would lock them out.
 * Every one of them, and its undo, needs the admin role (./rights.ts), whichever page calls it.
 * @module
 */
import { grantsSchema, type Grants } from '../config'
import { ApiError } from '../errors'
import { randomHex } from '../ids'
import type { Store } from '../store/db'
import type { SqlStatement } from '../store/sql'
import { lockUser, unlockUser } from '../users/services/account-lock'
import { grantValue, UsageError } from '../users/services/admin-commands'
import { CREDIT_PERIODS, CREDIT_TYPES, createCreditLedger, type CreditPeriod, type CreditType } from '../users/services/credits'
import { MAX_KEYS_PER_USER } from '../users/services/key-management'
import { createNotification, NOTIFICATION_LEVELS, type NotificationLevel } from '../users/services/notifications'
import { addSubscription, PRODUCT_GROUPS, SUBSCRIPTION_STATUSES, type ProductGroup, type SubscriptionStatus } from '../users/services/subscription-grants'
import { logEntry, logStatement, markUndoneStatement, UNDOABLE, type LogEntry, type ModerationAction } from './audit-log'
import { requireRight, type Actor } from './rights'

/** Every grant name, in the order of the schema (the console's select). */
export const GRANT_NAMES = Object.keys(grantsSchema.shape) as (keyof Grants)[]

/** Longest notification title and message (as the CLI). */
export const MAX_NOTIFY_TITLE = 200
export const MAX_NOTIFY_MESSAGE = 2000
/** Largest credit grant in one go (as the CLI). */
export const MAX_CREDIT_AMOUNT = 1_000_000_000

interface UserRow {
  id: string
  email: string | null
  grants: string | null
  locked_at: number | null
}

const parseGrantsJson = (json: string | null): Record<string, unknown> => {
  try {
    const v: unknown = json ? JSON.parse(json) : {}
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const oneOf = <T extends string>(list: readonly T[], v: string | undefined, code: string, what: string): T => {
  if (!(list as readonly string[]).includes(v ?? '')) throw new ApiError(code, `Unknown ${what} "${v ?? ''}" (one of: ${list.join(', ')})`, 400)
  return v as T
}

const ownAdmin = () => new ApiError('own_admin_grant', 'You cannot drop your own admin grant', 409)
const userGone = () => new ApiError('user_not_found', 'No such user', 404)

/** Builds the user and key actions over `store`; `now` is the clock. */
export function createUserActions(store: Store, now: () => number) {
  const { db, sql } = store

  const loadUser = async (userId: string): Promise<UserRow> => {
    const row = await sql.get<UserRow>('SELECT id, email, grants, locked_at FROM users WHERE id = ?', [userId])
    if (!row) throw userGone()
    return row
  }

  /** Writes the log row (after a change made through the CLI's services); returns its id. */
  const log = async (actor: Actor, action: ModerationAction, targetKind: 'user' | 'key', targetId: string, t: number, data: Record<string, unknown>, note?: string) => {
    const [r] = await sql.batch([logStatement({ actorUserId: actor.userId, action, targetKind, targetId, note, data, now: t })])
    return (r!.rows[0] as { id: number }).id
  }

  /** Runs `change` and the log row as one batch; returns the log id. */
  const commit = async (change: SqlStatement[], actor: Actor, action: ModerationAction, targetKind: 'user' | 'key', targetId: string, t: number, data: Record<string, unknown>, note?: string) => {
    const results = await sql.batch([...change, logStatement({ actorUserId: actor.userId, action, targetKind, targetId, note, data, now: t })])
    return (results[results.length - 1]!.rows[0] as { id: number }).id
  }

  const grantsUpdate = (userId: string, grants: Record<string, unknown>, t: number): SqlStatement => ({
    sql: 'UPDATE users SET grants = ?, updated_at = ? WHERE id = ?',
    params: [Object.keys(grants).length ? JSON.stringify(grants) : null, t, userId],
  })

  return {
    /**
     * Sets grant `name` of the user to `raw` (parsed as `bun run accounts -- grant` does: booleans
     * true/false/yes/no/1/0, numbers), or clears the override when `raw` is null.
     */
    async setGrant(actor: Actor, userId: string, name: string, raw: string | null, note?: string): Promise<number> {
      requireRight(actor, 'set_grants')
      const grant = oneOf(GRANT_NAMES, name, 'unknown_grant', 'grant')
      const user = await loadUser(userId)
      let value: number | boolean | undefined
      if (raw !== null) {
        try {
          value = grantValue(grant, raw.trim())
        } catch (e) {
          if (e instanceof UsageError) throw new ApiError('invalid_grant_value', e.message, 400)
          throw e
        }
      }
      if (actor.userId === userId && grant === 'admin' && value !== true) throw ownAdmin()
      const before = parseGrantsJson(user.grants)
      if (value === undefined && !(grant in before)) throw new ApiError('grant_not_set', `The user has no own ${grant} grant`, 409)
      const next = { ...before }
      if (value === undefined) delete next[grant]
      else next[grant] = value
      const t = now()
      return commit([grantsUpdate(userId, next, t)], actor, 'set_grants', 'user', userId, t, { grant, before: before[grant] ?? null, after: value ?? null, grants: user.grants }, note)
    },

    /** Adds credits as `bun run accounts -- credits` does. */
    async addCredits(actor: Actor, userId: string, input: { amount: string; type?: string; period?: string }, note?: string): Promise<number> {
      requireRight(actor, 'add_credits')
      await loadUser(userId)
      const amount = Number(input.amount)
      if (!/^\d+$/.test(input.amount.trim()) || !Number.isInteger(amount) || amount < 1 || amount > MAX_CREDIT_AMOUNT)
        throw new ApiError('invalid_amount', 'The amount must be a positive whole number', 400)
      const type = oneOf<CreditType>(CREDIT_TYPES, input.type || 'free', 'invalid_credit_type', 'credit type')
      const period = oneOf<CreditPeriod>(CREDIT_PERIODS, input.period || 'once', 'invalid_credit_period', 'credit period')
      const t = now()
      const row = await createCreditLedger(db).add({ userId, amount, type, period, now: t })
      return log(actor, 'add_credits', 'user', userId, t, { creditId: row.id, amount, type, period }, note)
    },

    /** Adds a subscription as `bun run accounts -- subscribe` does. */
    async subscribe(actor: Actor, userId: string, input: { group: string; status?: string }, note?: string): Promise<number> {
      requireRight(actor, 'subscribe')
      await loadUser(userId)
      const group = oneOf<ProductGroup>(PRODUCT_GROUPS, input.group, 'invalid_product_group', 'product group')
      const status = oneOf<SubscriptionStatus>(SUBSCRIPTION_STATUSES, input.status || 'active', 'invalid_subscription_status', 'status')
      const t = now()
      const id = randomHex(12)
      await addSubscription(db, { id, userId, productGroup: group, status, now: t })
      return log(actor, 'subscribe', 'user', userId, t, { subscriptionId: id, group, status }, note)
    },

    /** Sends a notification as `bun run accounts -- notify` does, with a level. */
    async notify(actor: Actor, userId: string, input: { title: string; message: string; level?: string }): Promise<number> {
      requireRight(actor, 'notify')
      await loadUser(userId)
      const title = input.title.trim()
      const message = input.message.trim()
      if (!title || !message) throw new ApiError('notification_empty', 'A notification needs a title and a message', 400)
      if (title.length > MAX_NOTIFY_TITLE || message.length > MAX_NOTIFY_MESSAGE) throw new ApiError('notification_too_long', 'Title (200) or message (2000 characters) too long', 400)
      const level = input.level ? oneOf<NotificationLevel>(NOTIFICATION_LEVELS, input.level, 'invalid_level', 'level') : undefined
      const t = now()
      const id = await createNotification(db, { userId, title, message, level, now: t })
      return log(actor, 'notify', 'user', userId, t, { notificationId: id, title, level: level ?? null })
    },

    /** Revokes an API key (any user's): it is refused from now on; undo makes it work again. */
    async revokeKey(actor: Actor, keyId: string, note?: string): Promise<number> {
      requireRight(actor, 'revoke_key')
      const key = await sql.get<{ id: string; user_id: string | null; name: string; revoked_at: number | null }>('SELECT id, user_id, name, revoked_at FROM api_keys WHERE id = ?', [keyId])
      if (!key) throw new ApiError('key_not_found', 'No such API key', 404)
      if (key.revoked_at !== null) throw new ApiError('key_already_revoked', 'This API key is already revoked', 409)
      const t = now()
      return commit(
        [{ sql: 'UPDATE api_keys SET revoked_at = ?, updated_at = ? WHERE id = ? AND revoked_at IS NULL', params: [t, t, keyId] }],
        actor,
        'revoke_key',
        'key',
        keyId,
        t,
        { userId: key.user_id, name: key.name },
        note,
      )
    },

    /** Locks the user as `bun run accounts -- lock` does: sign-in refused, sessions ended, keys answer 403 `account_locked`. */
    async lock(actor: Actor, userId: string, note?: string): Promise<{ logId: number; sessionsEnded: number }> {
      requireRight(actor, 'lock')
      if (actor.userId === userId) throw new ApiError('cannot_lock_self', 'You cannot lock your own account', 409)
      const user = await loadUser(userId)
      if (user.locked_at !== null) throw new ApiError('already_locked', 'This account is already locked', 409)
      const t = now()
      const sessionsEnded = await lockUser(db, userId, t)
      return { logId: await log(actor, 'lock', 'user', userId, t, { lockedAt: null, sessionsEnded }, note), sessionsEnded }
    },

    /** Lifts the lock as `bun run accounts -- unlock` does. */
    async unlock(actor: Actor, userId: string, note?: string): Promise<number> {
      requireRight(actor, 'unlock')
      const user = await loadUser(userId)
      if (user.locked_at === null) throw new ApiError('not_locked', 'This account is not locked', 409)
      const t = now()
      await unlockUser(db, userId, t)
      return log(actor, 'unlock', 'user', userId, t, { lockedAt: user.locked_at }, note)
    },

    /** Reverses the user or key action of log entry `logId`; 409 when already undone or not undoable, 410 when its data is gone. */
    async undo(actor: Actor, logId: number): Promise<LogEntry> {
      const entry = await logEntry(sql, logId)
      if (!entry || (entry.targetKind !== 'user' && entry.targetKind !== 'key')) throw new ApiError('log_entry_not_found', 'No such user or key action in the audit log', 404)
      requireRight(actor, entry.action)
      if (entry.undoneAt !== null) throw new ApiError('already_undone', 'This action was already undone', 409)
      if (!UNDOABLE.has(entry.action)) throw new ApiError('not_undoable', 'This action cannot be undone', 409)
      const t = now()
      const d = entry.data
      const mark = markUndoneStatement(logId, actor.userId, t)
      const done = async (change: SqlStatement[]) => {
        const results = await sql.batch([mark, ...change])
        if (results[0]!.changes === 0) throw new ApiError('already_undone', 'This action was already undone', 409)
        return (await logEntry(sql, logId))!
      }
      switch (entry.action) {
        case 'set_grants': {
          const user = await sql.get<UserRow>('SELECT id, email, grants, locked_at FROM users WHERE id = ?', [entry.targetId])
          if (!user) throw new ApiError('undo_data_gone', 'The user of this action no longer exists', 410)
          const grant = String(d.grant)
          if (!(GRANT_NAMES as string[]).includes(grant)) throw new ApiError('undo_data_gone', 'This entry names no known grant', 410)
          const before = d.before === null || d.before === undefined ? undefined : d.before
          if (actor.userId === user.id && grant === 'admin' && before !== true) throw ownAdmin()
          const next = parseGrantsJson(user.grants)
          if (before === undefined) delete next[grant]
          else next[grant] = before
          return done([grantsUpdate(user.id, next, t)])
        }
        case 'lock': {
          const user = await sql.get<UserRow>('SELECT id, email, grants, locked_at FROM users WHERE id = ?', [entry.targetId])
          if (!user) throw new ApiError('undo_data_gone', 'The user of this action no longer exists', 410)
          if (user.locked_at === null) throw new ApiError('undo_data_gone', 'The account is no longer locked', 410)
          // What unlockUser does, in the batch that marks the entry undone.
          return done([{ sql: 'UPDATE users SET locked_at = NULL, updated_at = ? WHERE id = ?', params: [t, user.id] }])
        }
        case 'revoke_key': {
          const key = await sql.get<{ user_id: string | null; revoked_at: number | null }>('SELECT user_id, revoked_at FROM api_keys WHERE id = ?', [entry.targetId])
          if (!key) throw new ApiError('undo_data_gone', 'The API key no longer exists', 410)
          if (key.revoked_at === null) throw new ApiError('undo_data_gone', 'The API key is no longer revoked', 410)
          if (key.user_id) {
            const live = await sql.get<{ n: number }>('SELECT count(*) AS n FROM api_keys WHERE user_id = ? AND revoked_at IS NULL', [key.user_id])
            if ((live?.n ?? 0) >= MAX_KEYS_PER_USER) throw new ApiError('too_many_keys', `The user already has ${MAX_KEYS_PER_USER} live keys`, 409)
          }
          return done([{ sql: 'UPDATE api_keys SET revoked_at = NULL, updated_at = ? WHERE id = ? AND revoked_at IS NOT NULL', params: [t, entry.targetId] }])
        }
        default:
          throw new ApiError('not_undoable', 'This action cannot be undone', 409)
      }
    },
  }
}

/** The user action service type. */
export type UserActions = ReturnType<typeof createUserActions>
