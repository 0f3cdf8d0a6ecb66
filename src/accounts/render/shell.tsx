/**
 * The account site's page frame (issue 9 point 1: same look as the app): the app's stylesheet and
 * theme, a slim bar with the product logo and name linking back to the app, the page in a card.
 * Server-rendered only: the pages are plain forms that work without JavaScript.
 * @module
 */
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { PRODUCT_NAME } from '../../shared/constants'
import { parseTheme, THEME_COOKIE } from '../../shared/theme'
import type { AccountsEnv } from '../env'

/** Page frame props. */
export interface ShellProps {
  title: string
  appUrl: string
  css: string
  locale: string
  theme: string
  backLabel: string
  /** Links in the bar's end (e.g. sign out when signed in). */
  actions?: ReactNode
  children: ReactNode
}

/** The frame itself. */
export function Shell({ title, appUrl, css, locale, theme, backLabel, actions, children }: ShellProps) {
  return (
    <html lang={locale} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} – ${PRODUCT_NAME}`}</title>
        <link rel="icon" href={new URL('/favicon.svg', appUrl).href} type="image/svg+xml" />
        <link rel="stylesheet" href={css} />
      </head>
      <body className="accounts">
        <header className="app-bar accounts__bar">
          <a className="app-bar__brand" href={appUrl} title={backLabel}>
            <img src={new URL('/favicon.svg', appUrl).href} width={32} height={32} alt="" className="app-bar__logo" />
            <span className="app-bar__title">{PRODUCT_NAME}</span>
          </a>
          <span className="accounts__spacer" />
          {actions}
        </header>
        <main id="main" className="accounts__main">
          {children}
        </main>
      </body>
    </html>
  )
}

/** Renders `children` in the frame as a full HTML response. */
export async function renderPage(c: Context<AccountsEnv>, title: string, children: ReactNode, opts: { status?: 200 | 400 | 401 | 403 | 404 | 409 | 429; actions?: ReactNode } = {}) {
  const deps = c.get('deps')
  const manifest = await deps.manifest()
  const appOrigin = new URL(deps.appOrigin).origin
  // Same origin as the app: the stylesheet's path works as is; on another origin it is fetched from the app.
  const css = new URL(manifest.css, appOrigin).origin === c.get('origin') ? manifest.css : new URL(manifest.css, appOrigin).href
  const html = renderToString(
    <Shell title={title} appUrl={appOrigin + '/'} css={css} locale={c.get('locale')} theme={parseTheme(getCookie(c, THEME_COOKIE))} backLabel={c.get('t')('accounts.backToApp')} actions={opts.actions}>
      {children}
    </Shell>,
  )
  c.header('Cache-Control', 'no-store')
  return c.html(`<!doctype html>${html}`, opts.status ?? 200)
}
