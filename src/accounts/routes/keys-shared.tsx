/**
 * Parts shared by the API keys, notifications and credits pages: the signed-in
 * guard, the section tabs and date formatting in the page's language.
 * @module
 */
import type { Context } from 'hono'
import { href } from '../context'
import { currentUser, type AccountUser } from '../current-user'
import type { AccountsEnv } from '../env'

/** The signed-in user, or a redirect to sign-in that comes back to `path`. */
export async function userOrSignIn(c: Context<AccountsEnv>, path: string): Promise<AccountUser | Response> {
  const user = await currentUser(c)
  if (user) return user
  return c.redirect(href(c, '/sign-in', { redirect: href(c, path) }), 303)
}

/** `2026-11-22 12:00` style date and time in the page's language (UTC, like the server clock). */
export function formatTime(locale: string, ms: number): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(ms) + ' UTC'
}

/** The account sections as tabs; `current` is marked for assistive technology. */
export function SectionTabs({ c, current }: { c: Context<AccountsEnv>; current: '/manage' | '/keys' | '/notifications' | '/credits' | '/minecraft' | '/signing-accounts' }) {
  const t = c.get('t')
  const tabs = [
    ['/manage', t('accounts.nav.manage')],
    ['/keys', t('accounts.keys.title')],
    ['/notifications', t('accounts.notifications.title')],
    ['/credits', t('accounts.credits.title')],
    ['/minecraft', t('accounts.minecraft.title')],
    ['/signing-accounts', t('accounts.signing.title')],
  ] as const
  return (
    <nav className="accounts-tabs" aria-label={t('accounts.title')}>
      {tabs.map(([path, label]) => (
        <a key={path} href={href(c, path)} className="accounts-tabs__tab" aria-current={path === current ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  )
}

/** When an API key was made and last used, as `<dl>` items (the keys page and the console's user page). */
export function KeyDates({ c, createdAt, lastUsed }: { c: Context<AccountsEnv>; createdAt: number; lastUsed: number | null }) {
  const t = c.get('t')
  const locale = c.get('locale')
  return (
    <>
      <div>
        <dt>{t('accounts.keys.created')}</dt>
        <dd>{formatTime(locale, createdAt)}</dd>
      </div>
      <div>
        <dt>{t('accounts.keys.lastUsed')}</dt>
        <dd>{lastUsed ? formatTime(locale, lastUsed) : t('accounts.keys.never')}</dd>
      </div>
    </>
  )
}
