/**
 * The API Worker's environment (wrangler.api.toml) and the platform half of its
 * wiring: the ApiContext built from bindings and secrets, what ../wiring.ts builds from files and
 * bun:sqlite on Bun. Config goes through the same zod parser as on Bun (`apiConfigFromEnv`), from the
 * string entries of env (`[vars]`, `.dev.vars`, `--var`, secrets). Nothing here reads a file.
 * @module
 */
import type { D1Database, DurableObjectNamespace, Queue, R2Bucket } from '@cloudflare/workers-types'
import { createAltchaVerifierWithSecret } from '../antibot/altcha'
import { createNoAntiBot } from '../antibot/verifier'
import { apiConfigFromWorkerEnv, type ApiConfig } from '../config'
import { createSafeFetcher } from '../fetch/safe-fetch'
import { createIdentityResolver } from '../users/identity/identity'
import { createSigningPool, type SigningPool } from '../signing/pool/signing-pool'
import { createTokenBox } from '../signing/pool/token-box'
import { mojangSignerConfig } from '../signing/signer/mojang-signer-config'
import { createProfileService } from '../profiles/profile-service'
import type { ApiContext } from '../services/context'
import { createMojangSigner } from '../signing/signer/mojang-signer'
import { signerFromEnv } from '../signing/signer/secret-signer'
import type { Signer } from '../signing/signer/types'
import { createUpstreamSigner } from '../signing/signer/upstream-signer'
import { openD1Store } from '../store/d1-store'
import type { D1DatabaseLike } from '../store/sql'
import { createTextureHostFetcher } from '../texture-host'
import { durableRateLimiter } from './durable-rate-limiter'
import { durableSpentProofStore } from './durable-spent-proofs'
import type { WebhookMessage } from './queues-webhooks'
import type { JobMessage } from './queues-job-queue'
import { r2BlobStore } from './r2-blob-store'
import { oneLineError } from '../../shared/log/one-line'
import type { RateLimitObject } from './rate-limit-object'
import type { SpentProofObject } from './spent-proof-object'
import { createEventIds } from '../jobs/events/event-ids'
import type { JobEventsObject } from './job-events-object'

/** Bindings, variables and secrets of the API Worker. */
export interface ApiWorkerEnv {
  /** D1: the API's tables (`[[d1_databases]]`, migrations from migrations/d1). */
  DB: D1Database
  /** R2: uploaded originals and textures. */
  BLOBS: R2Bucket
  /** Producer of the job queue `skin-jobs`. */
  JOBS: Queue<JobMessage>
  /**
   * Producer of the webhook queue `skin-webhooks` (docs/webhooks.md): one message per due delivery
   * attempt. Unbound: no webhooks, and a job `callback` is 400 `callbacks_unavailable`.
   */
  WEBHOOKS?: Queue<WebhookMessage>
  /** Name of the webhook queue whose batches are deliveries (default `skin-webhooks`). */
  WEBHOOKS_QUEUE?: string
  /**
   * Bearer token of `/metrics` (a secret; docs/cloudflare.md "Metrics and logs"): the families the
   * database keeps. Unset, `/metrics` is not served.
   */
  METRICS_TOKEN?: string
  /** Durable Objects: rate limits and spent anti-bot proofs. */
  RATE_LIMITS: DurableObjectNamespace<RateLimitObject>
  SPENT_PROOFS: DurableObjectNamespace<SpentProofObject>
  /**
   * Durable Object: the job event stream's fan-out (src/api/cloudflare/job-events-object.ts). Unbound,
   * `GET /v2/queue/events` answers 501 `events_unavailable` and clients long-poll.
   */
  JOB_EVENTS?: DurableObjectNamespace<JobEventsObject>
  /** Seconds between the job event object's safety-net reads of the log while it holds streams (default 1; 0: none). */
  JOB_EVENTS_POLL_S?: string
  /** Secret: PKCS#8 PEM private key of the local signer (SIGNER=local). */
  SIGNING_KEY_PEM?: string
  /** Secret: HMAC key of anti-bot challenges (ANTIBOT=altcha), at least 32 characters. */
  ALTCHA_HMAC_KEY?: string
  /** Secret: HS256 key of the `ssg_api` session cookie (shared with whatever mints sessions). */
  API_SESSION_SECRET?: string
  /** How long a consumer's claim holds a job, seconds (default 120). */
  QUEUE_LEASE_S?: string
  /** Seconds before a message whose job hit an unexpected error is retried (default 10). */
  QUEUE_RETRY_DELAY_S?: string
  /** Name of the dead-letter queue whose batches fail their jobs (default `skin-jobs-dlq`). */
  JOBS_DEAD_LETTER_QUEUE?: string
  /** TEST ONLY: `1` makes the consumer throw once after claiming a job (test/worker/api-worker.test.ts). */
  TEST_CRASH_ONCE?: string
  /** TEST ONLY: jobs asking for this skin name fail on every attempt, to reach the dead-letter queue (src/api/worker.ts). */
  TEST_FAIL_JOBS_NAMED?: string
  /** TEST ONLY: `1` adds `x-d1-round-trips` to every answer (src/api/worker.ts). */
  TEST_COUNT_D1?: string
  /** TEST ONLY: `1` serves the job event object's counters and a restart of it under `/__test/job-events` (src/api/worker.ts). */
  TEST_JOB_EVENTS?: string
  /** Every other `[vars]` entry: the API configuration (src/api/config.ts). */
  [name: string]: unknown
}

/** A secret that must be set; the message says how. */
function secret(env: ApiWorkerEnv, name: 'ALTCHA_HMAC_KEY' | 'API_SESSION_SECRET', why: string): string {
  const value = env[name]
  if (typeof value !== 'string' || value.length < 32) {
    throw new Error(`The API Worker needs the ${name} secret (at least 32 characters) for ${why}: openssl rand -hex 32 | wrangler secret put ${name} -c wrangler.api.toml`)
  }
  return value
}

/** The configuration from the string entries of env (bindings are objects and are left out). */
export function workerConfig(env: ApiWorkerEnv): ApiConfig {
  return apiConfigFromWorkerEnv(env)
}

/** The configured signer, and with SIGNER=mojang the signing pool it draws from (its accounts and sealed tokens in D1). */
async function workerSigner(env: ApiWorkerEnv, config: ApiConfig, ctx: { sql: ApiContext['store']['sql']; now: () => number }): Promise<{ signer: Signer; signingPool?: SigningPool }> {
  switch (config.signer) {
    case 'local':
      return { signer: await signerFromEnv(env, { textureBaseUrl: config.textureBaseUrl, now: ctx.now }) }
    case 'mojang': {
      // Pool tokens are sealed with a key only the secret holds; Workers have no DATA_DIR for a key file.
      if (!config.pool.tokenKey) throw new Error('SIGNER=mojang on Workers needs the POOL_TOKEN_KEY secret: openssl rand -hex 32 | wrangler secret put POOL_TOKEN_KEY -c wrangler.api.toml')
      const signingPool = createSigningPool({ sql: ctx.sql, box: await createTokenBox(config.pool.tokenKey), config: config.pool, now: ctx.now, managerUrl: `${config.publicUrl}/accounts/signing-accounts`, report: (e) => console.error(`[api-worker] pool: ${oneLineError(e)}`) })
      // Seals tokens an older version stored in clear and reads the capacity `/v2/delay` and `eta` follow.
      // No timers: a Worker keeps none between requests; the Cron Trigger runs the refresher (src/api/worker.ts).
      await signingPool.start({ refresh: false })
      return { signer: createMojangSigner(mojangSignerConfig(config, signingPool, ctx.now)), signingPool }
    }
    case 'upstream':
      if (!config.upstream.origin) throw new Error('SIGNER=upstream needs UPSTREAM_ORIGIN')
      return { signer: createUpstreamSigner({ origin: config.upstream.origin, apiKey: config.upstream.apiKey, now: ctx.now }) }
  }
}

/** The API Worker's context: the ApiContext, with the whole signing pool (its refresher too) when it signs. */
export type WorkerContext = ApiContext & { signingPool?: SigningPool }

/** Builds the ApiContext of the API Worker from its env. */
export async function workerContext(env: ApiWorkerEnv): Promise<WorkerContext> {
  const config = workerConfig(env)
  const now = Date.now
  const store = openD1Store(env.DB as unknown as D1DatabaseLike)
  const { signer, signingPool } = await workerSigner(env, config, { sql: store.sql, now })
  const sessionSecret = secret(env, 'API_SESSION_SECRET', 'session cookies')
  return {
    config,
    store,
    blobs: r2BlobStore(env.BLOBS),
    signer,
    ...(signingPool ? { signingPool } : {}),
    profiles: createProfileService({ apiBase: config.mojang.apiBase, sessionBase: config.mojang.sessionBase, timeoutMs: config.fetch.timeoutMs }),
    // Workers refuse private networks themselves and have no DNS API (src/server/worker.ts says the same
    // for textures): same limits, no resolution.
    fetchImage: createSafeFetcher({
      timeoutMs: config.fetch.timeoutMs,
      allowPrivateHosts: config.fetch.allowPrivateHosts,
      platformBlocksPrivate: true,
      userAgent: 'SkinSignatureGenerator/1 (+API Worker)',
    }),
    fetchTexture: createTextureHostFetcher({ base: config.mojang.texturesBase, timeoutMs: config.fetch.timeoutMs }),
    antibot:
      config.antibot.kind === 'off'
        ? createNoAntiBot()
        : createAltchaVerifierWithSecret({
            secret: secret(env, 'ALTCHA_HMAC_KEY', 'anti-bot challenges'),
            spent: durableSpentProofStore(env.SPENT_PROOFS),
            minCounter: config.antibot.minCounter,
            maxCounter: config.antibot.maxCounter,
          }),
    limiter: durableRateLimiter(env.RATE_LIMITS),
    resolveIdentity: createIdentityResolver({ db: store.db, config, sessionSecret, now }),
    eventIds: createEventIds(sessionSecret),
    now,
    random: Math.random,
    workerName: 'cloudflare-worker',
  }
}
