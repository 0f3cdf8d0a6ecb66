/**
 * Users and keys in the operator console, admins only:
 * - `GET /admin/users` (`?q=` e-mail or name, `?page=`): the search (./users-list.tsx);
 * - `GET /admin/users/{id}`: one user (./users-detail.tsx);
 * - `POST /admin/users/{id}/grants` (`grant`, `value`, `op=set|clear`), `/credits` (`amount`, `type`,
 *   `period`), `/subscriptions` (`group`, `status`), `/notify` (`title`, `message`, `level`), `/lock`,
 *   `/unlock`, `/keys/{keyId}/revoke`, `/skins/{uuid}/remove`, `/undo/{logId}`, each with an optional
 *   `note` for the audit log — everything `bun run accounts -- …` does; `/undo/{logId}` undoes only
 *   the entries the page lists (about this user or their keys), under the audit log's rule
 *   (../../../api/moderation/rights.ts);
 * - `POST /admin/users/remove-skin` (`skin`: uuid or short id), as `bun run accounts -- remove-skin`.
 * A done action answers 303 back to the page with `?done=<code>`; a refused one shows the page again
 * with the reason and the refusal's status.
 * The app's Origin check guards every POST (CSRF, src/accounts/app.tsx).
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { ApiError, isApiError } from '../../../api/errors'
import { logEntry } from '../../../api/moderation/audit-log'
import { createSkinModeration } from '../../../api/moderation/skin-actions'
import { createUserActions } from '../../../api/moderation/user-actions'
import { undoLogEntry } from '../../../api/moderation/undo'
import { isUserLogEntry } from '../../../api/moderation/user-directory'
import { formFields, href } from '../../context'
import type { AccountUser } from '../../current-user'
import type { AccountsEnv } from '../../env'
import type { PageStatus } from '../../render/shell'
import { refusedRight, requireStaff, siteStore, staffActor, type Staff } from '../../require-staff'
import { userById } from '../../services/users'
import { clockOf, refusalStatus } from './reports'
import { userDetailPage } from './users-detail'
import { DONE_NOTICE, ERROR_NOTICE, FAILED_NOTICE, type DoneCode } from './users-labels'
import { usersListPage } from './users-list'

/** Where the user pages live. */
export const USERS_PATH = '/admin/users'

const isDone = (v: string | undefined): v is DoneCode => v !== undefined && Object.hasOwn(DONE_NOTICE, v)

/** The `?done=` notice of a redirect, in the page's language. */
const doneNotice = (c: Context<AccountsEnv>) => {
  const done = c.req.query('done')
  return isDone(done) ? c.get('t')(DONE_NOTICE[done]) : undefined
}

/** A refusal's text by its stable code. */
const errorText = (c: Context<AccountsEnv>, code: string) => c.get('t')(ERROR_NOTICE[code] ?? FAILED_NOTICE)

/** A positive page number of a query (else 1). */
const pageOf = (raw: string | undefined) => {
  const n = Number(raw)
  return Number.isSafeInteger(n) && n >= 1 ? n : 1
}

/** The user page, or the search page with "no such user" (404). */
async function showUser(c: Context<AccountsEnv>, staff: Staff, id: string, state: { notice?: string; error?: string; status?: PageStatus }) {
  const target = await userById(c.get('deps'), id)
  if (!target) return showMissing(c, staff)
  return userDetailPage(c, staff.role, staff.user, target, state)
}

const showMissing = (c: Context<AccountsEnv>, staff: Staff) =>
  usersListPage(c, staff.role, { q: '', page: 1, error: c.get('t')('accounts.admin.users.notFound'), status: 404 })

/** What one POST of a user's page does: runs the action and names the notice. */
type UserAction = (ctx: { c: Context<AccountsEnv>; staff: Staff; target: AccountUser; f: Record<string, string>; note?: string; param: (name: string) => string }) => Promise<DoneCode>

const actions = (c: Context<AccountsEnv>) => createUserActions(siteStore(c), clockOf(c))

/** The POST routes of a user's page, by path below `/admin/users/{id}`. */
const USER_ACTIONS: Record<string, UserAction> = {
  '/grants': async ({ c, staff, target, f, note }) => {
    const clear = f.op === 'clear'
    await actions(c).setGrant(staffActor(staff), target.id, f.grant ?? '', clear ? null : (f.value ?? ''), note)
    return clear ? 'grant_cleared' : 'grant_set'
  },
  '/credits': async ({ c, staff, target, f, note }) => {
    await actions(c).addCredits(staffActor(staff), target.id, { amount: f.amount ?? '', type: f.type, period: f.period }, note)
    return 'credits_added'
  },
  '/subscriptions': async ({ c, staff, target, f, note }) => {
    await actions(c).subscribe(staffActor(staff), target.id, { group: f.group ?? '', status: f.status }, note)
    return 'subscribed'
  },
  '/notify': async ({ c, staff, target, f }) => {
    await actions(c).notify(staffActor(staff), target.id, { title: f.title ?? '', message: f.message ?? '', level: f.level })
    return 'notified'
  },
  '/lock': async ({ c, staff, target, note }) => {
    await actions(c).lock(staffActor(staff), target.id, note)
    return 'locked'
  },
  '/unlock': async ({ c, staff, target, note }) => {
    await actions(c).unlock(staffActor(staff), target.id, note)
    return 'unlocked'
  },
  '/keys/:keyId/revoke': async ({ c, staff, target, note, param }) => {
    // Only this user's keys from this page: a key id of someone else reads as unknown.
    const key = await siteStore(c).sql.get<{ id: string }>('SELECT id FROM api_keys WHERE id = ? AND user_id = ?', [param('keyId'), target.id])
    if (!key) throw new ApiError('key_not_found', 'No such API key of this user', 404)
    await actions(c).revokeKey(staffActor(staff), key.id, note)
    return 'key_revoked'
  },
  '/skins/:uuid/remove': async ({ c, staff, note, param }) => {
    await createSkinModeration(siteStore(c), clockOf(c)).remove(staffActor(staff), param('uuid'), note)
    return 'skin_removed'
  },
  '/undo/:logId': async ({ c, staff, target, param }) => {
    const id = Number(param('logId'))
    const store = siteStore(c)
    const entry = Number.isSafeInteger(id) && id > 0 ? await logEntry(store.sql, id) : null
    // The page's undo is for the page's entries; others are undone from the audit log.
    if (!entry || !(await isUserLogEntry(store.sql, entry, target.id))) throw new ApiError('log_entry_not_found', 'No such entry in the audit log of this user', 404)
    await undoLogEntry(store, staffActor(staff), id, clockOf(c))
    return 'undone'
  },
}

/** A refusal of a route here or of a service: its code and status. */
const refusalOf = (e: unknown): { code: string; status: number } | null => (isApiError(e) ? { code: e.code, status: e.status } : null)

/** Builds the user routes. */
export function usersRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get(USERS_PATH, async (c) => {
    const staff = await requireStaff(c, 'admin')
    if (staff instanceof Response) return staff
    const q = (c.req.query('q') ?? '').trim().slice(0, 200)
    return usersListPage(c, staff.role, { q, page: pageOf(c.req.query('page')), notice: doneNotice(c) })
  })

  app.post(`${USERS_PATH}/remove-skin`, async (c) => {
    const staff = await requireStaff(c, 'admin')
    if (staff instanceof Response) return staff
    const f = await formFields(c)
    try {
      await createSkinModeration(siteStore(c), clockOf(c)).remove(staffActor(staff), (f.skin ?? '').trim(), f.note || undefined)
      return c.redirect(href(c, USERS_PATH, { done: 'skin_removed' }), 303)
    } catch (e) {
      const refused = refusedRight(c, e)
      if (refused) return refused
      const r = refusalOf(e)
      if (!r) throw e
      return usersListPage(c, staff.role, { q: '', page: 1, error: errorText(c, r.code), status: refusalStatus(r.status) })
    }
  })

  app.get(`${USERS_PATH}/:id`, async (c) => {
    const staff = await requireStaff(c, 'admin')
    if (staff instanceof Response) return staff
    return showUser(c, staff, c.req.param('id'), { notice: doneNotice(c) })
  })

  for (const [sub, run] of Object.entries(USER_ACTIONS)) {
    app.post(`${USERS_PATH}/:id${sub}`, async (c) => {
      const staff = await requireStaff(c, 'admin')
      if (staff instanceof Response) return staff
      const id = c.req.param('id')
      const target = await userById(c.get('deps'), id)
      if (!target) return showMissing(c, staff)
      const f = await formFields(c)
      try {
        const done = await run({ c, staff, target, f, note: f.note?.trim() || undefined, param: (name) => c.req.param(name) ?? '' })
        return c.redirect(href(c, `${USERS_PATH}/${encodeURIComponent(id)}`, { done }), 303)
      } catch (e) {
        const refused = refusedRight(c, e)
        if (refused) return refused
        const r = refusalOf(e)
        if (!r) throw e
        return showUser(c, staff, id, { error: errorText(c, r.code), status: refusalStatus(r.status) })
      }
    })
  }

  return app
}

/** Registers the user routes (console registry, ./index.ts). */
export const registerUserRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', usersRoutes())
}
