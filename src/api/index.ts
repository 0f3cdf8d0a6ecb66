/**
 * The embedded, MineSkin-v2-compatible skin API (DESIGN.md §1 "src/api"). `createEmbeddedApi`
 * wires config, SQLite store, blob store, signer, profile service, safe fetcher, anti-bot
 * verifier, rate limiter, durable queue and routes; the web app mounts `fetch` under `/api`.
 * @module
 */
import { createApiApp } from './app'
import { createDirectApi, type DirectApi } from './direct'
import { textureKey } from './blob/blob-store'
import type { ApiConfig } from './config'
import { textureHashFromUrl } from './fetch'
import { canonicalTextureHash, isTextureHash } from './image'
import { seedIfEmpty } from './seed/seed-if-empty'
import { applyTagThreshold } from './skins/community/tags'
import type { AntiBotVerifier } from './antibot/verifier'
import type { BunDb } from './store/db'
import { createApiServices, type EmbeddedApiDeps } from './wiring'
import type { SigningPool } from './signing/pool/signing-pool'
import type { Wardrobe } from './wear/wardrobe'
import type { WebhookDispatcher } from './webhooks/dispatcher'
import type { ApiServices } from './services'
import { checkReadiness, type Readiness } from './health/readiness'
import { createUpstreamProbe } from './health/upstream-probe'

export { apiConfigFromEnv, apiConfigSchema, type ApiConfig } from './config'
export { createApiKey, loadSessionSecret, SESSION_COOKIE, signApiSession, verifyApiSession } from './users/identity'
export { createBunAntiBot, type EmbeddedApiDeps } from './wiring'
export type { DirectApi, DirectCaller, DirectResult } from './direct'
export { openStore, type BunDb, type BunStore, type Db, type Store } from './store/db'
export type { Check, Readiness } from './health/readiness'

/** The embedded API as the web app uses it. */
export interface EmbeddedApi {
  /** Handles a request whose path is relative to the API root: /v2/..., /validate/..., /random-name, /textures/{hash}, ... */
  fetch(req: Request): Promise<Response>
  /** Texture PNG by (63/64-char) hash from the blob store, or null. No network. (Renderer uses it.) */
  loadTexture(hash: string): Promise<Uint8Array | null>
  /** The API's SSRF-safe fetcher returning bytes (renderer uses it for foreign texture URLs). */
  fetchImage(url: string): Promise<Uint8Array>
  /** Migrates, re-queues jobs a crash left `processing`, starts the worker loop, seeds the demo set if the DB is empty. */
  start(): Promise<void>
  /** Stops the worker loop and the pool's refresher (waits for in-flight jobs and token renewals) and closes the DB. */
  stop(): Promise<void>
  /** Resolves once the queue has no waiting or running job (tests drain the queue with it). */
  idle(): Promise<void>
  /** The open database: the embedded account site (src/accounts) keeps its users and sessions there. */
  db: BunDb
  /** The GETs server renders call, answered in-process without HTTP (src/api/direct). */
  direct: DirectApi
  /** The anti-bot verifier; the account site's credential forms use it too. */
  antibot: AntiBotVerifier
  /** The Mojang signing pool; the account site's account manager drives its `manager`. */
  signingPool: SigningPool
  /** Users' own linked Minecraft accounts; the account site's "Minecraft account" page drives it (docs/wear.md). */
  wardrobe: Wardrobe
  /**
   * The webhook delivery loop (docs/webhooks.md): the account site wakes it after "Send a test event";
   * tests move the clock and call `runDue()`.
   */
  webhooks: WebhookDispatcher
  /** The wired services: tests and the bench read the job event stream's hub (`events`) there. */
  services: ApiServices
  /**
   * Whether the API can do its work (`GET /readyz`): the database takes a write, the blob store answers,
   * the signer can sign; each check bounded to 2 s, a failed one with its reason (src/api/health).
   */
  readiness(): Promise<Readiness>
}

/** Builds the embedded API over `config` (opens the database and applies migrations; `start()` runs the worker). */
export async function createEmbeddedApi(config: ApiConfig, deps: EmbeddedApiDeps = {}): Promise<EmbeddedApi> {
  const { services, queue, store, counters, report, fetchTexture, signingPool, wardrobe, webhooks, apiCounters } = await createApiServices(config, deps)
  const { ctx } = services
  const { blobs } = ctx
  const app = createApiApp(services, { onUnexpectedError: report, onRefused: apiCounters.refused })
  const upstream =
    ctx.signer.kind === 'upstream' && config.upstream.origin
      ? createUpstreamProbe({ origin: config.upstream.origin, apiKey: config.upstream.apiKey, now: ctx.now, ...(deps.fetch ? { fetch: deps.fetch } : {}) })
      : undefined
  const readinessDeps = {
    sql: store.sql,
    blobs,
    signer: ctx.signer,
    pool: { capacity: () => signingPool.capacity(), counts: () => signingPool.manager.counts() },
    ...(upstream ? { upstream } : {}),
    now: ctx.now,
  }
  let stopped = false
  return {
    fetch: async (req) => app.fetch(req),
    async loadTexture(hash) {
      const h = hash.toLowerCase()
      if (!isTextureHash(h)) return null
      return (await blobs.get(textureKey(canonicalTextureHash(h))))?.bytes ?? null
    },
    async fetchImage(url) {
      // Mojang texture URLs and our own come from the blob store or the configured texture host.
      const hash = textureHashFromUrl(url, [config.publicUrl])
      if (hash) return (await blobs.get(textureKey(hash)))?.bytes ?? (await fetchTexture(hash))
      return (await ctx.fetchImage(url)).bytes
    },
    async start() {
      await applyTagThreshold(store.db, config.tagVisibleThreshold)
      await signingPool.start({ refresh: ctx.signer.kind === 'mojang' })
      await queue.start()
      await webhooks.start()
      await seedIfEmpty(ctx, counters, config.demoSkins)
    },
    async stop() {
      if (stopped) return
      stopped = true
      // Open event streams end first: a client reconnects elsewhere (or later) and resumes.
      services.events?.hub?.stop()
      // Together: no new job is claimed and no new refresher round starts while the others finish.
      await Promise.all([queue.stop(), signingPool.stop(), webhooks.stop()])
      store.close()
    },
    idle: () => queue.idle(),
    db: store.db,
    direct: createDirectApi(services, report),
    antibot: ctx.antibot,
    signingPool,
    wardrobe,
    webhooks,
    services,
    readiness: () => checkReadiness(readinessDeps),
  }
}
