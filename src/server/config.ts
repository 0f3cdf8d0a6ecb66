/**
 * Web app configuration from environment variables, parsed once with offline-safe defaults
 * (DESIGN.md §3). The embedded API has its own part (`src/api/config.ts`) read from the same env.
 * @module
 */
import { z } from 'zod'
import { siteLinksSchema, type SiteLinks } from '../shared/site-links'

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v.replace(/\/+$/, ''))
  .pipe(z.url())
  .optional()
  .or(z.literal('').transform(() => undefined))

/** Environment variables the web app reads. */
export const serverEnvSchema = z.object({
  /** Port to listen on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  /** Interface to bind; 127.0.0.1 keeps a fresh install private, 0.0.0.0 serves the network. */
  HOST: z.string().default('127.0.0.1'),
  /** `production` hides the Dev Mode chip; anything else is development. */
  NODE_ENV: z.string().default('development'),
  /** Public origin for canonical links and texture URLs, e.g. https://skins.example.org. */
  PUBLIC_URL: optionalUrl,
  /** Use another MineSkin-compatible API instead of the embedded one. */
  API_ORIGIN: optionalUrl,
  /** Renderer origin; the embedded renderer when unset. */
  RENDER_ORIGIN: optionalUrl,
  /**
   * The account site's API (SPEC §7: token refresh, notifications, sign-out), an origin or a path of
   * this origin. Default: the embedded account site (src/accounts) at `ACCOUNT_ORIGIN`.
   */
  ACCOUNT_API_ORIGIN: z
    .string()
    .trim()
    .transform((v) => v.replace(/\/+$/, ''))
    .pipe(z.union([z.url(), z.string().regex(/^\/[A-Za-z0-9/_-]+$/, 'must be a URL or a path such as /accounts')]))
    .optional(),
  /**
   * Where the embedded account site (src/accounts) is served: a path of this origin (default
   * `/accounts`; the app itself owns `/account`) or an absolute URL whose path this process serves.
   */
  ACCOUNT_ORIGIN: z
    .string()
    .trim()
    .transform((v) => v.replace(/\/+$/, ''))
    .pipe(z.union([z.url(), z.string().regex(/^\/[A-Za-z0-9/_-]+$/, 'must be a URL or a path such as /accounts')]))
    .default('/accounts'),
  /** Comma-separated extra origins the account site may redirect to after sign-in (no open redirect). */
  ACCOUNT_REDIRECT_ORIGINS: z.string().optional(),
  /**
   * Where 'Sign In' and 'Manage Account' lead (SPEC §2 account site); the embedded one (`ACCOUNT_ORIGIN`) by default.
   * "Wear this skin" posts to its `/minecraft/wear`, the drawer links its `/minecraft` (pages allow its origin as a form action).
   */
  ACCOUNT_URL: z.string().optional(),
  /**
   * JSON object of footer and route-rule targets (src/shared/site-links.ts): optional links such as
   * `status`, `imprint`, `privacy`, `terms`, `chat`, `blog` and credits `{name, url}` for `cdn`,
   * `monitoring`, `hosting` show only when set.
   */
  SITE_LINKS_JSON: z.string().optional(),
  /**
   * `true` behind a reverse proxy that sets X-Forwarded-For. Otherwise the socket address replaces
   * whatever the client sent, so nobody can pick their own rate-limit bucket.
   */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Feature flags file served as /flags.json (SPEC §7). */
  FLAGS_FILE: z.string().default('static/flags.json'),
  /**
   * Error monitoring DSN (SPEC §9), e.g. `https://<key>@o1.ingest.example/1`. Unset
   * (the default) means no monitoring: nothing is loaded on the server or in the browser.
   */
  SENTRY_DSN: optionalUrl,
  /**
   * `json`: one JSON object a line (every request, every job, every error; docs/operations.md "Logs"),
   * for a log shipper. `text` (the default): lines for a person, and no line per request.
   */
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  /** `off` collects no metrics at all (`/metrics` is then 404); `on` (the default) collects them. */
  METRICS: z.enum(['on', 'off']).default('on'),
  /**
   * Bearer token of `/metrics` on the public port (docs/operations.md "Health and metrics"); unset,
   * `/metrics` is served only on `METRICS_PORT`, if that is set.
   */
  METRICS_TOKEN: z.string().min(16, 'use at least 16 characters (openssl rand -hex 32)').optional(),
  /** A second port serving `/metrics`, `/healthz` and `/readyz` without a token, on `METRICS_HOST`. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface of `METRICS_PORT`; loopback keeps the metrics on the machine. */
  METRICS_HOST: z.string().default('127.0.0.1'),
})
/** Parsed web env; the account URLs default to the embedded account site. */
export type ServerEnv = Omit<z.infer<typeof serverEnvSchema>, 'ACCOUNT_API_ORIGIN' | 'ACCOUNT_URL'> & { ACCOUNT_API_ORIGIN: string; ACCOUNT_URL: string }

/** Parses the env or throws one readable error listing every bad variable. */
export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const parsed = serverEnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  // Unset account URLs follow ACCOUNT_ORIGIN, so moving the embedded site moves the app's links too.
  const data = parsed.data
  return { ...data, ACCOUNT_API_ORIGIN: data.ACCOUNT_API_ORIGIN ?? data.ACCOUNT_ORIGIN, ACCOUNT_URL: data.ACCOUNT_URL ?? data.ACCOUNT_ORIGIN }
}

/**
 * Footer links with the operator's overrides applied (optional links and credits
 * appear only when set here). Throws one readable error naming every bad key.
 */
export function parseSiteLinks(json: string | undefined): SiteLinks {
  let value: unknown = {}
  if (json?.trim()) {
    try {
      value = JSON.parse(json)
    } catch (error) {
      throw new Error(`Invalid configuration:\n  SITE_LINKS_JSON: not JSON (${error instanceof Error ? error.message : String(error)})`)
    }
  }
  const parsed = siteLinksSchema.safeParse(value)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  SITE_LINKS_JSON.${i.path.join('.') || '(root)'}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}
