/**
 * Cloudflare Workers entry (DESIGN.md §1, reference/stack.md §1.5, §6.3): the same web app on workerd.
 * `/assets/*` and the static files are served by Workers Static Assets without running this code
 * (`run_worker_first` in wrangler.toml). The API, renderer and account site come from service bindings
 * (`API`, `RENDER`, `ACCOUNTS`: other Workers, no public hop) or configured origins (docs/cloudflare.md
 * "The web Worker"); without a renderer the pure-TS one runs here, reading textures from the API.
 * @module
 */
import type { ExecutionContext, Fetcher } from '@cloudflare/workers-types'
import { createRenderRoutes } from '../render'
import { clientManifestSchema, MANIFEST_PATH, type ClientManifest } from '../shared/client-manifest'
import { DEFAULT_FLAGS, parseFlags, type Flags } from '../shared/flags'
import { createApp } from './app'
import type { Backend } from './app-options'
import { parseSiteLinks } from './config'
import { monitoringConfig } from './edge/monitoring'
import { cachedRenderBackend, defaultEdgeCache } from './edge/render-cache'
import { BINDING_BASE, missingApi, MISSING_API_MESSAGE, serviceBackend } from './proxy/service-backend'
import { withEdgeClientAddress } from '../shared/edge-client-address'
import { ROUTE_HEADER } from '../shared/observe/request-facts'
import type { AnalyticsDataset } from './observe/analytics-engine-metrics'
import { workerObserve } from './observe/worker-observe'

/** Bindings and variables of the Worker (wrangler.toml `[vars]`, `[assets]`). */
export interface WorkerEnv {
  /** Workers Static Assets: dist/client (assets, static files, manifest). */
  ASSETS: Fetcher
  /** Service binding to the API Worker (wrangler.toml [env.stack]); wins over `API_ORIGIN`. */
  API?: Fetcher
  /** A MineSkin-compatible API origin, used when `API` is not bound. One of the two is required. */
  API_ORIGIN?: string
  /** Service binding to a render Worker; wins over `RENDER_ORIGIN`. */
  RENDER?: Fetcher
  /** A renderer origin; the in-Worker renderer when neither is set. */
  RENDER_ORIGIN?: string
  /** Service binding to an account-site Worker, served under `/accounts`; wins over `ACCOUNTS_ORIGIN`. */
  ACCOUNTS?: Fetcher
  /** An account site proxied under `/accounts` (e.g. a Bun instance's `https://host/accounts`). */
  ACCOUNTS_ORIGIN?: string
  /** Where 'Sign In' leads. */
  ACCOUNT_URL?: string
  /** The account API origin (token refresh, notifications). */
  ACCOUNT_API_ORIGIN?: string
  /** Public origin for canonical links. */
  PUBLIC_URL?: string
  /** Footer link overrides (JSON). */
  SITE_LINKS_JSON?: string
  /** `development` shows the Dev Mode chip. */
  ENVIRONMENT?: string
  /** Error monitoring DSN (SPEC §9; a secret: `wrangler secret put SENTRY_DSN`); off when unset. */
  SENTRY_DSN?: string
  /** `json`: one JSON line per request in the Worker's logs (docs/cloudflare.md "Metrics and logs"). */
  LOG_FORMAT?: string
  /** Workers Analytics Engine dataset for the HTTP figures (wrangler `[[analytics_engine_datasets]]`). */
  METRICS_DATASET?: AnalyticsDataset
}

const ASSET_ORIGIN = 'https://assets.invalid'
const MAX_TEXTURE_BYTES = 20_000

const ACCOUNTS_MOUNT = '/accounts'

async function readTexture(response: Response): Promise<Uint8Array> {
  if (!response.ok) throw new Error(`texture answered ${response.status}`)
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (bytes.length > MAX_TEXTURE_BYTES) throw new Error('texture is larger than 20000 bytes')
  return bytes
}

function buildApp(env: WorkerEnv) {
  const asset = (path: string) => env.ASSETS.fetch(ASSET_ORIGIN + path) as unknown as Promise<Response>
  let manifest: Promise<ClientManifest> | undefined
  let flags: Promise<Flags> | undefined
  const configuredApi = serviceBackend(env.API, env.API_ORIGIN)
  // Shown in the `wrangler dev` terminal (and Workers logs) once per isolate, beside every 503 page.
  if (!configuredApi) console.warn(`[worker] ${MISSING_API_MESSAGE}`)
  const api = configuredApi ?? missingApi
  const accounts = serviceBackend(env.ACCOUNTS, env.ACCOUNTS_ORIGIN)
  const render: Backend =
    serviceBackend(env.RENDER, env.RENDER_ORIGIN) ??
    (() => {
      const routes = createRenderRoutes({
        // Over the API's binding or origin, as `/textures/*` of the page is.
        loadTextureByHash: async (hash) => (configuredApi ? readTexture(await configuredApi.fetch(new Request(`${BINDING_BASE}/textures/${hash}`))) : null),
        // Workers cannot reach private networks, so a plain fetch with a size cap is safe here.
        fetchTexture: async (url) => readTexture(await fetch(url)),
        localTextureOrigins: env.PUBLIC_URL ? [env.PUBLIC_URL] : [],
      })
      return { fetch: (request: Request) => Promise.resolve(routes.fetch(request)) }
    })()
  return createApp({
    dev: env.ENVIRONMENT === 'development',
    publicUrl: env.PUBLIC_URL,
    siteLinks: parseSiteLinks(env.SITE_LINKS_JSON),
    manifest: () =>
      (manifest ??= asset(MANIFEST_PATH).then(async (r) => {
        if (!r.ok) throw new Error('manifest.json missing from the assets: the [build] command did not run')
        return clientManifestSchema.parse(await r.json())
      })),
    flags: () => (flags ??= asset('/flags.json').then((r) => (r.ok ? r.json().then(parseFlags) : DEFAULT_FLAGS), () => DEFAULT_FLAGS)),
    api,
    // Renders answered from and stored to caches.default (edge/render-cache.ts).
    render: cachedRenderBackend(render, defaultEdgeCache),
    accounts,
    accountsMount: ACCOUNTS_MOUNT,
    // A served account site is where 'Sign In' goes and whose API the browser calls, as on Bun.
    accountUrl: env.ACCOUNT_URL ?? (accounts ? ACCOUNTS_MOUNT : '/account'),
    accountApiOrigin: env.ACCOUNT_API_ORIGIN ?? (accounts ? ACCOUNTS_MOUNT : undefined),
    now: () => new Date(),
    monitoring: monitoringConfig(env.SENTRY_DSN, env.ENVIRONMENT === 'development'),
  })
}

let cached: { env: WorkerEnv; app: ReturnType<typeof buildApp> } | undefined

/**
 * The operator endpoints on the web Worker (docs/cloudflare.md "Metrics and logs"): `/healthz` is
 * answered here; `/readyz` and `/metrics` are the API Worker's, whose checks and figures are the
 * deployment's (its D1, R2 and signer), so they are asked of it over its binding.
 */
async function operatorAnswer(request: Request, env: WorkerEnv): Promise<Response | null> {
  const path = new URL(request.url).pathname
  if (path === '/healthz') return Response.json({ ok: true }, { headers: { 'cache-control': 'no-store', [ROUTE_HEADER]: '/healthz' } })
  if (path !== '/readyz' && path !== '/metrics') return null
  const api = serviceBackend(env.API, env.API_ORIGIN)
  if (!api) return Response.json({ ready: false, checks: { api: { ok: false, reason: MISSING_API_MESSAGE } } }, { status: 503, headers: { [ROUTE_HEADER]: path } })
  const answer = await api.fetch(new Request(`${BINDING_BASE}${path}`, { headers: request.headers }))
  const copy = new Response(answer.body, answer)
  copy.headers.set(ROUTE_HEADER, path)
  return copy
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    if (!cached || cached.env !== env) cached = { env, app: buildApp(env) }
    const app = cached.app
    return workerObserve(env, withEdgeClientAddress(request), async (r) => (await operatorAnswer(r, env)) ?? app.fetch(r, env, ctx))
  },
}
