/**
 * Configuration of the embedded skin API, parsed once from environment variables
 * (DESIGN.md §3 "Config comes from env vars parsed once by a zod schema"). Every default works
 * offline on a fresh machine.
 * @module
 */
import { z } from 'zod'
import { isSpkiKeyText, MOJANG_SIGNATURE_KEY_PEM, spkiPem } from './signing/signer/mojang-public-key'

const intFrom = (fallback: number, min = 0) =>
  z.coerce.number().int().min(min).default(fallback)

/** Grant values of one kind of caller (keys as MineSkin's grants, reference §1.8). */
export const grantsSchema = z.object({
  /** Seconds a caller must wait between two `/v2/generate` requests (0 = none). */
  delay: z.number().int().min(0),
  /** Generate/queue requests allowed per minute. */
  per_minute: z.number().int().min(0),
  /** Generate/queue requests allowed per hour. */
  per_hour: z.number().int().min(0),
  /** Jobs of this caller that may be pending (waiting or processing) at once. */
  concurrency: z.number().int().min(1),
  /** May create or switch to `private` skins (reference §1.5). */
  private_skins: z.boolean(),
  /** May attach a cape (reference §1.5). */
  capes: z.boolean(),
  /** Hours after creation during which the owner may edit a skin (reference §1.7). */
  skin_edit_duration: z.number().min(0),
  /** Hours after creation during which the owner may delete a skin (reference §1.7). */
  skin_delete_duration: z.number().min(0),
  /** `/v2/me/skins` lists all own skins, not only those of the last 3 months (reference §1.6). */
  skin_history_unlimited: z.boolean(),
  /** No advertising in the app; the avatar gets the 'member' style (SPEC §2). */
  ad_free: z.boolean(),
  /** May submit several skins in one batch (reference §1.8 grant keys). */
  batch_generation: z.boolean(),
  /**
   * KiB of new PNG data this caller may add to storage per UTC day (docs/operations.md, storage limits): images that are
   * already stored cost nothing; 0 allows only those. Over it → 429 `storage_quota` until 00:00 UTC.
   */
  storage_per_day: z.number().int().min(0),
  /** Sees every signing (pool) account in the account manager and may disable any. */
  pool_admin: z.boolean(),
  /** Moderates content: the report queue, hiding, removing, bans, the audit log. */
  moderator: z.boolean(),
  /** Runs the site: everything a moderator does, plus users, keys, grants, credits and site status. */
  admin: z.boolean(),
})
/** Grants of one caller. */
export type Grants = z.infer<typeof grantsSchema>

const csv = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []))

/** Raw environment shape; every field is a string as env vars are. docs/configuration.md is generated from it (test/docs/config-reference.ts). */
export const apiEnvSchema = z.object({
  /** Port of the web app; only used for the PUBLIC_URL default. */
  PORT: z.string().optional(),
  /** Folder for skins.db, the signing key, the session secret and the anti-bot key. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Public origin of the web app; texture URLs are `${PUBLIC_URL}/textures/{hash}`. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Comma-separated exact origins (`https://tools.example`) whose pages may call the API with the
   * visitor's cookies, besides PUBLIC_URL's own origin (src/api/routes/cors.ts).
   */
  CORS_ORIGINS: csv,
  /** Which signer makes the texture signatures (local RSA key, Mojang account pool, another API). */
  SIGNER: z.enum(['local', 'mojang', 'upstream']).default('local'),
  /** Origin of another MineSkin-compatible API (SIGNER=upstream). */
  UPSTREAM_ORIGIN: z.string().url().optional(),
  /** API key sent to the upstream API (SIGNER=upstream). */
  UPSTREAM_API_KEY: z.string().optional(),
  /** Mojang profile API (name -> uuid). */
  MOJANG_API_BASE: z.string().url().default('https://api.mojang.com'),
  /** Mojang session server (uuid -> signed profile). */
  MOJANG_SESSION_BASE: z.string().url().default('https://sessionserver.mojang.com'),
  /** Minecraft services API (skin upload for SIGNER=mojang). */
  MOJANG_SERVICES_BASE: z.string().url().default('https://api.minecraftservices.com'),
  /** Texture host that player textures are downloaded from (`{base}/texture/{hash}`). */
  MOJANG_TEXTURES_BASE: z.string().url().default('http://textures.minecraft.net'),
  /**
   * Public key every `textures` signature read from the session server must verify against before a
   * skin is stored (SIGNER=mojang): a PEM `PUBLIC KEY` block (`\n` escapes allowed) or its base64 body
   * on one line. Default: Mojang's published Yggdrasil key, bundled; a stand-in sets its own.
   */
  MOJANG_SIGNATURE_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || isSpkiKeyText(v), 'MOJANG_SIGNATURE_KEY must be a PEM "PUBLIC KEY" block or its base64 body'),
  /**
   * Microsoft sign-in of signing (pool) accounts: `live` needs no app registration
   * (a Microsoft-owned public client id); `msal` uses your Azure app (POOL_CLIENT_ID, optional secret).
   */
  POOL_AUTH_FLOW: z.enum(['live', 'msal']).default('live'),
  /** Client id; default `00000000441cc96b` (Minecraft for Nintendo Switch, prismarine-auth's Live default). */
  POOL_CLIENT_ID: z.string().optional(),
  /** Azure app secret, for confidential `msal` apps only. */
  POOL_CLIENT_SECRET: z.string().optional(),
  /** MSAL tenant; Minecraft accepts only `consumers`. */
  POOL_TENANT: z.string().default('consumers'),
  /** Secret the pool token key is derived from (≥ 32 chars); default: `<DATA_DIR>/pool-token.key`, made on first start. */
  POOL_TOKEN_KEY: z.string().min(32).optional(),
  /** Microsoft Live OAuth host (device code, token). */
  MICROSOFT_LIVE_BASE: z.string().url().default('https://login.live.com'),
  /** Microsoft identity platform host (MSAL device code, token). */
  MICROSOFT_MSAL_BASE: z.string().url().default('https://login.microsoftonline.com'),
  /** Xbox Live user authentication host. */
  XBOX_USER_BASE: z.string().url().default('https://user.auth.xboxlive.com'),
  /** Xbox Live XSTS host. */
  XBOX_XSTS_BASE: z.string().url().default('https://xsts.auth.xboxlive.com'),
  /** Seconds between two skin changes of one signing account (MineSkin: 15). */
  POOL_MIN_DELAY_S: intFrom(15),
  /**
   * Milliseconds added to POOL_MIN_DELAY_S, both counted from the answer to the account's previous skin
   * change: where and how strictly Mojang measures its interval is not public, and a change that arrives
   * early costs a 429 and POOL_COOLDOWN_S of rest (docs/signing.md "Pacing").
   */
  POOL_DELAY_MARGIN_MS: intFrom(1000),
  /** Seconds a signing account rests after a 429, an auth error or a URL mismatch (MineSkin: 650). */
  POOL_COOLDOWN_S: intFrom(650),
  /** Consecutive errors after which a signing account leaves rotation (MineSkin: 10; a success resets). */
  POOL_MAX_ERRORS: intFrom(10, 1),
  /** A new signing account is handed out this many seconds after it was added (MineSkin: 60). */
  POOL_NEW_ACCOUNT_DELAY_S: intFrom(60),
  /** Seconds a job holds a signing account at most (MineSkin's lock: 30 s, here longer than a slow signing). */
  POOL_LOCK_S: intFrom(60, 1),
  /** A Minecraft token expiring within this many minutes is renewed before use (MineSkin: 20). */
  POOL_REFRESH_BEFORE_MIN: intFrom(20),
  /** Seconds between two rounds of the background refresher (0 = only refresh on use). */
  POOL_REFRESH_EVERY_S: intFrom(300),
  /** Extra session-server reads while it still shows the old skin (MineSkin: 2, 3 s apart). */
  POOL_URL_CHECK_RETRIES: intFrom(2),
  /** Pause before each extra read, ms. */
  POOL_URL_CHECK_DELAY_MS: intFrom(3000),
  /** A job waits for a signing account this many seconds at most when one's cooldown ends soon. */
  POOL_MAX_WAIT_S: intFrom(60),
  /** Worker loop concurrency: jobs processed at the same time. */
  QUEUE_CONCURRENCY: intFrom(2, 1),
  /** Demo skins generated on the first start with an empty database (0 disables). */
  DEMO_SKINS: intFrom(24),
  /** Anonymous callers: generate/queue requests per minute. */
  LIMIT_ANONYMOUS_PER_MINUTE: intFrom(20),
  /** Anonymous callers: generate/queue requests per hour. */
  LIMIT_ANONYMOUS_PER_HOUR: intFrom(200),
  /** Anonymous callers: seconds between two `/v2/generate` requests. */
  LIMIT_ANONYMOUS_DELAY: intFrom(0),
  /** Anonymous callers: more pending jobs than this -> 429 `job_limit` (reference §2.1 step 2). */
  LIMIT_ANONYMOUS_PENDING: intFrom(4, 1),
  /** Signed-in users: generate/queue requests per minute. */
  LIMIT_USER_PER_MINUTE: intFrom(60),
  /** Signed-in users: generate/queue requests per hour. */
  LIMIT_USER_PER_HOUR: intFrom(1000),
  /** Signed-in users: pending jobs at once. */
  LIMIT_USER_CONCURRENCY: intFrom(8, 1),
  /** API keys: generate/queue requests per minute. */
  LIMIT_APIKEY_PER_MINUTE: intFrom(120),
  /** API keys: generate/queue requests per hour. */
  LIMIT_APIKEY_PER_HOUR: intFrom(5000),
  /** API keys: pending jobs at once. */
  LIMIT_APIKEY_CONCURRENCY: intFrom(16, 1),
  /**
   * Anonymous callers (per address): KiB of new images per UTC day (grant `storage_per_day`).
   * Without it, one address could add ≈ 154 MB a day within the request limits. A skin PNG is
   * at most 20 000 bytes and 2–8 KiB usually, so 4 MiB still lets one address (a household, a school
   * behind one NAT) add ≥ 290 skins a day even of noise-like worst-case skins.
   */
  LIMIT_ANONYMOUS_STORAGE_PER_DAY: intFrom(4 * 1024),
  /** Signed-in users: KiB of new images per UTC day; more than anonymous, as they can be told apart and granted more. */
  LIMIT_USER_STORAGE_PER_DAY: intFrom(20 * 1024),
  /** API keys: KiB of new images per UTC day (plugins and servers generate in bulk). */
  LIMIT_APIKEY_STORAGE_PER_DAY: intFrom(100 * 1024),
  /**
   * MiB of blobs the instance stores at most; when a new image would pass it, generation answers 507
   * `storage_full`; 0 = no limit. 5 GiB holds ≈ 1 M typical skins and, with a backup
   * snapshot of the same size beside it, still fits the 20 GB disk of a small self-hosted server, so a
   * flood fills the budget, not the disk.
   */
  STORAGE_BUDGET_MB: intFrom(5 * 1024),
  /** `/validate/*` look-ups per minute and caller (they hit the profile service). */
  LIMIT_VALIDATE_PER_MINUTE: intFrom(60),
  /**
   * Job event streams (`GET /v2/queue/events`) one caller may hold open at once: an API key's, a
   * user's (their keys' included), or an anonymous client address's. More get 429 `too_many_streams`,
   * and the web app's job list falls back to polling.
   */
  EVENT_STREAMS_PER_CALLER: intFrom(10, 1),
  /** Job event streams one caller may open per minute (a browser reconnects after 3 s at most 20 times a minute). */
  EVENT_STREAMS_OPENED_PER_MINUTE: intFrom(30, 1),
  /** Job event streams one process (or, on Workers, the stream Durable Object) holds open at once; more get 503 `events_busy`. */
  EVENT_STREAMS_MAX: intFrom(10_000, 1),
  /** Hours the owner may edit a skin after creating it (grant `skin_edit_duration`). */
  SKIN_EDIT_HOURS: z.coerce.number().min(0).default(1),
  /** Hours the owner may delete a skin after creating it (grant `skin_delete_duration`). */
  SKIN_DELETE_HOURS: z.coerce.number().min(0).default(1),
  /** A tag is shown to everyone once its up-votes minus down-votes reach this score. */
  TAG_VISIBLE_THRESHOLD: intFrom(2, 1),
  /** E-mail addresses whose accounts are admins of the operator console, comma-separated. */
  ADMIN_EMAILS: csv,
  /**
   * Skins one reporter (the signed-in user, else the address) — and one address, whoever reports from
   * it — may report per hour; more → 429 `report_limit` (0 = no limit).
   */
  REPORTS_PER_HOUR: intFrom(20),
  /** Anti-bot verifier for views, likes, tag votes and reports: altcha proof-of-work or off. */
  ANTIBOT: z.enum(['altcha', 'off']).default('altcha'),
  /** Smallest altcha counter (work) a challenge asks for. */
  ALTCHA_MIN_COUNTER: intFrom(20_000),
  /** Largest altcha counter (work) a challenge asks for. */
  ALTCHA_MAX_COUNTER: intFrom(60_000, 1),
  /** Timeout of one outgoing URL fetch, ms. */
  FETCH_TIMEOUT_MS: intFrom(5000, 1),
  /** A request body must arrive within this many ms, else 408 `request_timeout` (a slow body must not hold a connection open). */
  BODY_TIMEOUT_MS: intFrom(10_000, 1),
  /** TEST ONLY: comma-separated host:port entries the URL fetcher may reach although private. */
  FETCH_ALLOW_PRIVATE_HOSTS: csv,
})

/** The parsed API configuration. */
export const apiConfigSchema = apiEnvSchema
  .refine((env) => env.POOL_AUTH_FLOW === 'live' || env.POOL_CLIENT_ID, {
    message: 'POOL_AUTH_FLOW=msal needs POOL_CLIENT_ID (your Azure app\'s client id)',
    path: ['POOL_CLIENT_ID'],
  })
  .transform((env) => {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8787}`).replace(/\/+$/, '')
  const windows = { skin_edit_duration: env.SKIN_EDIT_HOURS, skin_delete_duration: env.SKIN_DELETE_HOURS }
  return {
    /** Folder holding every file the API keeps. */
    dataDir: env.DATA_DIR,
    /** Public origin of the web app (no trailing slash). */
    publicUrl,
    /** Extra origins trusted with credentialed CORS and cookie writes (no trailing slash). */
    corsOrigins: env.CORS_ORIGINS.map((o) => o.replace(/\/+$/, '')),
    /** Base of texture URLs: `${textureBaseUrl}/{hash}`. */
    textureBaseUrl: `${publicUrl}/textures`,
    /** Signer kind. */
    signer: env.SIGNER,
    /** Upstream API for SIGNER=upstream. */
    upstream: { origin: env.UPSTREAM_ORIGIN, apiKey: env.UPSTREAM_API_KEY },
    /** Mojang-compatible hosts (tests point them at a local stand-in). */
    mojang: {
      apiBase: env.MOJANG_API_BASE.replace(/\/+$/, ''),
      sessionBase: env.MOJANG_SESSION_BASE.replace(/\/+$/, ''),
      servicesBase: env.MOJANG_SERVICES_BASE.replace(/\/+$/, ''),
      texturesBase: env.MOJANG_TEXTURES_BASE.replace(/\/+$/, ''),
      /** SPKI PEM that session-server signatures must verify against (Mojang's unless configured). */
      signatureKeyPem: spkiPem(env.MOJANG_SIGNATURE_KEY ?? MOJANG_SIGNATURE_KEY_PEM),
    },
    /** Signing (pool) accounts: Microsoft sign-in, token sealing, rotation (docs/signing.md). */
    pool: {
      auth: {
        flow: env.POOL_AUTH_FLOW,
        clientId: env.POOL_CLIENT_ID ?? (env.POOL_AUTH_FLOW === 'live' ? '00000000441cc96b' : ''),
        clientSecret: env.POOL_CLIENT_SECRET,
        tenant: env.POOL_TENANT,
        hosts: {
          live: env.MICROSOFT_LIVE_BASE.replace(/\/+$/, ''),
          msal: env.MICROSOFT_MSAL_BASE.replace(/\/+$/, ''),
          xboxUser: env.XBOX_USER_BASE.replace(/\/+$/, ''),
          xsts: env.XBOX_XSTS_BASE.replace(/\/+$/, ''),
          services: env.MOJANG_SERVICES_BASE.replace(/\/+$/, ''),
        },
      },
      tokenKey: env.POOL_TOKEN_KEY,
      rotation: {
        minDelayMs: env.POOL_MIN_DELAY_S * 1000,
        delayMarginMs: env.POOL_DELAY_MARGIN_MS,
        cooldownMs: env.POOL_COOLDOWN_S * 1000,
        maxErrors: env.POOL_MAX_ERRORS,
        newAccountDelayMs: env.POOL_NEW_ACCOUNT_DELAY_S * 1000,
        lockMs: env.POOL_LOCK_S * 1000,
        refreshBeforeMs: env.POOL_REFRESH_BEFORE_MIN * 60_000,
        maxWaitMs: env.POOL_MAX_WAIT_S * 1000,
      },
      refreshEveryMs: env.POOL_REFRESH_EVERY_S * 1000,
      urlCheckRetries: env.POOL_URL_CHECK_RETRIES,
      urlCheckDelayMs: env.POOL_URL_CHECK_DELAY_MS,
    },
    /** Jobs processed at once by the worker loop. */
    queueConcurrency: env.QUEUE_CONCURRENCY,
    /** Demo skins created on first start. */
    demoSkins: env.DEMO_SKINS,
    /** Default grants per kind of caller (reference §1.8 `generator.default_grants.*`). */
    grants: {
      anonymous: grantsSchema.parse({
        delay: env.LIMIT_ANONYMOUS_DELAY,
        per_minute: env.LIMIT_ANONYMOUS_PER_MINUTE,
        per_hour: env.LIMIT_ANONYMOUS_PER_HOUR,
        concurrency: env.LIMIT_ANONYMOUS_PENDING,
        private_skins: false,
        capes: false,
        skin_history_unlimited: false,
        ad_free: false,
        batch_generation: false,
        storage_per_day: env.LIMIT_ANONYMOUS_STORAGE_PER_DAY,
        pool_admin: false,
        moderator: false,
        admin: false,
        ...windows,
      }),
      user: grantsSchema.parse({
        delay: 0,
        per_minute: env.LIMIT_USER_PER_MINUTE,
        per_hour: env.LIMIT_USER_PER_HOUR,
        concurrency: env.LIMIT_USER_CONCURRENCY,
        private_skins: true,
        capes: true,
        skin_history_unlimited: true,
        ad_free: false,
        batch_generation: false,
        storage_per_day: env.LIMIT_USER_STORAGE_PER_DAY,
        pool_admin: false,
        moderator: false,
        admin: false,
        ...windows,
      }),
      apikey: grantsSchema.parse({
        delay: 0,
        per_minute: env.LIMIT_APIKEY_PER_MINUTE,
        per_hour: env.LIMIT_APIKEY_PER_HOUR,
        concurrency: env.LIMIT_APIKEY_CONCURRENCY,
        private_skins: true,
        capes: true,
        skin_history_unlimited: true,
        ad_free: false,
        batch_generation: false,
        storage_per_day: env.LIMIT_APIKEY_STORAGE_PER_DAY,
        pool_admin: false,
        moderator: false,
        admin: false,
        ...windows,
      }),
    },
    /** Bytes of blobs the instance may hold (0 = no limit). */
    storageBudgetBytes: env.STORAGE_BUDGET_MB * 1024 * 1024,
    /** `/validate/*` look-ups per minute per caller. */
    validatePerMinute: env.LIMIT_VALIDATE_PER_MINUTE,
    /** Limits of the job event streams (docs/api.md "Job events"). */
    eventStreams: { perCaller: env.EVENT_STREAMS_PER_CALLER, openedPerMinute: env.EVENT_STREAMS_OPENED_PER_MINUTE, max: env.EVENT_STREAMS_MAX },
    /** Tag score at which a tag becomes visible. */
    tagVisibleThreshold: env.TAG_VISIBLE_THRESHOLD,
    /** Admins by configuration (lower-cased), besides the `admin` grant. */
    adminEmails: env.ADMIN_EMAILS.map((e) => e.toLowerCase()),
    /** Reports per reporter and hour. */
    reportsPerHour: env.REPORTS_PER_HOUR,
    /** Anti-bot settings. */
    antibot: {
      kind: env.ANTIBOT,
      minCounter: Math.min(env.ALTCHA_MIN_COUNTER, env.ALTCHA_MAX_COUNTER),
      maxCounter: env.ALTCHA_MAX_COUNTER,
    },
    /** Outgoing URL fetching. */
    fetch: { timeoutMs: env.FETCH_TIMEOUT_MS, allowPrivateHosts: env.FETCH_ALLOW_PRIVATE_HOSTS },
    /** Deadline of a whole request body, ms. */
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
  }
})

/** Parsed API configuration. */
export type ApiConfig = z.infer<typeof apiConfigSchema>

/** Parses the API configuration from environment variables (throws a ZodError on bad values). */
export function apiConfigFromEnv(env: Record<string, string | undefined>): ApiConfig {
  return apiConfigSchema.parse(env)
}

/**
 * The configuration from a Worker's env: its string entries (`[vars]`, secrets, `.dev.vars`); bindings
 * are objects and are left out. Shared by the API and account Workers.
 */
export function apiConfigFromWorkerEnv(env: object): ApiConfig {
  const vars: Record<string, string> = {}
  for (const [k, v] of Object.entries(env)) if (typeof v === 'string') vars[k] = v
  return apiConfigFromEnv(vars)
}
