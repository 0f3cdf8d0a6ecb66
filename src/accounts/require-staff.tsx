/**
 * Guard of the operator console: the signed-in user's role, or a 403 with a
 * stable code — `not_signed_in` (with a sign-in link) or `insufficient_role` — as a page, or as the
 * JSON envelope for `Accept: application/json`. A locked user holds no role. The page's role is the
 * first check; what an action (or its undo) needs is the second, asked of ../api/moderation/rights.ts
 * by the action itself, and refused with the same 403 `insufficient_role` ({@link refusedRight}).
 * @module
 */
import type { Context } from 'hono'
import { isApiError } from '../api/errors'
import type { Store } from '../api/store/db'
import type { SqlClient } from '../api/store/sql'
import type { Actor } from '../api/moderation/rights'
import { roleAllows, roleOf, type Role } from '../api/moderation/roles'
import { href } from './context'
import { currentUser, type AccountUser } from './current-user'
import type { AccountsEnv } from './env'
import { renderPage } from './render/shell'
import { parseGrants } from './services/users'
import { accountsSql } from './site-sql'

/** The signed-in staff member. */
export interface Staff {
  user: AccountUser
  role: Role
}

/** Stable codes of a refused console request. */
export type StaffRefusal = 'not_signed_in' | 'insufficient_role'

/** The user's role under this site's configuration (ADMIN_EMAILS counts for a confirmed address only: roles.ts). */
export const staffRole = (c: Context<AccountsEnv>, user: AccountUser): Role | null =>
  roleOf({ email: user.email, emailVerifiedAt: user.emailVerifiedAt, grants: parseGrants(user.grants), lockedAt: user.lockedAt }, c.get('deps').adminEmails ?? [])

/** The SQL client of the account site's database. */
export function siteSql(c: Context<AccountsEnv>): SqlClient {
  return accountsSql(c.get('deps'))
}

/** The store (Drizzle and SQL over one database) the moderation services run on. */
export function siteStore(c: Context<AccountsEnv>): Store {
  return { db: c.get('deps').db, sql: siteSql(c), close: () => {} }
}

/** 403 with `code`: JSON for API-style callers, else a page; `action` says the refusal is of one action, not of the page. */
export function refuseStaff(c: Context<AccountsEnv>, code: StaffRefusal, action = false) {
  const t = c.get('t')
  const message = t(code === 'not_signed_in' ? 'accounts.admin.common.signInRequired' : action ? 'accounts.admin.common.actionForbidden' : 'accounts.admin.common.forbidden')
  if (c.req.header('accept')?.includes('application/json')) return c.json({ success: false, errors: [{ code, message }] }, 403)
  return renderPage(
    c,
    t('accounts.forbidden.title'),
    <section className="card accounts__card" data-error-code={code}>
      <h1 className="card__title">{t('accounts.forbidden.title')}</h1>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      {code === 'not_signed_in' ? (
        <a className="button button--filled" href={href(c, '/', { redirect: href(c, c.req.path) })}>
          {t('accounts.signIn.title')}
        </a>
      ) : action ? (
        // The viewer holds a console role, only not this action's: back to the log they came from.
        <a className="button button--outlined" href={href(c, '/admin/audit')}>
          {t('accounts.admin.common.nav.audit')}
        </a>
      ) : null}
    </section>,
    { status: 403 },
  )
}

/** The signed-in user when their role allows `needed`, else the 403 answer. */
export async function requireStaff(c: Context<AccountsEnv>, needed: Role): Promise<Staff | Response> {
  const user = await currentUser(c)
  if (!user) return refuseStaff(c, 'not_signed_in')
  const role = staffRole(c, user)
  if (!roleAllows(role, needed)) return refuseStaff(c, 'insufficient_role')
  return { user, role: role! }
}

/** Who acts, as the moderation services check it: the staff member with the role they hold now. */
export const staffActor = (staff: Staff): Actor => ({ userId: staff.user.id, role: staff.role })

/** The 403 `insufficient_role` answer when `e` is a service's refusal of the actor's role, else null. */
export function refusedRight(c: Context<AccountsEnv>, e: unknown) {
  return isApiError(e) && e.code === 'insufficient_role' ? refuseStaff(c, 'insufficient_role', true) : null
}
