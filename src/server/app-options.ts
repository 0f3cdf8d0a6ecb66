/**
 * What `createApp` needs, independent of the runtime: Bun and the Worker build this object from their
 * own config and bindings (DESIGN.md §1 "app.ts builds the Hono app from a config object").
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import type { ClientManifest } from '../shared/client-manifest'
import type { Flags } from '../shared/flags'
import type { SiteLinks } from '../shared/site-links'
import type { MonitoringConfig } from '../shared/monitoring'

/** Anything that answers a Request: the embedded API in-process, or a proxy to another origin. */
export interface Backend {
  /** Answers a request whose path is relative to the backend's root. */
  fetch(request: Request): Promise<Response>
  /** True when `fetch` runs in this process (the embedded API): page loaders then skip HTTP-client work. */
  inProcess?: boolean
  /**
   * Direct calls into the embedded API's services for the GETs pages make (wired only by
   * src/server/bun.ts, DESIGN.md §3; src/api/direct): no Request, JSON or zod round trip per call.
   */
  direct?: DirectApi
}

/** One answer of a direct call: the status and the JSON-shaped body the HTTP route would send. */
export interface DirectResult {
  status: number
  body: unknown
}

/** The embedded API's direct calls, as the web app sees them (src/api/direct implements it). */
export interface DirectApi {
  /** The calls of one caller, identified by these request headers (its `Cookie` above all). */
  caller(headers: Record<string, string>): {
    /** Answers `GET path` with `query`, or undefined when there is no direct entry for the path. */
    get(path: string, query: Record<string, string | number | undefined>): Promise<DirectResult> | undefined
  }
}

/** Options of the web app. */
export interface AppOptions {
  /** Development mode: shows the 'Dev Mode' chip (SPEC §2). */
  dev: boolean
  /** Public origin used for canonical and hreflang links; the request origin when unset. */
  publicUrl?: string
  /** Footer and route-rule targets. */
  siteLinks: SiteLinks
  /** Loads the client build manifest. */
  manifest: () => Promise<ClientManifest>
  /** Loads the feature flags (SPEC §7). */
  flags: () => Promise<Flags>
  /** Serves `/api/*` (prefix stripped) and `/textures/*`. */
  api: Backend
  /** Serves `/render` and `/render/*` (path kept). */
  render: Backend
  /** The embedded account site (src/accounts), served under `accountsMount`; absent when none runs here. */
  accounts?: Backend
  /** Path prefix of the embedded account site, e.g. `/accounts`. */
  accountsMount?: string
  /**
   * Trust `X-Forwarded-Proto` from the proxy in front (`TRUST_PROXY`): https there turns on HSTS and
   * Secure cookies (docs/operations.md "Security headers"). Workers see the visitor's https in the
   * request URL itself.
   */
  trustProxy?: boolean
  /** Origins the account site may redirect a signed-in visitor to (`ACCOUNT_REDIRECT_ORIGINS`; CSP form-action). */
  accountRedirectOrigins?: string[]
  /** Where "Sign In" and "Manage Account" go (SPEC §2 right drawer: the account site). */
  accountUrl: string
  /** The account API origin (SPEC §7), for token refreshes and notifications in the browser. */
  accountApiOrigin?: string
  /** The clock; injected so seasonal styling and the footer year are testable. */
  now: () => Date
  /**
   * Middleware that serves the client build and static files before any page (Bun). Absent on the
   * Worker, where Workers Static Assets answers those paths without running the app.
   */
  staticFiles?: MiddlewareHandler[]
  /**
   * Error monitoring (SPEC §9; `SENTRY_DSN`): absent by default, and then nothing of
   * it loads on the server or in the page.
   */
  monitoring?: MonitoringConfig
  /**
   * Largest body, in bytes, a request may declare in `Content-Length`; a larger one gets 413
   * `payload_too_large` before any route (middleware/body-cap.ts). Set by Bun
   * (1 MiB); absent on the Worker, where Cloudflare caps request bodies itself.
   */
  maxRequestBody?: number
}
