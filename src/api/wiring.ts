/**
 * Builds every service of the embedded API from config (no globals): store, blobs, signer,
 * profile service, fetchers, anti-bot verifier, limiter, identity, generator, queue, lists,
 * stats. Shared by `createEmbeddedApi` and the seed CLI. This is the Bun half (bun:sqlite store,
 * SQLite blobs, in-process limiter); ./wire-services.ts builds the rest on any platform's store.
 * @module
 */
import { hostname } from 'node:os'
import { createAltchaVerifier } from './antibot/altcha-verifier'
import { createNoAntiBot, type AntiBotVerifier } from './antibot/verifier'
import { textureKey } from './blob/blob-store'
import { createSqliteBlobStore } from './blob/sqlite-blob-store'
import type { ApiConfig } from './config'
import { createSafeFetcher } from './fetch'
import { createIdentityResolver, loadSessionSecret } from './users/identity'
import { oneLineError } from '../shared/log/one-line'
import { createRateLimiter } from '../shared/rate-limiter'
import { createProfileService } from './profiles'
import type { ApiServices } from './services'
import type { ApiContext } from './services/context'
import { createSigner } from './signing/signer-factory'
import { createSigningPool, type SigningPool } from './signing/pool/signing-pool'
import type { Wardrobe } from './wear/wardrobe'
import { bunStorePurge } from './store/purge'
import { wardrobeFromConfig } from './wear/wardrobe-from-config'
import { loadTokenBox } from './signing/pool/token-key-file'
import type { Signer } from './signing/signer'
import type { Counters } from './services/stats/counters'
import type { LocalJobQueue } from './jobs/queue/job-queue'
import { openStore, type BunStore } from './store/db'
import { createTextureHostFetcher } from './texture-host'
import { wireServices } from './wire-services'
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks/dispatcher'
import { createJobWebhooks } from './webhooks/job-events'
import type { Database } from 'bun:sqlite'
import { createEventIds } from './jobs/events/event-ids'
import type { MetricsRegistry } from '../shared/metrics/registry'
import { NO_API_COUNTERS, type ApiCounters } from './metrics/api-counters'
import { registerApiMetrics } from './metrics/bun-metrics'
import { jobLogFields, type JobLogJob } from './jobs/job-log-line'
import type { Logger } from '../shared/log/logger'

/** The anti-bot verifier `config` names, with spent proofs in `sqlite` (the API and the account site share it). */
export function createBunAntiBot(config: ApiConfig, sqlite: Database): AntiBotVerifier {
  if (config.antibot.kind === 'off') return createNoAntiBot()
  return createAltchaVerifier({ dataDir: config.dataDir, sqlite, minCounter: config.antibot.minCounter, maxCounter: config.antibot.maxCounter })
}

/** Injectable dependencies (tests: clock, randomness, stand-ins). */
export interface EmbeddedApiDeps {
  now?: () => number
  random?: () => number
  /** Use this signer instead of the one `config.signer` names. */
  signer?: Signer
  /** fetch used for the profile service, the texture host, remote signers and the URL fetcher. */
  fetch?: typeof fetch
  /** DNS resolver of the SSRF-safe fetcher. */
  resolve?: (host: string) => Promise<string[]>
  /** Anti-bot verifier instead of the configured one. */
  antibot?: AntiBotVerifier
  /** Queue poll interval for jobs written by other processes, ms (0 disables); also the webhook loop's poll for due deliveries. */
  queuePollMs?: number
  /** Reports errors that were not ApiErrors (default: console.error). */
  onUnexpectedError?: (e: unknown) => void
  /** Resolves after `ms`: the `/v2/generate` deadline (tests inject one that does not use the wall clock). */
  wait?: (ms: number) => Promise<void>
  /** Runs `tick` every `ms` until stopped: the event stream's keep-alives and log poll (tests drive it by hand). */
  every?: (ms: number, tick: () => void) => () => void
  /**
   * The process's metrics registry: the API adds its families and counters to it (src/api/metrics,
   * docs/operations.md "Metrics"). One API per registry (a second would declare the same counters).
   */
  metrics?: MetricsRegistry
  /** Where a line per finished job goes (docs/operations.md "Logs"); the Bun entry's logger under LOG_FORMAT=json. */
  jobLog?: Logger
}

/** The wired services plus what the entry points need besides them. */
export interface Wiring {
  services: ApiServices
  /** The in-process job queue under `services.queue` (started, stopped and drained by createEmbeddedApi). */
  queue: LocalJobQueue
  /** The bun:sqlite store under `services.ctx.store` (the account site shares its database). */
  store: BunStore
  counters: Counters
  report: (e: unknown) => void
  /** Fetches a texture by hash from the configured texture host. */
  fetchTexture: (hash: string) => Promise<Uint8Array>
  /** The Mojang signing pool: the account manager works whichever signer signs. */
  signingPool: SigningPool
  /** Users' own linked Minecraft accounts ("Wear it", docs/wear.md); the account site drives it. */
  wardrobe: Wardrobe
  /** The webhook delivery loop (docs/webhooks.md), started and stopped with the queue. */
  webhooks: WebhookDispatcher
  /** The in-process metrics counters' hooks (counting nothing without `deps.metrics`). */
  apiCounters: ApiCounters
}

/** Builds the services (opens the database and applies migrations). */
export async function createApiServices(config: ApiConfig, deps: EmbeddedApiDeps = {}): Promise<Wiring> {
  const now = deps.now ?? Date.now
  const random = deps.random ?? Math.random
  const report = deps.onUnexpectedError ?? ((e: unknown) => console.error(`[api] ${oneLineError(e)}`))
  const store = openStore(config.dataDir)
  const blobs = createSqliteBlobStore(store.sqlite, now)
  const box = await loadTokenBox(config.dataDir, config.pool.tokenKey)
  const signingPool = createSigningPool({
    sql: store.sql,
    box,
    purge: bunStorePurge(store),
    config: config.pool,
    now,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    managerUrl: `${config.publicUrl}/accounts/signing-accounts`,
    report,
  })
  const signer = deps.signer ?? (await createSigner(config, { signingPool, now, fetch: deps.fetch }))
  const safeFetch = createSafeFetcher({
    timeoutMs: config.fetch.timeoutMs,
    allowPrivateHosts: config.fetch.allowPrivateHosts,
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    userAgent: 'SkinSignatureGenerator/1 (+embedded API)',
  })
  const fetchTexture = createTextureHostFetcher({ base: config.mojang.texturesBase, timeoutMs: config.fetch.timeoutMs, fetch: deps.fetch })
  const sessionSecret = loadSessionSecret(config.dataDir)
  const ctx: ApiContext = {
    config,
    store,
    blobs,
    signer,
    profiles: createProfileService({
      apiBase: config.mojang.apiBase,
      sessionBase: config.mojang.sessionBase,
      timeoutMs: config.fetch.timeoutMs,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    }),
    fetchImage: safeFetch,
    fetchTexture,
    antibot: deps.antibot ?? createBunAntiBot(config, store.sqlite),
    limiter: createRateLimiter(),
    resolveIdentity: createIdentityResolver({ db: store.db, config, sessionSecret, now }),
    eventIds: createEventIds(sessionSecret),
    now,
    random,
    workerName: hostname(),
    ...(signer.kind === 'mojang' ? { signingPool } : {}),
  }
  // Webhooks go to the same public hosts image URLs may come from (the fetcher's SSRF rules, docs/webhooks.md).
  const webhookRules = {
    allowPrivateHosts: config.fetch.allowPrivateHosts,
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
  }
  // Set once the services exist (the event stream gauge reads their hub); the dispatcher calls it later.
  let apiCounters: ApiCounters = NO_API_COUNTERS
  const webhooks = createWebhookDispatcher({
    sql: store.sql,
    now,
    random,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    rules: webhookRules,
    ...(deps.queuePollMs !== undefined ? { pollMs: deps.queuePollMs } : {}),
    keysUrl: `${config.publicUrl}/accounts/keys`,
    report,
    box,
    onAttempt: (outcome) => apiCounters.webhookAttempt(outcome),
  })
  const jobWebhooks = createJobWebhooks({ store, dispatcher: webhooks, rules: webhookRules, now, report })
  const { services, counters, queue } = wireServices(ctx, {
    report,
    queuePollMs: deps.queuePollMs,
    ...(deps.wait ? { wait: deps.wait } : {}),
    ...(deps.every ? { every: deps.every } : {}),
    webhooks: jobWebhooks,
    ...(deps.jobLog ? { onJobFinished: (job: JobLogJob) => deps.jobLog!.info('job', jobLogFields(job)) } : {}),
  })
  const wardrobe = wardrobeFromConfig(config, {
    sql: store.sql,
    db: store.db,
    box,
    loadTexture: async (hash) => (await blobs.get(textureKey(hash)))?.bytes ?? null,
    purge: bunStorePurge(store),
    now,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  })
  if (deps.metrics) {
    apiCounters = registerApiMetrics(deps.metrics, {
      sql: store.sql,
      storageBudgetBytes: config.storageBudgetBytes,
      ...(signer.kind === 'mojang' ? { poolCounts: () => signingPool.manager.counts() } : {}),
      dataDir: config.dataDir,
      ...(services.events?.hub ? { eventStreamsOpen: services.events.hub.open } : {}),
    })
  }
  return { services, queue, store, counters, report, fetchTexture, signingPool, wardrobe, webhooks, apiCounters }
}

