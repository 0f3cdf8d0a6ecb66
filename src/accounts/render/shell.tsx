/**
 * The account site's page frame (same look as the app): the app's stylesheet and
 * theme, a slim bar with the product logo and name linking back to the app, the page in a card.
 * Server-rendered plain forms that work without JavaScript; credential forms add one small script
 * that solves an anti-bot proof ahead, allowed by the page's own policy.
 * @module
 */
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { PRODUCT_NAME } from '../../shared/constants'
import { parseTheme, THEME_COOKIE } from '../../shared/theme'
import type { AccountsEnv } from '../env'
import { createNonce } from '../../shared/csp-nonce'
import { accountPagePolicy } from './page-policy'

/** Page frame props. */
export interface ShellProps {
  title: string
  appUrl: string
  css: string
  /** A second stylesheet after `css`: the operator console's (static/admin.css), on its pages only. */
  extraCss?: string
  locale: string
  theme: string
  backLabel: string
  /** Links in the bar's end (e.g. sign out when signed in). */
  actions?: ReactNode
  /** The proof-solving script (src/islands/accounts/proof-form.ts) and its CSP nonce, on pages with credential forms. */
  script?: { src: string; nonce: string }
  children: ReactNode
}

/** The frame itself. */
export function Shell({ title, appUrl, css, extraCss, locale, theme, backLabel, actions, script, children }: ShellProps) {
  return (
    <html lang={locale} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} – ${PRODUCT_NAME}`}</title>
        <link rel="icon" href={new URL('/favicon.svg', appUrl).href} type="image/svg+xml" />
        <link rel="stylesheet" href={css} />
        {extraCss && <link rel="stylesheet" href={extraCss} />}
        {script && <script type="module" src={script.src} nonce={script.nonce} />}
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

/** HTTP statuses account pages answer with. */
export type PageStatus = 200 | 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 429 | 503

/** Options of {@link renderPage}. */
export interface PageOptions {
  status?: PageStatus
  actions?: ReactNode
  /** The page has a credential form whose proof the script solves ahead. */
  proof?: boolean
}

/**
 * True for the operator console's pages: `/admin` and below. The account app sees its own
 * paths — a mount such as the web app's `/accounts` is stripped before it (src/server/proxy/forward.ts).
 */
export const isConsolePath = (path: string) => path === '/admin' || path.startsWith('/admin/')

/** Renders `children` in the frame as a full HTML response with the page's own Content-Security-Policy. */
export async function renderPage(c: Context<AccountsEnv>, title: string, children: ReactNode, opts: PageOptions = {}) {
  const deps = c.get('deps')
  const manifest = await deps.manifest()
  const appOrigin = new URL(deps.appOrigin).origin
  // Same origin as the app: asset paths work as they are; on another origin they come from the app.
  const asset = (path: string) => (new URL(path, appOrigin).origin === c.get('origin') ? path : new URL(path, appOrigin).href)
  const nonce = createNonce()
  const script = opts.proof && manifest.accountProof ? { src: asset(manifest.accountProof), nonce } : undefined
  // Only console pages load its rules, so the public stylesheet stays small: the first paint waits
  // for it (docs/performance.md "What loads when").
  const extraCss = manifest.adminCss && isConsolePath(c.req.path) ? asset(manifest.adminCss) : undefined
  const html = renderToString(
    <Shell title={title} appUrl={appOrigin + '/'} css={asset(manifest.css)} extraCss={extraCss} locale={c.get('locale')} theme={parseTheme(getCookie(c, THEME_COOKIE))} backLabel={c.get('t')('accounts.backToApp')} actions={opts.actions} script={script}>
      {children}
    </Shell>,
  )
  c.header('Cache-Control', 'no-store')
  c.header('Content-Security-Policy', accountPagePolicy(nonce, appOrigin, c.get('allowed')))
  return c.html(`<!doctype html>${html}`, opts.status ?? 200)
}
