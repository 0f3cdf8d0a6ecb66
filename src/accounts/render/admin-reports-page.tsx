/**
 * The report queue page: open reports grouped by skin, each with its render,
 * name, tags, state, reason counts, reporters and age, and one form whose buttons each do one action
 * (the note field is shared by them). Plain forms and links: everything works without JavaScript.
 * @module
 */
import type { Context } from 'hono'
import type { Role } from '../../api/moderation/roles'
import { MAX_NOTE_LENGTH } from '../../api/moderation/audit-log'
import type { QueueItem, QueueSort } from '../../api/moderation/report-queue'
import { renderUrl } from '../../shared/render-url'
import { skinPath } from '../../shared/routes'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import { formatTime } from '../routes/keys-shared'
import { AdminNav } from './admin-nav'
import { appUrl, idPrefix, relativeAge, reporterLabel } from './admin-moderation-labels'
import { Message } from './form-parts'

/** Path of the queue under the account site's base. */
export const REPORTS_PATH = '/admin/reports'

/** Which part of the queue is shown. */
export interface QueueView {
  sort: QueueSort
  /** 1-based. */
  page: number
}

/** The page's messages: a confirmation (with the undo of its log entry), or a refusal. */
export interface QueueState {
  notice?: string
  /** The log entry the notice's "Undo" button undoes. */
  undoId?: number
  error?: string
}

/** The query that keeps the queue's order and page. */
export const viewQuery = (v: QueueView) => ({ sort: v.sort === 'newest' ? undefined : v.sort, page: v.page > 1 ? String(v.page) : undefined })

/** Hidden fields that carry the order and page through a POST. */
function ViewFields({ view }: { view: QueueView }) {
  return (
    <>
      <input type="hidden" name="sort" value={view.sort} />
      <input type="hidden" name="page" value={String(view.page)} />
    </>
  )
}

/** The whole page body. */
export function ReportsPage(props: { c: Context<AccountsEnv>; role: Role; items: QueueItem[]; total: number; perPage: number; view: QueueView; state: QueueState; now: number }) {
  const { c, role, items, total, perPage, view, state, now } = props
  const t = c.get('t')
  const pages = Math.max(1, Math.ceil(total / perPage))
  return (
    <div className="admin-wide">
      <AdminNav c={c} role={role} current="/admin/reports" />
      <section className="card admin-queue" aria-labelledby="reports-title">
        <h1 id="reports-title" className="card__title">
          {t('accounts.admin.reports.title')}
        </h1>
        <p className="field-hint--muted">{t('accounts.admin.reports.intro')}</p>
        {state.notice && (
          <div className="notice accounts__message accounts__message--success admin-notice" role="status">
            <span>{state.notice}</span>
            {state.undoId !== undefined && (
              <form method="post" action={href(c, `/admin/audit/${state.undoId}/undo`)} className="admin-notice__form">
                <input type="hidden" name="from" value="reports" />
                <ViewFields view={view} />
                <button type="submit" className="button button--outlined button--small">
                  {t('accounts.admin.reports.undo')}
                </button>
              </form>
            )}
          </div>
        )}
        <Message kind="error" text={state.error} />
        <div className="admin-toolbar">
          <nav className="admin-toolbar__sort" aria-label={t('accounts.admin.reports.sortLabel')}>
            <span className="field-hint--muted">{t('accounts.admin.reports.sortLabel')}:</span>
            {(['newest', 'most'] as const).map((sort) => (
              <a key={sort} className="chip admin-toolbar__link" href={href(c, REPORTS_PATH, viewQuery({ sort, page: 1 }))} aria-current={sort === view.sort ? 'true' : undefined}>
                {sort === 'newest' ? t('accounts.admin.reports.sortNewest') : t('accounts.admin.reports.sortMost')}
              </a>
            ))}
          </nav>
          <span className="field-hint--muted" data-testid="queue-total">
            {t('accounts.admin.reports.total', { count: new Intl.NumberFormat(c.get('locale')).format(total) })}
          </span>
        </div>
        {items.length === 0 ? (
          <p className="notice">{t('accounts.admin.reports.empty')}</p>
        ) : (
          <ul className="accounts-b__list">
            {items.map((item) => (
              <QueueEntry key={item.uuid} c={c} item={item} view={view} now={now} />
            ))}
          </ul>
        )}
        {pages > 1 && <Pager c={c} view={view} pages={pages} />}
      </section>
    </div>
  )
}

/** Previous / next links and where we are. */
function Pager({ c, view, pages }: { c: Context<AccountsEnv>; view: QueueView; pages: number }) {
  const t = c.get('t')
  return (
    <nav className="admin-pager" aria-label={t('accounts.admin.reports.pageOf', { page: view.page, pages })}>
      {view.page > 1 ? (
        <a className="button button--outlined button--small" rel="prev" href={href(c, REPORTS_PATH, viewQuery({ ...view, page: view.page - 1 }))}>
          {t('accounts.admin.reports.prev')}
        </a>
      ) : (
        <span />
      )}
      <span className="field-hint--muted">{t('accounts.admin.reports.pageOf', { page: view.page, pages })}</span>
      {view.page < pages ? (
        <a className="button button--outlined button--small" rel="next" href={href(c, REPORTS_PATH, viewQuery({ ...view, page: view.page + 1 }))}>
          {t('accounts.admin.reports.next')}
        </a>
      ) : (
        <span />
      )}
    </nav>
  )
}

/** A time as "3 hours ago", the exact time on hover and for machines. */
export function Age({ c, at, now }: { c: Context<AccountsEnv>; at: number; now: number }) {
  const locale = c.get('locale')
  return (
    <time dateTime={new Date(at).toISOString()} title={formatTime(locale, at)}>
      {relativeAge(locale, at, now)}
    </time>
  )
}

/** The state chips: hidden, removed, and a visibility other than public. */
function StateChips({ c, item }: { c: Context<AccountsEnv>; item: QueueItem }) {
  const t = c.get('t')
  return (
    <>
      {item.deleted && <span className="chip chip--warning">{t('accounts.admin.reports.state.deleted')}</span>}
      {item.hidden && <span className="chip chip--warning">{t('accounts.admin.reports.state.hidden')}</span>}
      {!item.hidden && item.visibility === 'unlisted' && <span className="chip">{t('accounts.admin.reports.state.unlisted')}</span>}
      {!item.hidden && item.visibility === 'private' && <span className="chip">{t('accounts.admin.reports.state.private')}</span>}
    </>
  )
}

/** One reported skin with its facts and its action form. */
function QueueEntry({ c, item, view, now }: { c: Context<AccountsEnv>; item: QueueItem; view: QueueView; now: number }) {
  const t = c.get('t')
  const locale = c.get('locale')
  const page = appUrl(c, skinPath(item.uuid, locale))
  const button = 'button button--outlined button--small'
  const danger = `${button} accounts-b__danger`
  const shown = item.reporters.length
  return (
    <li className="accounts-b__item admin-report" data-testid="report-item" data-skin={item.uuid}>
      <a className="admin-report__render" href={page} tabIndex={-1} aria-hidden="true">
        <img src={appUrl(c, renderUrl({ textureHash: item.textureHash, view: 'body' }))} width={64} height={128} alt="" loading="lazy" decoding="async" />
      </a>
      <div className="admin-report__main">
        <h2 className="admin-report__name">
          <a href={page}>{item.name ?? t('accounts.admin.reports.unnamed')}</a>
        </h2>
        <p className="accounts-b__tags">
          <StateChips c={c} item={item} />
          <span className="chip admin-report__count">{t('accounts.admin.reports.reportCount', { count: item.reports })}</span>
          {item.reasons.skin > 0 && <span className="chip">{t('accounts.admin.reports.reason.skin', { count: item.reasons.skin })}</span>}
          {item.reasons.name > 0 && <span className="chip">{t('accounts.admin.reports.reason.name', { count: item.reasons.name })}</span>}
          {item.reasons.tags > 0 && <span className="chip">{t('accounts.admin.reports.reason.tags', { count: item.reasons.tags })}</span>}
        </p>
        <dl className="accounts-b__meta">
          <div>
            <dt>{t('accounts.admin.reports.lastReport')}</dt>
            <dd>
              <Age c={c} at={item.lastAt} now={now} />
            </dd>
          </div>
          {item.firstAt !== item.lastAt && (
            <div>
              <dt>{t('accounts.admin.reports.firstReport')}</dt>
              <dd>
                <Age c={c} at={item.firstAt} now={now} />
              </dd>
            </div>
          )}
          <div>
            <dt>{t('accounts.admin.reports.tags')}</dt>
            <dd>{item.tags.length ? item.tags.join(', ') : t('accounts.admin.reports.noTags')}</dd>
          </div>
          <div>
            <dt>{t('accounts.admin.reports.texture')}</dt>
            <dd>
              <code title={item.textureHash}>{idPrefix(item.textureHash, 12)}</code>
            </dd>
          </div>
        </dl>
        <div className="admin-report__reporters">
          <span className="field-hint--muted">{t('accounts.admin.reports.reporters')}:</span>
          <ul>
            {item.reporters.map((r) => (
              <li key={`${r.kind}:${r.id}`}>{reporterLabel(c, r)}</li>
            ))}
            {item.reports > shown && <li className="field-hint--muted">{t('accounts.admin.reports.moreReporters', { count: item.reports - shown })}</li>}
          </ul>
        </div>
        <form method="post" action={href(c, `${REPORTS_PATH}/${encodeURIComponent(item.uuid)}`)} className="admin-report__form">
          {/* The first submit button is the form's default: a disabled one makes Enter in the note field do nothing instead of the first action. */}
          <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />
          <ViewFields view={view} />
          <div className="field">
            <label htmlFor={`note-${item.uuid}`}>{t('accounts.admin.reports.note')}</label>
            <input id={`note-${item.uuid}`} className="text-input" name="note" maxLength={MAX_NOTE_LENGTH} autoComplete="off" />
          </div>
          <div className="admin-report__actions" role="group" aria-label={t('accounts.admin.reports.actions')}>
            <button type="submit" name="action" value="dismiss" className={button}>
              {t('accounts.admin.reports.action.dismiss')}
            </button>
            {!item.hidden && !item.deleted && (
              <button type="submit" name="action" value="hide" className={button}>
                {t('accounts.admin.reports.action.hide')}
              </button>
            )}
            {!item.deleted && (
              <button type="submit" name="action" value="remove" className={danger}>
                {t('accounts.admin.reports.action.remove')}
              </button>
            )}
            {item.name !== null && (
              <button type="submit" name="action" value="clear_name" className={button}>
                {t('accounts.admin.reports.action.clear_name')}
              </button>
            )}
            <button type="submit" name="action" value="ban_texture" className={danger}>
              {t('accounts.admin.reports.action.ban_texture')}
            </button>
          </div>
          {item.tags.length > 0 && (
            <ul className="admin-report__tag-actions" aria-label={t('accounts.admin.reports.tags')}>
              {item.tags.map((tag) => (
                <li key={tag}>
                  {/* Tag buttons name the tag in their own field (a button submits one name=value), so one form serves every tag. */}
                  <button type="submit" name="remove_tag" value={tag} className={button}>
                    {t('accounts.admin.reports.action.remove_tag', { tag })}
                  </button>
                  <button type="submit" name="ban_tag" value={tag} className={danger}>
                    {t('accounts.admin.reports.action.ban_tag', { tag })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </form>
      </div>
    </li>
  )
}
