/**
 * The report queue: `GET /admin/reports` (`?sort=newest|most`, `?page=`, 20 skins
 * a page) and `POST /admin/reports/{uuid}` with `action` (dismiss, hide, remove, clear_name,
 * remove_tag, ban_tag, ban_texture), `tag` for the tag actions and an optional `note`. The page's tag
 * buttons post `remove_tag={tag}` / `ban_tag={tag}` instead (a button carries one name=value), which
 * reads the same. A done action answers 303 back to the queue, order and page kept, with
 * `?done=<action>&log=<id>` (the notice offers the undo); a refused one shows the queue with the
 * reason and the refusal's status. Moderators and admins only (../../require-staff.tsx), each
 * action as ../../../api/moderation/rights.ts allows; the POST passes the app's Origin check (CSRF).
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { isApiError } from '../../../api/errors'
import { logEntry } from '../../../api/moderation/audit-log'
import { reportQueue } from '../../../api/moderation/report-queue'
import { mayUndo, type Actor } from '../../../api/moderation/rights'
import { createSkinModeration } from '../../../api/moderation/skin-actions'
import { formFields, href } from '../../context'
import type { AccountsEnv } from '../../env'
import { AUDIT_ACTION, isQueueAction, QUEUE_DONE, queueErrorKey, type QueueAction } from '../../render/admin-moderation-labels'
import { REPORTS_PATH, ReportsPage, viewQuery, type QueueState, type QueueView } from '../../render/admin-reports-page'
import { renderPage, type PageStatus } from '../../render/shell'
import { SignOutButton } from '../../render/sign-out-button'
import { refusedRight, requireStaff, siteSql, siteStore, staffActor, type Staff } from '../../require-staff'

/** Skins per queue page. */
export const QUEUE_PAGE_SIZE = 20

/** The clock of the site (injected in tests). */
export const clockOf = (c: Context<AccountsEnv>) => c.get('deps').now ?? Date.now

/** The order and page of a query or form (unknown values: newest, page 1). */
export function parseView(sort: string | undefined, page: string | undefined): QueueView {
  const n = Number(page)
  return { sort: sort === 'most' ? 'most' : 'newest', page: Number.isSafeInteger(n) && n >= 1 ? n : 1 }
}

/** The statuses a refusal page may answer with; anything else becomes 400. */
const PAGE_STATUSES: readonly number[] = [400, 403, 404, 409, 410, 429]
export const refusalStatus = (status: number): PageStatus => (PAGE_STATUSES.includes(status) ? (status as PageStatus) : 400)

/** Renders the queue at `view` (a page past the end shows the last one). */
export async function showQueue(c: Context<AccountsEnv>, staff: Staff, view: QueueView, state: QueueState = {}, status: PageStatus = 200) {
  const sql = siteSql(c)
  let result = await reportQueue(sql, { sort: view.sort, limit: QUEUE_PAGE_SIZE, offset: (view.page - 1) * QUEUE_PAGE_SIZE })
  const last = Math.max(1, Math.ceil(result.total / QUEUE_PAGE_SIZE))
  if (view.page > last) {
    view = { ...view, page: last }
    result = await reportQueue(sql, { sort: view.sort, limit: QUEUE_PAGE_SIZE, offset: (view.page - 1) * QUEUE_PAGE_SIZE })
  }
  const t = c.get('t')
  return renderPage(
    c,
    t('accounts.admin.reports.title'),
    <ReportsPage c={c} role={staff.role} items={result.items} total={result.total} perPage={QUEUE_PAGE_SIZE} view={view} state={state} now={clockOf(c)()} />,
    { status, actions: <SignOutButton c={c} /> },
  )
}

/** The action of a posted form and its tag: `action` (+ `tag`), or a tag button's `remove_tag` / `ban_tag`. */
function postedAction(f: Record<string, string>): { action: QueueAction; tag: string } | null {
  if (f.remove_tag) return { action: 'remove_tag', tag: f.remove_tag }
  if (f.ban_tag) return { action: 'ban_tag', tag: f.ban_tag }
  if (!isQueueAction(f.action)) return null
  return { action: f.action, tag: f.tag ?? '' }
}

/** Runs one queue action; returns its log id. */
function runAction(c: Context<AccountsEnv>, actor: Actor, uuid: string, action: QueueAction, tag: string, note: string | undefined): Promise<number> {
  const mod = createSkinModeration(siteStore(c), clockOf(c))
  switch (action) {
    case 'dismiss':
      return mod.dismiss(actor, uuid, note)
    case 'hide':
      return mod.hide(actor, uuid, note)
    case 'remove':
      return mod.remove(actor, uuid, note)
    case 'clear_name':
      return mod.clearName(actor, uuid, note)
    case 'remove_tag':
    case 'ban_tag':
      return mod.removeTag(actor, uuid, tag, action === 'ban_tag', note)
    case 'ban_texture':
      return mod.banTexture(actor, uuid, note)
  }
}

/**
 * The confirmation of `?done=&log=` (with the undo while the entry — a skin's — can still be undone
 * and the viewer's role may undo it, the rule of the audit log), or of `?undone=`.
 */
async function noticeOf(c: Context<AccountsEnv>, staff: Staff): Promise<QueueState> {
  const t = c.get('t')
  const done = c.req.query('done')
  const undone = Number(c.req.query('undone'))
  if (Number.isSafeInteger(undone) && undone > 0) {
    const entry = await logEntry(siteSql(c), undone)
    if (entry) return { notice: t('accounts.admin.audit.undoneNotice', { action: t(AUDIT_ACTION[entry.action]) }) }
  }
  if (!isQueueAction(done)) return {}
  const id = Number(c.req.query('log'))
  const entry = Number.isSafeInteger(id) && id > 0 ? await logEntry(siteSql(c), id) : null
  const undoable = entry !== null && entry.targetKind === 'skin' && mayUndo(staff.role, entry)
  return { notice: t(QUEUE_DONE[done]), undoId: undoable ? entry.id : undefined }
}

/** Builds the queue routes. */
export function reportsRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get(REPORTS_PATH, async (c) => {
    const staff = await requireStaff(c, 'moderator')
    if (staff instanceof Response) return staff
    return showQueue(c, staff, parseView(c.req.query('sort'), c.req.query('page')), await noticeOf(c, staff))
  })

  app.post(`${REPORTS_PATH}/:uuid`, async (c) => {
    const staff = await requireStaff(c, 'moderator')
    if (staff instanceof Response) return staff
    const f = await formFields(c)
    const view = parseView(f.sort, f.page)
    const t = c.get('t')
    const posted = postedAction(f)
    if (!posted || ((posted.action === 'remove_tag' || posted.action === 'ban_tag') && !posted.tag)) {
      return showQueue(c, staff, view, { error: t(queueErrorKey('unknown_action')) }, 400)
    }
    try {
      const log = await runAction(c, staffActor(staff), c.req.param('uuid'), posted.action, posted.tag, f.note)
      return c.redirect(href(c, REPORTS_PATH, { ...viewQuery(view), done: posted.action, log: String(log) }), 303)
    } catch (e) {
      const refused = refusedRight(c, e)
      if (refused) return refused
      if (!isApiError(e)) throw e
      return showQueue(c, staff, view, { error: t(queueErrorKey(e.code)) }, refusalStatus(e.status))
    }
  })

  return app
}

/** Registers the queue routes (console registry, ./index.ts). */
export const registerReportRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', reportsRoutes())
}
