/**
 * Cloudflare Workers entry (DESIGN.md §1, reference/stack.md §1.5, §6.3): the same web app on workerd.
 * `/assets/*` and the static files are served by Workers Static Assets without running this code
 * (`run_worker_first` in wrangler.toml); the API and renderer come from configured origins, or the
 * pure-TS renderer runs here reading textures from the API origin.
 * @module
 */
import type { ExecutionContext, Fetcher } from '@cloudflare/workers-types'
import { createRenderRoutes } from '../render'
import { clientManifestSchema, MANIFEST_PATH, type ClientManifest } from '../shared/client-manifest'
import { DEFAULT_FLAGS, parseFlags, type Flags } from '../shared/flags'
import { createApp } from './app'
import type { Backend } from './app-options'
import { parseSiteLinks } from './config'
import { remoteBackend } from './proxy/remote-backend'

/** Bindings and variables of the Worker (wrangler.toml `[vars]`, `[assets]`). */
export interface WorkerEnv {
  /** Workers Static Assets: dist/client (assets, static files, manifest). */
  ASSETS: Fetcher
  /** The MineSkin-compatible API this front end uses (required for API calls). */
  API_ORIGIN?: string
  /** A renderer origin; the in-Worker renderer when unset. */
  RENDER_ORIGIN?: string
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
}

const ASSET_ORIGIN = 'https://assets.invalid'
const MAX_TEXTURE_BYTES = 20_000

/** Answers 503 with the v2 error envelope when no API origin is configured. */
const missingApi: Backend = {
  fetch: async () =>
    Response.json({ success: false, errors: [{ code: 'service_unavailable', message: 'API_ORIGIN is not configured for this Worker' }] }, { status: 503 }),
}

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
  const api = env.API_ORIGIN ? remoteBackend(env.API_ORIGIN) : missingApi
  const apiOrigin = env.API_ORIGIN?.replace(/\/+$/, '')
  const render: Backend = env.RENDER_ORIGIN
    ? remoteBackend(env.RENDER_ORIGIN)
    : (() => {
        const routes = createRenderRoutes({
          loadTextureByHash: async (hash) => (apiOrigin ? readTexture(await fetch(`${apiOrigin}/textures/${hash}`)) : null),
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
    render,
    accountUrl: env.ACCOUNT_URL ?? '/account',
    accountApiOrigin: env.ACCOUNT_API_ORIGIN,
    now: () => new Date(),
  })
}

let cached: { env: WorkerEnv; app: ReturnType<typeof buildApp> } | undefined

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    if (!cached || cached.env !== env) cached = { env, app: buildApp(env) }
    return cached.app.fetch(request, env, ctx)
  },
}
