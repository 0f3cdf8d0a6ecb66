/**
 * The operator console's section tabs: site status and users for admins; reports and the
 * audit log for moderators too. Server-rendered links, no JavaScript.
 * @module
 */
import type { Context } from 'hono'
import { roleAllows, type Role } from '../../api/moderation/roles'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import type { MessageKey } from '../../shared/i18n/translator'

/** A console section. */
export type AdminSection = '/admin' | '/admin/reports' | '/admin/audit' | '/admin/users'

const SECTIONS: { path: AdminSection; label: MessageKey; needs: Role }[] = [
  { path: '/admin', label: 'accounts.admin.common.nav.status', needs: 'admin' },
  { path: '/admin/reports', label: 'accounts.admin.common.nav.reports', needs: 'moderator' },
  { path: '/admin/audit', label: 'accounts.admin.common.nav.audit', needs: 'moderator' },
  { path: '/admin/users', label: 'accounts.admin.common.nav.users', needs: 'admin' },
]

/** The tabs the role may open, `current` marked. */
export function AdminNav({ c, role, current }: { c: Context<AccountsEnv>; role: Role; current: AdminSection }) {
  const t = c.get('t')
  return (
    <nav className="accounts-tabs" aria-label={t('accounts.admin.common.title')}>
      {SECTIONS.filter((s) => roleAllows(role, s.needs)).map((s) => (
        <a key={s.path} href={href(c, s.path)} className="accounts-tabs__tab" aria-current={s.path === current ? 'page' : undefined}>
          {t(s.label)}
        </a>
      ))}
    </nav>
  )
}
