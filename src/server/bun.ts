/**
 * Bun entry (DESIGN.md §1): the one place that wires the embedded API and renderer into the process.
 * Serves `/assets/*` as immutable files, the copied `static/` files (both with the build's Brotli and
 * gzip copies), and the web app, whose HTML and JSON it compresses (on Workers the CDN does both).
 * `API_ORIGIN` / `RENDER_ORIGIN` switch to remote backends instead (DESIGN.md "three ways to run").
 *
 * Order matters (docs/signing.md "Starting and stopping"): the port is bound BEFORE the API's worker
 * loop and the signing pool's refresher start, because renewing a signing account's token spends its
 * refresh token — a second server that renewed and then died on a taken port would leave the running
 * one holding a spent token. On SIGINT/SIGTERM the server stops taking requests, then waits at most
 * SHUTDOWN_GRACE_MS for jobs and token renewals in flight, so a rotated refresh token is stored.
 * @module
 */
import { join } from 'node:path'
import { createAccountsApp } from '../accounts/app'
import { mailerFromEnv } from '../accounts/mail/mail-config'
import { apiConfigFromEnv, createBunAntiBot, createEmbeddedApi, loadSessionSecret, openStore, type ApiConfig, type BunStore, type EmbeddedApi } from '../api'
import { createSigningPool } from '../api/signing/pool/signing-pool'
import { textureKey } from '../api/blob/blob-store'
import { createSqliteBlobStore } from '../api/blob/sqlite-blob-store'
import { bunStorePurge } from '../api/store/purge'
import { wardrobeFromConfig } from '../api/wear/wardrobe-from-config'
import { loadTokenBox } from '../api/signing/pool/token-key-file'
import { warnIfDataDirOpen } from '../api/store/data-dir-modes'
import { PRODUCT_NAME } from '../shared/constants'
import { createRenderRoutes } from '../render'
import { clientManifestSchema, MANIFEST_PATH, type ClientManifest } from '../shared/client-manifest'
import { parseFlags } from '../shared/flags'
import { createApp } from './app'
import type { Backend } from './app-options'
import { backupsDir, latestSnapshot } from '../api/store/backup'
import { parseServerEnv, parseSiteLinks } from './config'
import { monitoringConfig } from './edge/monitoring'
import { remoteBackend } from './proxy/remote-backend'
import { isEventStreamRequest } from './proxy/event-stream-request'
import { servedAnswer } from './static/served-answer'
import { staticFiles } from './static/static-files'
import { createObservability } from './observe/observability'
import { createUpstreamProbe } from '../api/health/upstream-probe'
import { withDeadline } from '../api/health/check'
import { checkDatabase } from '../api/health/database-check'
import { READINESS_TIMEOUT_MS } from '../api/health/readiness'
import { UNMATCHED_ROUTE } from '../shared/observe/request-facts'

const ROOT = join(import.meta.dir, '../..')
const DIST = join(ROOT, 'dist/client')

/** Reads the client manifest; a missing build gets a message that says what to run. */
async function readManifest(): Promise<ClientManifest> {
  const file = Bun.file(join(DIST, MANIFEST_PATH))
  if (!(await file.exists())) throw new Error('dist/client/manifest.json is missing: run `bun run build` first')
  return clientManifestSchema.parse(await file.json())
}

/** Reads the flags file; missing or broken files give the documented defaults. */
async function readFlags(path: string) {
  const file = Bun.file(join(ROOT, path))
  return parseFlags((await file.exists()) ? await file.json().catch(() => ({})) : {})
}

/**
 * Outer cap of any request body: a larger declared `Content-Length` gets 413 `payload_too_large` in the
 * API's envelope from the app (middleware/body-cap.ts) before any route runs. The routes' own caps are
 * far smaller (src/api/routes/body.ts) and also hold for chunked bodies.
 */
const MAX_REQUEST_BODY = 1024 * 1024

/**
 * Bun's own `maxRequestBodySize`, lifted out of reach: Bun answers a body over it with a bare 413 and
 * an empty body, before the app runs, so the cap above is the app's to enforce.
 * Nothing is buffered by lifting it: every route that reads a body reads it as a capped stream, and a
 * body no route reads is dropped by Bun as it arrives.
 */
const BUN_BODY_LIMIT = Number.MAX_SAFE_INTEGER

/**
 * An answer that refuses a request with a body (413 over the cap, 408 too slow, any other error) may
 * leave body bytes unread on the socket; Bun would keep the connection and wait for them, so the
 * client got its 413 but the connection stayed held. `Connection: close` makes
 * Bun close it once the answer is sent. The body of a GET or HEAD is never handed to the app at all
 * (Bun drops it), so a GET sending an endless chunked body is answered and closed the same way.
 */
function closeAfterRefusal(request: Request, response: Response): Response {
  const hasBody = request.headers.has('transfer-encoding') || Number(request.headers.get('content-length') ?? 0) > 0
  const unread = hasBody && (request.method === 'GET' || request.method === 'HEAD')
  if (!(unread || response.status === 408 || response.status === 413 || (hasBody && response.status >= 400))) return response
  try {
    response.headers.set('Connection', 'close')
    return response
  } catch {
    // Headers of a proxied fetch() answer are immutable: copy them.
    const copy = new Response(response.body, response)
    copy.headers.set('Connection', 'close')
    return copy
  }
}

/**
 * How long a shutdown waits for jobs and token renewals in flight. A renewal is a handful of requests;
 * the one that matters (the refresh token exchange) is stored as soon as Microsoft answers. Service
 * managers send SIGKILL some seconds after SIGTERM (systemd: 90 s, Docker: 10 s), so stay below that.
 */
export const SHUTDOWN_GRACE_MS = 5000

/** The port is taken (another server runs there): the process exits with this message and starts nothing. */
export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(`Port ${port} on ${host} is already in use (is another Skin Signature Generator running?). Nothing was started: set PORT to a free port or stop the other server.`)
    this.name = 'PortInUseError'
  }
}

/**
 * The signing pool's account manager when the API runs elsewhere (API_ORIGIN) but shares this
 * DATA_DIR's database: owners still add and manage signing accounts here.
 */
async function remoteSigningPool(config: ApiConfig, store: BunStore) {
  return createSigningPool({
    sql: store.sql,
    box: await loadTokenBox(config.dataDir, config.pool.tokenKey),
    purge: bunStorePurge(store),
    config: config.pool,
    now: Date.now,
    managerUrl: `${config.publicUrl}/accounts/signing-accounts`,
  })
}

/** The wardrobe when the API runs elsewhere: the same SQLite file holds the links and the skins' PNGs. */
async function remoteWardrobe(config: ApiConfig, store: BunStore) {
  const blobs = createSqliteBlobStore(store.sqlite)
  return wardrobeFromConfig(config, {
    sql: store.sql,
    db: store.db,
    box: await loadTokenBox(config.dataDir, config.pool.tokenKey),
    loadTexture: async (hash) => (await blobs.get(textureKey(hash)))?.bytes ?? null,
    purge: bunStorePurge(store),
  })
}

/** Everything the Bun process runs, built from env; returned so tests can start and stop it. */
export async function createBunServer(env: Record<string, string | undefined> = process.env, opts: { logWrite?: (line: string) => void } = {}) {
  const config = parseServerEnv(env)
  const dev = config.NODE_ENV !== 'production'
  // Metrics, request ids and log lines (docs/operations.md "Health and metrics"); a static file is
  // answered before any route, so its route is named here.
  const observability = createObservability(config, {
    ...(opts.logWrite ? { write: opts.logWrite } : {}),
    fallbackRoute: (request) => (statics.has(new URL(request.url).pathname) ? 'static' : UNMATCHED_ROUTE),
  })
  const publicUrl = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`

  let embedded: EmbeddedApi | undefined
  let accountsStore: BunStore | undefined
  let api: Backend
  const apiConfig = apiConfigFromEnv({ ...env, PUBLIC_URL: publicUrl })
  if (config.API_ORIGIN) {
    api = remoteBackend(config.API_ORIGIN)
    // The account site keeps its users in the same SQLite file as the embedded API would.
    accountsStore = openStore(apiConfig.dataDir)
    // Ready: the account site's database takes writes and the API elsewhere answers.
    const sql = accountsStore.sql
    const remote = createUpstreamProbe({ origin: config.API_ORIGIN, now: Date.now })
    observability.setReadiness(async () => {
      const [database, apiCheck] = await Promise.all([withDeadline(() => checkDatabase(sql, Date.now()), READINESS_TIMEOUT_MS), withDeadline(() => remote.check(), READINESS_TIMEOUT_MS)])
      return { ready: database.ok && apiCheck.ok, checks: { database, api: apiCheck } }
    })
  } else {
    // The API adds its families to the process's registry, and a line per job under LOG_FORMAT=json.
    embedded = await createEmbeddedApi(apiConfig, {
      ...(observability.registry ? { metrics: observability.registry } : {}),
      ...(config.LOG_FORMAT === 'json' ? { jobLog: observability.logger } : {}),
    })
    const built = embedded
    observability.setReadiness(() => built.readiness())
    api = { fetch: embedded.fetch, inProcess: true, direct: embedded.direct }
  }
  // What the app creates in DATA_DIR is owner-only (docs/operations.md "Backups"); an existing folder
  // or file that others can read is left alone, and named here in one line with the chmod that fixes it.
  warnIfDataDirOpen(apiConfig.dataDir)

  let render: Backend
  if (config.RENDER_ORIGIN) {
    render = remoteBackend(config.RENDER_ORIGIN)
  } else {
    const renderApp = createRenderRoutes({
      loadTextureByHash: async (hash) => (embedded ? embedded.loadTexture(hash) : null),
      fetchTexture: async (url) => {
        if (embedded) return embedded.fetchImage(url)
        const response = await fetch(url)
        if (!response.ok) throw new Error(`texture fetch failed: ${response.status}`)
        return new Uint8Array(await response.arrayBuffer())
      },
      localTextureOrigins: [publicUrl],
    })
    render = { fetch: (request) => Promise.resolve(renderApp.fetch(request)) }
  }

  // In development the client build may change under a running server, so read the manifest each time.
  let manifest: Promise<ClientManifest> | undefined
  const loadManifest = () => (dev ? readManifest() : (manifest ??= readManifest()))

  // The embedded account site (src/accounts) under ACCOUNT_ORIGIN's path, sharing the API's database and session secret.
  const accountsMount = config.ACCOUNT_ORIGIN.startsWith('/') ? config.ACCOUNT_ORIGIN : new URL(config.ACCOUNT_ORIGIN).pathname.replace(/\/+$/, '') || '/accounts'
  const mailer = mailerFromEnv(env, publicUrl, PRODUCT_NAME)
  const accountsApp = createAccountsApp({
    db: embedded?.db ?? accountsStore!.db,
    sessionSecret: loadSessionSecret(apiConfig.dataDir),
    appOrigin: publicUrl,
    basePath: config.ACCOUNT_ORIGIN,
    extraRedirectOrigins: (config.ACCOUNT_REDIRECT_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    secureCookies: publicUrl.startsWith('https:'),
    manifest: loadManifest,
    // Confirmation and recovery mail (SMTP_URL, else the log) and the credential forms' anti-bot proofs
    // (docs/operations.md "Account security").
    mailer,
    bodyTimeoutMs: apiConfig.bodyTimeoutMs,
    antibot: embedded?.antibot ?? createBunAntiBot(apiConfig, accountsStore!.sqlite),
    // The account manager of signing accounts (docs/signing.md), over the same database as the pool that signs.
    pool: (embedded?.signingPool ?? (await remoteSigningPool(apiConfig, accountsStore!))).manager,
    // Users' own linked Minecraft accounts ("Wear it", docs/wear.md), over the same database and token key.
    wardrobe: embedded?.wardrobe ?? (await remoteWardrobe(apiConfig, accountsStore!)),
    // Webhooks on the keys page (docs/webhooks.md): the fetcher's URL rules; "Send a test event" wakes the
    // embedded delivery loop (an API elsewhere on this DATA_DIR finds the row at its next poll).
    webhooks: { rules: { allowPrivateHosts: apiConfig.fetch.allowPrivateHosts }, wake: () => embedded?.webhooks.wake(), box: await loadTokenBox(apiConfig.dataDir, apiConfig.pool.tokenKey) },
    // The operator console's admins by configuration (ADMIN_EMAILS).
    adminEmails: apiConfig.adminEmails,
    // What the console's site status page reports of the API's configuration.
    siteStatus: {
      signer: { kind: apiConfig.signer, origin: apiConfig.signer === 'upstream' ? (apiConfig.upstream.origin ?? null) : null },
      storageBudgetBytes: apiConfig.storageBudgetBytes,
      backupsDir: backupsDir(apiConfig.dataDir),
      lastBackup: () => latestSnapshot(backupsDir(apiConfig.dataDir)),
    },
  })
  const flags = readFlags(config.FLAGS_FILE)
  // Listed once here: a page request never touches the file system for it.
  const statics = staticFiles({ root: DIST, dev })
  const web = createApp({
    dev,
    publicUrl: config.PUBLIC_URL,
    siteLinks: parseSiteLinks(config.SITE_LINKS_JSON),
    manifest: loadManifest,
    flags: () => (dev ? readFlags(config.FLAGS_FILE) : flags),
    api,
    render,
    accounts: { fetch: async (request) => accountsApp.fetch(request) },
    accountsMount,
    trustProxy: config.TRUST_PROXY,
    accountRedirectOrigins: (config.ACCOUNT_REDIRECT_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    accountUrl: config.ACCOUNT_URL,
    accountApiOrigin: config.ACCOUNT_API_ORIGIN,
    now: () => new Date(),
    staticFiles: [statics.handler],
    monitoring: monitoringConfig(config.SENTRY_DSN, dev),
    maxRequestBody: MAX_REQUEST_BODY,
  })

  /** Settles once start() has prepared the embedded API; every request waits for it. */
  let ready: Promise<void> = Promise.resolve()
  let metricsServer: ReturnType<typeof Bun.serve> | undefined

  return {
    config,
    app: web,
    /**
     * Binds the HTTP server, then starts the API's worker loop and the signing pool's refresher (module
     * comment: nothing that renews a token runs before the port is ours). Throws PortInUseError.
     */
    async start() {
      let server: ReturnType<typeof Bun.serve>
      try {
        server = serve()
      } catch (e) {
        if ((e as { code?: string }).code === 'EADDRINUSE') throw new PortInUseError(config.HOST, config.PORT)
        throw e
      }
      // Requests that arrive meanwhile wait for the database to be migrated (and a new one seeded)
      // instead of reading a half-made one.
      const started = embedded?.start() ?? Promise.resolve()
      ready = started.catch(() => {})
      await started
      if (config.METRICS_PORT) metricsServer = serveMetrics(config.METRICS_PORT)
      console.log(`Skin Signature Generator listening on http://${server.hostname}:${server.port}${dev ? ' (development)' : ''}`)
      if (metricsServer) console.log(`[metrics] /metrics, /healthz and /readyz on http://${metricsServer.hostname}:${metricsServer.port}`)
      if (mailer.kind === 'log') console.log('[mail] SMTP_URL is not set: sign-up confirmations and password resets are written to this log, not sent (README "Accounts")')
      return server
    },
    /** Stops the API's worker loop and the pool's refresher (waits for running jobs and renewals) and closes the database. */
    async stop() {
      void metricsServer?.stop()
      observability.stop()
      await embedded?.stop()
      accountsStore?.close()
    },
    observability,
    /** The embedded API (absent with API_ORIGIN), for tests that reach behind the HTTP surface. */
    embedded,
  }

  /** The metrics port: the operator endpoints without a token (docs/operations.md "Health and metrics"). */
  function serveMetrics(port: number) {
    return Bun.serve({ port, hostname: config.METRICS_HOST, fetch: async (request) => observability.metricsPort(request) })
  }

  /** The HTTP server on PORT (throws with code EADDRINUSE when it is taken). */
  function serve() {
    return Bun.serve({
      port: config.PORT,
      hostname: config.HOST,
      idleTimeout: 30,
      maxRequestBodySize: BUN_BODY_LIMIT,
      async fetch(request, bunServer) {
        await ready
        // An event stream stays open on its keep-alives; Bun's idle timeout would cut it (./proxy/event-stream-request.ts).
        if (isEventStreamRequest(request)) bunServer.timeout(request, 0)
        // The embedded API keys anonymous rate limits on X-Forwarded-For: only a trusted proxy may set it.
        if (!config.TRUST_PROXY) {
          request.headers.delete('x-real-ip')
          const address = bunServer.requestIP(request)?.address
          if (address) request.headers.set('x-forwarded-for', address)
          else request.headers.delete('x-forwarded-for')
        }
        // Static files bring their precompressed copies; everything else is compressed here; a HEAD
        // gets exactly the GET's headers (./static/served-answer.ts). Counted and logged as one request.
        return closeAfterRefusal(request, await observability.observe(request, (r) => servedAnswer(r, { fetch: (inner) => web.fetch(inner), isStatic: (path) => statics.has(path) })))
      },
    })
  }
}

if (import.meta.main) {
  const server = await createBunServer()
  let http: Awaited<ReturnType<typeof server.start>>
  try {
    http = await server.start()
  } catch (e) {
    if (!(e instanceof PortInUseError)) throw e
    console.error(e.message)
    await server.stop()
    process.exit(1)
  }
  let stopping = false
  const shutdown = async () => {
    // A second Ctrl-C does not wait any longer.
    if (stopping) process.exit(1)
    stopping = true
    void http.stop()
    const done = await Promise.race([server.stop().then(() => true), Bun.sleep(SHUTDOWN_GRACE_MS).then(() => false)])
    if (!done) {
      console.error(
        `[server] stopped after ${SHUTDOWN_GRACE_MS / 1000} s with work in flight: unfinished jobs are queued again at the next start; ` +
          'a signing account whose token renewal was still waiting for Microsoft may need a new sign-in (bun run pool -- list)',
      )
    }
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}
