/**
 * The account manager's operations over the database: owners see and manage their own signing
 * accounts; users with the `pool_admin` grant see every one, disable and enable it, and put one back
 * that errors took out of rotation — but only the owner removes an account (removing deletes the
 * owner's sign-in, which only they can give again), pauses and resumes it, chooses whether their skin
 * is put back and signs in again (docs/signing.md, "Owners and operators"). An account the actor may
 * not touch is answered like one that does not exist (false / null), so ids of others' accounts leak
 * nothing.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import { PoolSignInError } from './microsoft/errors'
import { toView, viewColumns, type StatusRules, type ViewRow } from './account-row'
import { countPoolAccounts } from './pool-counts'
import { checkSignIn, startSignIn, type SignInFlowDeps, type SignInState } from './sign-in-flow'
import type { PoolActor, PoolManager, SignInView } from './pool-views'

/** Dependencies of {@link createPoolManager}. */
export interface PoolManagerDeps extends SignInFlowDeps {
  rules: StatusRules
  /** Makes a removed account's sealed tokens leave the database files too (src/api/store/purge.ts); absent on D1. */
  purge?: () => Promise<void>
}

/** Creates the manager. */
export function createPoolManager(deps: PoolManagerDeps): PoolManager {
  const { sql, now, rules } = deps
  const owned = (actor: PoolActor) => (actor.admin ? '1 = 1' : 'owner_user_id = ?')
  const ownerParam = (actor: PoolActor) => (actor.admin ? [] : [actor.userId ?? '\u0000'])
  // What is the owner's own business — removing the account, pausing it while they play and resuming
  // it, putting their skin back, signing in again — only the owner does; a pool admin disables and
  // enables, and puts an account back that errors (not its owner) took out of rotation. The operator's
  // command line (`bun run pool`, no user) may do all of it: it runs on the server with the database
  // and the token key at hand, so refusing it would protect nothing, and accounts added there have no
  // owner.
  const commandLine = (actor: PoolActor) => actor.userId === null && actor.admin
  const ownerOnly = (actor: PoolActor) => (commandLine(actor) ? '1 = 1' : 'owner_user_id = ?')
  const ownerOnlyParam = (actor: PoolActor) => (commandLine(actor) ? [] : [actor.userId ?? '\u0000'])

  const readView = async (actor: PoolActor, id: string) => {
    const row = await sql.get<ViewRow>(`SELECT ${viewColumns()} FROM accounts WHERE id = ? AND ${owned(actor)}`, [id, ...ownerParam(actor)])
    return row ? toView(row, now(), rules) : null
  }

  /** Runs `set` on the account when the actor may touch it; true when a row changed. */
  const update = async (actor: PoolActor, id: string, set: string, params: (string | number | null)[] = []) =>
    (await sql.run(`UPDATE accounts SET ${set} WHERE id = ? AND ${owned(actor)}`, [...params, id, ...ownerParam(actor)])).changes > 0

  /** Runs `set` on the account when the actor owns it (or is the command line); true when a row changed. */
  const ownerUpdate = async (actor: PoolActor, id: string, set: string, params: (string | number | null)[] = []) =>
    (await sql.run(`UPDATE accounts SET ${set} WHERE id = ? AND ${ownerOnly(actor)}`, [...params, id, ...ownerOnlyParam(actor)])).changes > 0

  const withAccount = async (actor: PoolActor, s: SignInState & { accountId: string | null }): Promise<SignInView> => {
    const { accountId, ...state } = s
    return { ...state, account: accountId ? await readView(actor, accountId) : null }
  }

  return {
    async list(actor) {
      if (actor.admin) {
        const rows = await sql.all<ViewRow & { owner_email: string | null }>(
          `SELECT ${viewColumns('a.')}, u.email AS owner_email
           FROM accounts a LEFT JOIN users u ON u.id = a.owner_user_id ORDER BY a.created_at, a.id`,
        )
        return rows.map((r) => toView(r, now(), rules, r.owner_email))
      }
      if (!actor.userId) return []
      const rows = await sql.all<ViewRow>(`SELECT ${viewColumns()} FROM accounts WHERE owner_user_id = ? ORDER BY created_at, id`, [actor.userId])
      return rows.map((r) => toView(r, now(), rules))
    },
    get: readView,
    counts: () => countPoolAccounts(sql, rules, now()),
    pause: (actor, id) => ownerUpdate(actor, id, 'paused_at = coalesce(paused_at, ?)', [now()]),
    // Resuming is also how an account with too many errors is put back: its count starts again. A pool
    // admin may do that, but not end the owner's own pause.
    async resume(actor, id) {
      if (await ownerUpdate(actor, id, 'paused_at = NULL, error_count = 0')) return true
      return actor.admin && (await sql.run('UPDATE accounts SET error_count = 0 WHERE id = ? AND paused_at IS NULL', [id])).changes > 0
    },
    async remove(actor, id) {
      // The row holds the sealed tokens: deleting it deletes them at once.
      const gone = (await sql.run(`DELETE FROM accounts WHERE id = ? AND ${ownerOnly(actor)}`, [id, ...ownerOnlyParam(actor)])).changes > 0
      if (gone) {
        await sql.run('UPDATE pool_sign_ins SET account_id = NULL WHERE account_id = ?', [id])
        await deps.purge?.()
      }
      return gone
    },
    setDisabled: async (actor, id, disabled) => actor.admin && update(actor, id, 'enabled = ?', [disabled ? 0 : 1]),
    setRestoreSkin: (actor, id, on) => ownerUpdate(actor, id, 'restore_skin = ?', [on ? 1 : 0]),
    async startSignIn(actor, opts = {}) {
      if (opts.renewAccountId) {
        const mine = await sql.get(`SELECT 1 AS x FROM accounts WHERE id = ? AND ${ownerOnly(actor)}`, [opts.renewAccountId, ...ownerOnlyParam(actor)])
        if (!mine) throw new PoolSignInError('sign_in_wrong_account', 'no such signing account of yours')
      }
      return withAccount(actor, await startSignIn(deps, { userId: actor.userId, ...(opts.renewAccountId ? { renewAccountId: opts.renewAccountId } : {}) }))
    },
    async checkSignIn(actor, id) {
      // The command line (no user) may check any sign-in it started; a user only their own.
      const state = await checkSignIn(deps, id, actor.userId === null && actor.admin ? undefined : actor.userId)
      return state ? withAccount(actor, state) : null
    },
  }
}
