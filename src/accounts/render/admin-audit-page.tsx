/**
 * The audit log page: every moderation action, newest first — when, who, what,
 * on which target, why, and whether it was undone (when, by whom) — with an "Undo" button on the
 * entries that still can be and that the viewer's role may undo (../../api/moderation/rights.ts),
 * and keyset paging by id (`?before=`). Plain forms and links.
 * @module
 */
import type { Context } from 'hono'
import type { LogEntry, TargetKind } from '../../api/moderation/audit-log'
import { mayUndo } from '../../api/moderation/rights'
import type { Role } from '../../api/moderation/roles'
import { skinPath } from '../../shared/routes'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import { formatTime } from '../routes/keys-shared'
import { AdminNav } from './admin-nav'
import { appUrl, AUDIT_ACTION, AUDIT_TARGET, idPrefix } from './admin-moderation-labels'
import { Age } from './admin-reports-page'
import { Message } from './form-parts'

/** Path of the log under the account site's base. */
export const AUDIT_PATH = '/admin/audit'

/** Which part of the log is shown. */
export interface AuditView {
  before?: number
  target?: { kind: TargetKind; id: string }
}

/** Names the page shows for ids: users' e-mails and skins' names. */
export interface AuditNames {
  emails: ReadonlyMap<string, string>
  skinNames: ReadonlyMap<string, string | null>
}

/** The query that keeps the view (filter and page). */
export const auditQuery = (v: AuditView) => ({ kind: v.target?.kind, id: v.target?.id, before: v.before !== undefined ? String(v.before) : undefined })

/** The whole page body; `older` is the `before` of the next page when there is one. */
export function AuditPage(props: { c: Context<AccountsEnv>; role: Role; entries: LogEntry[]; names: AuditNames; view: AuditView; older?: number; notice?: string; error?: string; now: number }) {
  const { c, role, entries, names, view, older, now } = props
  const t = c.get('t')
  const filter = view.target ? { kind: view.target.kind, id: view.target.id } : {}
  return (
    <div className="admin-wide">
      <AdminNav c={c} role={role} current="/admin/audit" />
      <section className="card" aria-labelledby="audit-title">
        <h1 id="audit-title" className="card__title">
          {t('accounts.admin.audit.title')}
        </h1>
        <p className="field-hint--muted">{t('accounts.admin.audit.intro')}</p>
        <Message kind="success" text={props.notice} />
        <Message kind="error" text={props.error} />
        {view.target && (
          <p className="admin-toolbar">
            <span>{t('accounts.admin.audit.filtered', { target: targetName(c, view.target.kind, view.target.id, names) })}</span>
            <a href={href(c, AUDIT_PATH)}>{t('accounts.admin.audit.showAll')}</a>
          </p>
        )}
        {entries.length === 0 ? (
          <p className="notice">{t('accounts.admin.audit.empty')}</p>
        ) : (
          <ul className="accounts-b__list">
            {entries.map((e) => (
              <Entry key={e.id} c={c} role={role} e={e} names={names} view={view} now={now} />
            ))}
          </ul>
        )}
        {(view.before !== undefined || older !== undefined) && (
          <nav className="admin-pager" aria-label={t('accounts.admin.audit.title')}>
            {view.before !== undefined ? (
              <a className="button button--outlined button--small" href={href(c, AUDIT_PATH, filter)}>
                {t('accounts.admin.audit.newest')}
              </a>
            ) : (
              <span />
            )}
            {older !== undefined ? (
              <a className="button button--outlined button--small" rel="next" href={href(c, AUDIT_PATH, { ...filter, before: String(older) })}>
                {t('accounts.admin.audit.older')}
              </a>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
    </div>
  )
}

/** A target in words: the skin's name (else its id prefix), the user's e-mail, the key id prefix, the tag, the hash prefix. */
function targetName(c: Context<AccountsEnv>, kind: TargetKind, id: string, names: AuditNames): string {
  if (kind === 'skin') return names.skinNames.get(id) ?? idPrefix(id)
  const shown = kind === 'user' ? (names.emails.get(id) ?? idPrefix(id)) : kind === 'tag' ? id : idPrefix(id, kind === 'texture' ? 12 : 8)
  return c.get('t')(AUDIT_TARGET[kind], { id: shown })
}

/** Who did it (or undid it): the user's e-mail, "command line" for none, a deleted user's id prefix. */
function actorName(c: Context<AccountsEnv>, userId: string | null, email: string | null | undefined): string {
  const t = c.get('t')
  if (userId === null) return t('accounts.admin.audit.commandLine')
  return email ?? t('accounts.admin.audit.deletedUser', { id: idPrefix(userId) })
}

/** What the entry's data adds to the target: the tag of a tag removal, the old name, the banned hash. */
function Detail({ c, e }: { c: Context<AccountsEnv>; e: LogEntry }) {
  const t = c.get('t')
  const d = e.data
  if (e.action === 'remove_tag' && typeof d.tag === 'string') return <span>{d.banned === true ? t('accounts.admin.audit.detail.tagBanned', { tag: d.tag }) : t('accounts.admin.audit.detail.tag', { tag: d.tag })}</span>
  if (e.action === 'clear_name' && typeof d.name === 'string') return <span>{t('accounts.admin.audit.detail.name', { name: d.name })}</span>
  if (e.action === 'ban_texture' && typeof d.hash === 'string') return <span>{t('accounts.admin.audit.detail.texture', { hash: idPrefix(d.hash, 12) })}</span>
  return null
}

/** One log entry. */
function Entry({ c, role, e, names, view, now }: { c: Context<AccountsEnv>; role: Role; e: LogEntry; names: AuditNames; view: AuditView; now: number }) {
  const t = c.get('t')
  const locale = c.get('locale')
  const undoable = mayUndo(role, e)
  const target = targetName(c, e.targetKind, e.targetId, names)
  const filtered = view.target?.kind === e.targetKind && view.target.id === e.targetId
  return (
    <li className="accounts-b__item admin-log" data-testid="audit-entry" data-log={e.id} data-undone={e.undoneAt !== null ? 'true' : 'false'}>
      <div className="accounts-b__item-main">
        <strong className="accounts-b__name">{t(AUDIT_ACTION[e.action])}</strong>
        <dl className="accounts-b__meta">
          <div>
            <dt>{t('accounts.admin.audit.when')}</dt>
            <dd>
              <Age c={c} at={e.createdAt} now={now} />
            </dd>
          </div>
          <div>
            <dt>{t('accounts.admin.audit.who')}</dt>
            <dd className="admin-log__who">{actorName(c, e.actorUserId, e.actorEmail)}</dd>
          </div>
          <div>
            <dt>{t('accounts.admin.audit.target')}</dt>
            <dd className="admin-log__target">
              {e.targetKind === 'skin' ? <a href={appUrl(c, skinPath(e.targetId, locale))}>{target}</a> : target} <Detail c={c} e={e} />
              {!filtered && (
                <>
                  {' · '}
                  <a href={href(c, AUDIT_PATH, { kind: e.targetKind, id: e.targetId })}>{t('accounts.admin.audit.history')}</a>
                </>
              )}
            </dd>
          </div>
          {e.note && (
            <div>
              <dt>{t('accounts.admin.audit.note')}</dt>
              <dd className="admin-log__note">{e.note}</dd>
            </div>
          )}
          <div>
            <dt>{t('accounts.admin.audit.state')}</dt>
            <dd>
              {e.undoneAt !== null
                ? t('accounts.admin.audit.undoneBy', { time: formatTime(locale, e.undoneAt), who: actorName(c, e.undoneBy, e.undoneBy ? names.emails.get(e.undoneBy) : null) })
                : t('accounts.admin.audit.inEffect')}
            </dd>
          </div>
        </dl>
      </div>
      {undoable && (
        <form method="post" action={href(c, `${AUDIT_PATH}/${e.id}/undo`)}>
          <input type="hidden" name="from" value="audit" />
          {view.target && <input type="hidden" name="kind" value={view.target.kind} />}
          {view.target && <input type="hidden" name="id" value={view.target.id} />}
          {view.before !== undefined && <input type="hidden" name="before" value={String(view.before)} />}
          <button type="submit" className="button button--outlined button--small">
            {t('accounts.admin.audit.undo')}
          </button>
        </form>
      )}
    </li>
  )
}
