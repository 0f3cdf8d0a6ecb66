/**
 * The web app as a pure Hono app built from options (DESIGN.md §1): no globals, the same code on Bun
 * and on Workers. Order per request: backends (`/api`, `/textures`, `/render`) → context → route rules
 * → pages (language detection on unprefixed URLs) → `/{skin}` (PNG for programs, else the shortcut) → 404.
 * @module
 */
import { Hono, type Context, type Handler } from 'hono'
import { reactRenderer } from '@hono/react-renderer'
import { HTTPException } from 'hono/http-exception'
import { trimTrailingSlash } from 'hono/trailing-slash'
import { createElement } from 'react'
import { DEFAULT_LOCALE, LOCALE_CODES } from '../shared/locales'
import { oneLineError } from '../shared/log/one-line'
import { UNPREFIXED_ROUTES } from '../shared/routes'
import type { AppOptions } from './app-options'
import type { AppEnv } from './env'
import { localeRedirect } from './middleware/locale-redirect'
import { localeSwitch } from './middleware/locale-switch'
import { requestContext } from './middleware/request-context'
import { bodyCap } from './middleware/body-cap'
import { htmlCacheHeaders } from './middleware/cache-headers'
import { applyRouteRules } from './middleware/route-rules'
import { securityHeaders } from './middleware/security-headers'
import { skinLinkPng } from './middleware/skin-link-png'
import { skinShortcut } from './middleware/skin-shortcut'
import { pageRoutes, postRoutes, reservedPage } from './pages'
import { renderError } from './pages/error-page'
import { forward, forwardStripped } from './proxy/forward'
import { Layout } from './render/layout'
import { latestBuild } from './edge/latest-build'
import { createErrorReporter } from './edge/monitoring'
import { LATEST_BUILD_PATH } from '../shared/build-check'
import { headLikeGet } from '../shared/http-head'
import { routeFacts } from '../shared/observe/request-facts'

/**
 * `/(de|es|…)` — the prefix of the eight non-default languages. The alternation must be grouped:
 * Hono's RegExpRouter splices param patterns into one big expression, and a bare `de|es` there
 * lets `/de/skins` match the home route (found in a test: `/de/skins` rendered the home page).
 */
const PREFIX = `/:locale{(?:${LOCALE_CODES.filter((l) => l !== DEFAULT_LOCALE).join('|')})}`

/** Longest URL path looked up as a static file (file names are far shorter; the OS refuses long ones). */
const MAX_STATIC_PATH = 1024

/** Whether a raw URL path may name a static file: not too long, no encoded or raw NUL byte. */
export const mayNameFile = (rawPath: string): boolean => rawPath.length <= MAX_STATIC_PATH && !/%00|\0/i.test(rawPath)

/** Keeps `work` alive after the answer on workerd; on Bun the promise simply runs on. */
function waitUntil(c: Context, work: Promise<void>) {
  try {
    c.executionCtx.waitUntil(work)
  } catch {
    // No execution context outside Workers: nothing to extend.
  }
}

/** Builds the web app. */
export function createApp(options: AppOptions) {
  const app = new Hono<AppEnv>()
  const reportError = createErrorReporter(options.monitoring)
  // Outermost: the route pattern that answered, for the metrics and the log line (unless a backend
  // named its own; src/shared/observe/request-facts.ts).
  app.use('*', routeFacts())
  // A HEAD gets the GET's headers with the body's true Content-Length, whatever answered it
  // (MineSkin's URL handler refuses a skin link whose HEAD says less than 100 bytes; src/shared/http-head.ts).
  app.use('*', headLikeGet())
  // First, so every answer — static files, backends, pages, errors — gets the headers
  // (docs/operations.md "Security headers").
  app.use('*', securityHeaders({ ...options, formActionOrigins: options.accountRedirectOrigins, monitoringDsn: options.monitoring?.dsn }))
  // HTML Cache-Control and Vary (docs/architecture.md "Edge behaviour"): never shared-cached, since
  // each page has its own nonce.
  app.use('*', htmlCacheHeaders())
  // Before static files and backends, so an oversized body is refused wherever it was sent
  // (docs/operations.md "Request limits").
  if (options.maxRequestBody !== undefined) app.use('*', bodyCap(options.maxRequestBody))
  // Only paths that can name a file reach the static handler: Bun's file lookup throws on a NUL byte
  // or an over-long name, which answered 500; such requests now go on to the routes (a 4xx).
  for (const handler of options.staticFiles ?? []) app.use('*', (c, next) => (mayNameFile(new URL(c.req.url).pathname) ? handler(c, next) : next()))

  // Backends first: they need neither the page context nor the renderer.
  app.all('/api/*', forwardStripped(options.api, '/api'))
  if (options.accounts) {
    const mount = options.accountsMount ?? '/accounts'
    app.all(mount, forwardStripped(options.accounts, mount))
    app.all(`${mount}/*`, forwardStripped(options.accounts, mount))
  }
  // The operator console lives on the account site; `/admin` is where an operator looks first.
  const consoleRedirect: Handler<AppEnv> = (c) => c.redirect(options.accountUrl.replace(/\/+$/, '') + new URL(c.req.url).pathname, 302)
  app.get('/admin', consoleRedirect)
  app.get('/admin/*', consoleRedirect)
  app.get('/textures/*', forward(options.api))
  app.get('/render', forward(options.render))
  app.get('/render/*', forward(options.render))
  // SPEC §7 build check: the build id the pages of this server carry.
  app.get(LATEST_BUILD_PATH, latestBuild(options))

  app.use('*', trimTrailingSlash())
  app.use('*', requestContext(options))
  app.use(
    '*',
    reactRenderer(({ children, c, Layout: _outer, ...props }) => createElement(Layout, { ...props, c, children }), { docType: true, stream: false }),
  )
  app.use('*', applyRouteRules)

  app.get('/locale/:code', localeSwitch)

  /** Registers a page unprefixed (with language detection) and under every language prefix. */
  const page = (path: string, handler: Handler<AppEnv>) => {
    app.get(path, localeRedirect, handler)
    app.get(path === '/' ? PREFIX : PREFIX + path, handler)
  }
  for (const [path, handler] of pageRoutes) page(path, handler)
  for (const [path, handler] of postRoutes) {
    app.post(path, handler)
    app.post(PREFIX + path, handler)
  }
  for (const path of UNPREFIXED_ROUTES) app.get(path, reservedPage)

  // Programs get the skin's PNG before any language redirect; browsers go on to the skin page
  // (docs/api.md "Skin links for plugins").
  const skinLink = skinLinkPng(options.api)
  app.get('/:skin', skinLink, localeRedirect, skinShortcut)
  app.get(`${PREFIX}/:skin`, skinLink, skinShortcut)

  app.notFound((c) => renderError(c as Context<AppEnv>, 404))
  app.onError((error, c) => {
    const status = error instanceof HTTPException ? error.status : 500
    if (status >= 500) {
      console.error(`[app] ${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)} ${oneLineError(error)}`)
      // Reported in the background when a DSN is configured (workerd needs waitUntil).
      const sent = reportError?.(error, c.req.raw)
      if (sent) waitUntil(c, sent)
    }
    // Errors before the page context exists (it failed itself) cannot render the localised page.
    if (!c.get('i18n')) return c.text(status === 404 ? 'Page Not Found' : 'Internal Server Error', status)
    return renderError(c as Context<AppEnv>, status, error instanceof HTTPException ? error.message || undefined : undefined)
  })
  return app
}
