/**
 * Per-request helpers every account route uses (helper routes import these too; see README.md).
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { detectLocale } from '../shared/i18n/detect-locale'
import { createTranslator } from '../shared/i18n/translator'
import { isLocale } from '../shared/locales'
import { DEFAULT_BODY_TIMEOUT_MS, readBody } from '../shared/read-body'
import { LOCALE_TABLES } from '../shared/i18n/locale-tables'
import type { AccountsDeps } from './deps'
import type { AccountsEnv } from './env'
import { allowedOrigins, safeRedirect, sameOriginPost } from './security/origins'

/** The account site's own origin: of `basePath` when it is absolute, else of the request. */
export const siteOrigin = (deps: AccountsDeps, requestUrl: string) => new URL(/^https?:\/\//.test(deps.basePath) ? deps.basePath : requestUrl).origin

/**
 * Sets deps, origin, allowed origins, language (`?lang=` the app passes, then the `locale` cookie,
 * then Accept-Language, as in the app) and the translator.
 */
export const accountsContext = (deps: AccountsDeps): MiddlewareHandler<AccountsEnv> =>
  createMiddleware<AccountsEnv>(async (c, next) => {
    c.set('deps', deps)
    const origin = siteOrigin(deps, c.req.url)
    c.set('origin', origin)
    c.set('allowed', allowedOrigins(deps, origin))
    const lang = c.req.query('lang')
    const locale = isLocale(lang) ? lang : detectLocale(c as unknown as Context)
    c.set('locale', locale)
    c.set('t', createTranslator(locale, LOCALE_TABLES[locale]))
    await next()
  })

/** The query of an account-site link: the page's language and `params` (empty values left out). */
function linkQuery(c: Context<AccountsEnv>, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams({ lang: c.get('locale') })
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v)
  return query.toString()
}

/** URL of account-site path `path` (e.g. `/manage`), in the page's language. */
export function href(c: Context<AccountsEnv>, path: string, params: Record<string, string | undefined> = {}): string {
  return `${c.get('deps').basePath.replace(/\/+$/, '')}${path}?${linkQuery(c, params)}`
}

/**
 * Absolute URL of account-site path `path` for use outside the browser (links in mail): under the
 * configured origin, never the request's Host header (no reset-link poisoning).
 */
export function publicHref(c: Context<AccountsEnv>, path: string, params: Record<string, string | undefined> = {}): string {
  const { basePath, appOrigin } = c.get('deps')
  const base = /^https?:\/\//.test(basePath) ? basePath : new URL(appOrigin).origin + basePath
  return `${base.replace(/\/+$/, '')}${path}?${linkQuery(c, params)}`
}

/** The host named in mail as the sender's site (of the configured public origin). */
export const siteHost = (c: Context<AccountsEnv>) => new URL(c.get('deps').appOrigin).host

/** The request's `redirect` (query or form field) as an absolute URL when it is allowed, else undefined. */
export const redirectTarget = (c: Context<AccountsEnv>, value: string | undefined) => safeRedirect(value, c.get('allowed'), c.get('origin'))

/** True when this state-changing request comes from an allowed origin (CSRF check). */
export const fromAllowedOrigin = (c: Context<AccountsEnv>) => sameOriginPost(c.req.raw.headers, c.get('allowed'))

/**
 * The caller's address for throttling: the first X-Forwarded-For entry. The Bun entry replaces that
 * header with the socket address unless TRUST_PROXY (src/server/bun.ts), as the API relies on too.
 */
export const clientAddress = (c: Context<AccountsEnv>) => c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || undefined

/** Largest account form body: a few short fields (every body has a cap: docs/operations.md "Request limits"). */
export const MAX_FORM_BODY = 16 * 1024

/**
 * A form body that could not be read (docs/operations.md "Request limits"): 413 `payload_too_large`
 * over the cap, 408 `request_timeout` when it does not arrive in time, 400 `request_aborted` when
 * it broke off. The app's error handler answers it in the API's envelope or as a page, as
 * documented.
 */
export class FormBodyError extends Error {
  constructor(
    readonly status: 400 | 408 | 413,
    readonly code: 'request_aborted' | 'request_timeout' | 'payload_too_large',
  ) {
    super(code)
  }
}

/** Reads a urlencoded/multipart form as strings (files ignored); throws {@link FormBodyError} for an over-cap, slow or broken body. */
export async function formFields(c: Context<AccountsEnv>): Promise<Record<string, string>> {
  const read = await readBody(c.req.raw, { maxBytes: MAX_FORM_BODY, timeoutMs: c.get('deps').bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS })
  if (!read.ok) {
    if (read.reason === 'too_large') throw new FormBodyError(413, 'payload_too_large')
    throw read.reason === 'timeout' ? new FormBodyError(408, 'request_timeout') : new FormBodyError(400, 'request_aborted')
  }
  const form = await new Response(read.bytes, { headers: { 'content-type': c.req.header('content-type') ?? '' } }).formData().catch(() => null)
  const out: Record<string, string> = {}
  for (const [k, v] of form?.entries() ?? []) if (typeof v === 'string') out[k] = v
  return out
}
