/**
 * The app bar (SPEC §2): logo and title link home, 'Dev Mode' chip in development, the search field on
 * wide screens, tabs Generate / Gallery / My Skins / Editor (icons only on small screens, rainbow in
 * June and July UTC), the jobs button, and the account link.
 * @module
 */
import { mdiBrush, mdiCreation, mdiFolderAccount, mdiViewGrid } from '@mdi/js'
import { useRequestContext } from '@hono/react-renderer'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { ROUTES, localizePath } from '../../shared/routes'
import { isRainbowSeason } from '../../shared/season'
import { Icon } from '../../shared/ui/icon'
import type { AppEnv } from '../env'
import { Island } from '../render/island'

interface Tab {
  href: string
  label: MessageKey
  icon: string
  active: (path: string) => boolean
  /** Shown only once the client has started (SPEC §2: the My Skins tab). */
  clientOnly?: boolean
}

const TABS: Tab[] = [
  { href: ROUTES.home, label: 'nav.generate', icon: mdiCreation, active: (p) => p === '/' },
  { href: ROUTES.skins, label: 'nav.gallery', icon: mdiViewGrid, active: (p) => p === '/skins' || p.startsWith('/skins/') },
  { href: ROUTES.mySkins, label: 'nav.mySkins', icon: mdiFolderAccount, active: (p) => p === '/my-skins', clientOnly: true },
  { href: ROUTES.editor, label: 'nav.editor', icon: mdiBrush, active: (p) => p === '/editor' },
]

/** The top bar of every page. */
/** `signInUrl`: the account site's sign-in with a redirect back to this page (SPEC §2 sign-in). */
export function AppBar({ signInUrl }: { signInUrl: string }) {
  const c = useRequestContext<AppEnv>()
  const { t, locale } = useI18n()
  const options = c.get('options')
  const path = c.get('appPath')
  const search = path === '/skins' ? (c.req.query('search') ?? '') : ''
  const rainbow = isRainbowSeason(options.now())
  return (
    <header className="app-bar">
      <a className="app-bar__brand" href={localizePath(ROUTES.home, locale)}>
        {/* fetchPriority low: React would otherwise hoist a preload of it ahead of the stylesheet
            (docs/performance.md "What loads when"). */}
        <img src="/favicon.svg" width={32} height={32} alt="" className="app-bar__logo" fetchPriority="low" />
        <span className="app-bar__title">{t('meta.title')}</span>
      </a>
      {options.dev && <span className="chip chip--warning">{t('appBar.devMode')}</span>}
      <div className="app-bar__search">
        <Island name="search-field" props={{ action: localizePath(ROUTES.skins, locale), initialValue: search || undefined }} />
      </div>
      <nav className={rainbow ? 'tabs tabs--rainbow' : 'tabs'} aria-label={t('nav.label')}>
        {TABS.map((tab) => {
          const current = tab.active(path)
          return (
            <a
              key={tab.href}
              className={current ? 'tab is-active' : 'tab'}
              href={localizePath(tab.href, locale)}
              aria-current={current ? 'page' : undefined}
              data-client-only={tab.clientOnly ? '' : undefined}
            >
              <Icon path={tab.icon} />
              <span>{t(tab.label)}</span>
            </a>
          )
        })}
      </nav>
      <div className="app-bar__actions">
        {c.get('flags')['web.show_notifications'] && options.accountApiOrigin && (
          <span className="app-bar__notifications">
            <Island name="notification-bell" props={{ accountApiOrigin: options.accountApiOrigin }} />
          </span>
        )}
        <Island name="jobs-button" props={{}} />
        <Island name="account-button" props={{ accountUrl: signInUrl }} />
      </div>
    </header>
  )
}
