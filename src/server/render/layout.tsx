/**
 * The page frame around every page (SPEC §2): skip link, loading bar, app bar, main, footer, the
 * right drawer and the snackbar area, then the island scripts as the last child of `<body>`.
 * @module
 */
import type { Props } from '@hono/react-renderer'
import { getCookie } from 'hono/cookie'
import type { Context } from 'hono'
import type { ReactElement } from 'react'
import { loginUrlFor } from '../../islands/auth/sign-in'
import { accountSiteUrl } from '../../shared/auth/account-site'
import { I18nProvider } from '../../shared/i18n/context'
import { parseTheme, THEME_COOKIE } from '../../shared/theme'
import { AppBar } from '../components/app-bar'
import { SiteFooter } from '../components/site-footer'
import type { AppEnv } from '../env'
import { DocumentHead } from './document-head'
import { Island } from './island'
import { IslandScripts } from './island-scripts'
import './page-props'

/** The layout passed to reactRenderer. */
export function Layout({ children, c, ...props }: Props & { children: ReactElement; c: Context<AppEnv> }) {
  const i18n = c.get('i18n')
  const options = c.get('options')
  const theme = parseTheme(getCookie(c, THEME_COOKIE))
  const origin = options.publicUrl ?? new URL(c.req.url).origin
  const returnUrl = origin + new URL(c.req.url).pathname
  const signInUrl = loginUrlFor(options.accountUrl, returnUrl)
  // The account site's sign-out (a POST form that clears both cookies).
  const signOutUrl = options.accountApiOrigin ? accountSiteUrl(options.accountApiOrigin, 'signOut') : undefined
  return (
    <I18nProvider value={i18n}>
      {/* data-build: the SPEC §7 build check; data-monitoring-*: SPEC §9, set only with a DSN. */}
      <html
        lang={i18n.locale}
        data-theme={theme}
        data-account-api={options.accountApiOrigin}
        data-icons={c.get('manifest').icons}
        data-build={c.get('manifest').buildId}
        data-monitoring-dsn={options.monitoring?.dsn}
        data-monitoring-env={options.monitoring?.environment}
      >
        <DocumentHead {...props} />
        <body>
          <a className="skip-link" href="#main">
            {i18n.t('common.skipToContent')}
          </a>
          <div id="loading-bar" className="loading-bar" aria-hidden="true" />
          <AppBar signInUrl={signInUrl} />
          <main id="main" className="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
          <Island name="app-drawer" props={{ translateUrl: options.siteLinks.translate, accountUrl: options.accountUrl, signOutUrl, returnUrl }} />
          <Island name="snackbar-host" props={{}} />
          <IslandScripts />
        </body>
      </html>
    </I18nProvider>
  )
}
