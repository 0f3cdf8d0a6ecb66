/**
 * The audit log: `GET /admin/audit` (newest first, 50 a page, `?before=<id>` for
 * older ones, `?kind=&id=` for one target's history) and `POST /admin/audit/{id}/undo`, which undoes
 * the entry (undo.ts: 409 already undone or not undoable, 410 its data is gone, 404 unknown) and
 * answers 303 back to where the button was — the log (`from=audit`, filter and page kept) or the
 * report queue's notice (`from=reports`, order and page kept) — with `?undone=<id>`; a refusal shows
 * that page with the reason and the refusal's status. Moderators and admins open the log; undoing an
 * entry also needs the role of its action (../../../api/moderation/rights.ts: user and key actions
 * are admins'), else 403 `insufficient_role` and nothing changes — and the page offers the Undo
 * button only on entries the viewer may undo.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { isApiError } from '../../../api/errors'
import { listLog, logEntry, type LogEntry } from '../../../api/moderation/audit-log'
import { undoLogEntry } from '../../../api/moderation/undo'
import { formFields, href } from '../../context'
import type { AccountsEnv } from '../../env'
import { AUDIT_PATH, AuditPage, auditQuery, type AuditNames, type AuditView } from '../../render/admin-audit-page'
import { AUDIT_ACTION, isTargetKind, undoErrorKey } from '../../render/admin-moderation-labels'
import { REPORTS_PATH, viewQuery } from '../../render/admin-reports-page'
import { renderPage, type PageStatus } from '../../render/shell'
import { SignOutButton } from '../../render/sign-out-button'
import { refusedRight, requireStaff, siteSql, siteStore, staffActor, type Staff } from '../../require-staff'
import { clockOf, parseView, refusalStatus, showQueue } from './reports'

/** Entries per log page. */
export const AUDIT_PAGE_SIZE = 50

/** Longest target id a filter takes (uuids, user ids, tags and hashes are far shorter). */
const MAX_TARGET_ID = 200

/** The view of a query or form: a positive `before`, a known `kind` with an `id`. */
function parseAuditView(before: string | undefined, kind: string | undefined, id: string | undefined): AuditView {
  const n = Number(before)
  return {
    before: before && Number.isSafeInteger(n) && n > 0 ? n : undefined,
    target: isTargetKind(kind) && id && id.length <= MAX_TARGET_ID ? { kind, id } : undefined,
  }
}

/** The e-mails of the users and the names of the skins the entries name. */
async function namesOf(c: Context<AccountsEnv>, entries: LogEntry[], view: AuditView): Promise<AuditNames> {
  const sql = siteSql(c)
  const targets = view.target ? [...entries.map((e) => ({ kind: e.targetKind, id: e.targetId })), view.target] : entries.map((e) => ({ kind: e.targetKind, id: e.targetId }))
  const userIds = [...new Set([...targets.filter((x) => x.kind === 'user').map((x) => x.id), ...entries.map((e) => e.undoneBy).filter((x): x is string => x !== null)])]
  const skinIds = [...new Set(targets.filter((x) => x.kind === 'skin').map((x) => x.id))]
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(',')
  const [users, skins] = await Promise.all([
    userIds.length ? sql.all<{ id: string; email: string }>(`SELECT id, email FROM users WHERE id IN (${marks(userIds.length)})`, userIds) : [],
    skinIds.length ? sql.all<{ uuid: string; name: string | null }>(`SELECT uuid, name FROM skins WHERE uuid IN (${marks(skinIds.length)})`, skinIds) : [],
  ])
  return { emails: new Map(users.map((u) => [u.id, u.email])), skinNames: new Map(skins.map((s) => [s.uuid, s.name])) }
}

/** Renders the log at `view`. */
async function showLog(c: Context<AccountsEnv>, staff: Staff, view: AuditView, state: { notice?: string; error?: string } = {}, status: PageStatus = 200) {
  const rows = await listLog(siteSql(c), { before: view.before, target: view.target, limit: AUDIT_PAGE_SIZE + 1 })
  const entries = rows.slice(0, AUDIT_PAGE_SIZE)
  const older = rows.length > AUDIT_PAGE_SIZE ? entries.at(-1)!.id : undefined
  const t = c.get('t')
  return renderPage(
    c,
    t('accounts.admin.audit.title'),
    <AuditPage c={c} role={staff.role} entries={entries} names={await namesOf(c, entries, view)} view={view} older={older} notice={state.notice} error={state.error} now={clockOf(c)()} />,
    { status, actions: <SignOutButton c={c} /> },
  )
}

/** Builds the audit-log routes. */
export function auditRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get(AUDIT_PATH, async (c) => {
    const staff = await requireStaff(c, 'moderator')
    if (staff instanceof Response) return staff
    const view = parseAuditView(c.req.query('before'), c.req.query('kind'), c.req.query('id'))
    const undone = Number(c.req.query('undone'))
    const entry = Number.isSafeInteger(undone) && undone > 0 ? await logEntry(siteSql(c), undone) : null
    const t = c.get('t')
    return showLog(c, staff, view, entry ? { notice: t('accounts.admin.audit.undoneNotice', { action: t(AUDIT_ACTION[entry.action]) }) } : {})
  })

  app.post(`${AUDIT_PATH}/:id{[0-9]+}/undo`, async (c) => {
    const staff = await requireStaff(c, 'moderator')
    if (staff instanceof Response) return staff
    const f = await formFields(c)
    const id = Number(c.req.param('id'))
    const fromQueue = f.from === 'reports'
    const queueView = parseView(f.sort, f.page)
    const logView = parseAuditView(f.before, f.kind, f.id)
    try {
      await undoLogEntry(siteStore(c), staffActor(staff), id, clockOf(c))
    } catch (e) {
      const refused = refusedRight(c, e)
      if (refused) return refused
      if (!isApiError(e)) throw e
      const error = c.get('t')(undoErrorKey(e.code))
      const status = refusalStatus(e.status)
      return fromQueue ? showQueue(c, staff, queueView, { error }, status) : showLog(c, staff, logView, { error }, status)
    }
    const undone = String(id)
    return c.redirect(fromQueue ? href(c, REPORTS_PATH, { ...viewQuery(queueView), undone }) : href(c, AUDIT_PATH, { ...auditQuery(logView), undone }), 303)
  })

  return app
}

/** Registers the audit-log routes (console registry, ./index.ts). */
export const registerAuditRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', auditRoutes())
}
