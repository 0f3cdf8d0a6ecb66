/**
 * `GET /admin/users`: the user search — by e-mail or display name, or the newest
 * users — 25 per page, each with role, lock state, creation date and counts of skins and keys; and
 * "remove a skin" by id, as `bun run accounts -- remove-skin` does.
 * @module
 */
import type { Context } from 'hono'
import { roleOf, type Role } from '../../../api/moderation/roles'
import { searchUsers, type UserListRow } from '../../../api/moderation/user-directory'
import { href } from '../../context'
import type { AccountsEnv } from '../../env'
import { AdminNav } from '../../render/admin-nav'
import { Message } from '../../render/form-parts'
import { renderPage, type PageStatus } from '../../render/shell'
import { SignOutButton } from '../../render/sign-out-button'
import { siteSql } from '../../require-staff'
import { parseGrants } from '../../services/users'
import { formatTime } from '../keys-shared'
import { AdminField, AdminForm, NoteField } from './users-forms'
import { ROLE_LABEL } from './users-labels'

/** The role chip of a user row (none for plain users). */
export function RoleChip({ c, user }: { c: Context<AccountsEnv>; user: Pick<UserListRow, 'email' | 'emailVerifiedAt' | 'grants' | 'lockedAt'> }) {
  const role = roleOf({ email: user.email, emailVerifiedAt: user.emailVerifiedAt, grants: parseGrants(user.grants), lockedAt: null }, c.get('deps').adminEmails ?? [])
  return role ? <span className="chip">{c.get('t')(ROLE_LABEL[role])}</span> : null
}

function UserRow({ c, u }: { c: Context<AccountsEnv>; u: UserListRow }) {
  const t = c.get('t')
  const locale = c.get('locale')
  const num = (n: number) => new Intl.NumberFormat(locale).format(n)
  return (
    <li className="accounts-b__item" data-testid="user-row" data-user-id={u.id}>
      <div className="accounts-b__item-main">
        <a className="accounts-b__name" href={href(c, `/admin/users/${u.id}`)}>
          {u.email ?? t('accounts.admin.users.noEmail')}
        </a>
        <span className="admin-users__sub">{u.name ?? t('accounts.admin.users.noName')}</span>
        <dl className="accounts-b__meta">
          <div>
            <dt>{t('accounts.keys.created')}</dt>
            <dd>{formatTime(locale, u.createdAt)}</dd>
          </div>
          <div>
            <dt>{t('accounts.admin.users.skins.title')}</dt>
            <dd>{num(u.skins)}</dd>
          </div>
          <div>
            <dt>{t('accounts.keys.title')}</dt>
            <dd>{num(u.keys)}</dd>
          </div>
        </dl>
      </div>
      <p className="accounts-b__tags admin-users__chips">
        <RoleChip c={c} user={u} />
        {u.lockedAt !== null ? <span className="chip chip--warning">{t('accounts.admin.users.locked')}</span> : null}
      </p>
    </li>
  )
}

/** The search page. */
export async function usersListPage(c: Context<AccountsEnv>, role: Role, opts: { q: string; page: number; notice?: string; error?: string; status?: PageStatus }) {
  const t = c.get('t')
  const { rows, hasMore } = await searchUsers(siteSql(c), { q: opts.q, page: opts.page })
  const pageHref = (page: number) => href(c, '/admin/users', { q: opts.q || undefined, page: page > 1 ? String(page) : undefined })
  return renderPage(
    c,
    t('accounts.admin.users.title'),
    <>
      <AdminNav c={c} role={role} current="/admin/users" />
      <section className="card">
        <h1 className="card__title">{t('accounts.admin.users.title')}</h1>
        <p className="field-hint--muted">{t('accounts.admin.users.intro')}</p>
        <Message kind="success" text={opts.notice} />
        <Message kind="error" text={opts.error} />
        <form method="get" action={href(c, '/admin/users')} className="admin-users__search" role="search">
          <input type="hidden" name="lang" value={c.get('locale')} />
          <div className="field">
            <label htmlFor="f-search-q">{t('accounts.admin.users.searchLabel')}</label>
            <input id="f-search-q" name="q" type="search" className="text-input" defaultValue={opts.q} maxLength={200} />
          </div>
          <button type="submit" className="button button--primary">
            {t('accounts.admin.users.searchButton')}
          </button>
        </form>
        <h2 className="accounts-b__subtitle">{opts.q ? t('accounts.admin.users.results', { q: opts.q }) : t('accounts.admin.users.newest')}</h2>
        {rows.length === 0 ? (
          <p className="field-hint--muted">{t('accounts.admin.users.empty')}</p>
        ) : (
          <ul className="accounts-b__list" data-testid="user-list">
            {rows.map((u) => (
              <UserRow key={u.id} c={c} u={u} />
            ))}
          </ul>
        )}
        {opts.page > 1 || hasMore ? (
          <nav className="admin-users__pager" aria-label={t('accounts.admin.users.pages')}>
            {opts.page > 1 ? (
              <a className="button button--outlined button--small" href={pageHref(opts.page - 1)} rel="prev">
                {t('accounts.admin.users.prev')}
              </a>
            ) : null}
            <span className="field-hint--muted">{t('accounts.admin.users.page', { n: opts.page })}</span>
            {hasMore ? (
              <a className="button button--outlined button--small" href={pageHref(opts.page + 1)} rel="next">
                {t('accounts.admin.users.next')}
              </a>
            ) : null}
          </nav>
        ) : null}
      </section>
      <section className="card">
        <h2 className="card__title">{t('accounts.admin.users.removeSkin.title')}</h2>
        <p className="field-hint--muted">{t('accounts.admin.users.removeSkin.intro')}</p>
        <AdminForm c={c} path="/admin/users/remove-skin">
          <AdminField form="remove-skin" name="skin" label={t('accounts.admin.users.removeSkin.skin')} required maxLength={64} />
          <NoteField c={c} form="remove-skin" />
          <button type="submit" className="button button--outlined accounts-b__danger">
            {t('accounts.admin.users.removeSkin.button')}
          </button>
        </AdminForm>
      </section>
    </>,
    { status: opts.status, actions: <SignOutButton c={c} /> },
  )
}
