/**
 * The Hono app of the embedded API: middleware, every route, the v2 error envelope and the
 * v2 `not_found` for unknown paths (reference/mineskin-api.md §1.3 "Errors").
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { ApiError, isApiError } from './errors'
import { communityRoutes } from './skins/routes/community'
import { corsPolicy } from './routes/cors'
import type { ApiEnv } from './routes/env'
import type { IdentityKind } from './users/identity'
import { errorBody } from './routes/envelope'
import { fileRoutes } from './routes/files'
import { generateRoutes } from './jobs/routes/generate'
import { queueEventRoutes } from './jobs/routes/queue-events'
import { editorImportRoutes } from './jobs/routes/editor-import'
import { meRoutes } from './users/routes/me'
import { meAccountRoutes } from './users/routes/me-account'
import { meApiKeysRoutes } from './users/routes/me-api-keys'
import { meLegacySkinsRoutes } from './users/routes/me-legacy-skins'
import { usageRoutes } from './users/routes/usage'
import { baseHeaders, identity } from './routes/middleware'
import { miscRoutes } from './routes/misc'
import { openApiRoutes } from './openapi/route'
import { pathNormalizer } from './routes/path-normalize'
import { queueBatchRoutes } from './jobs/routes/queue-batch'
import { skinRoutes } from './skins/routes/skins'
import type { ApiServices } from './services'
import { isLegacyPath, legacyRoutes, sendV1Error } from './legacy'
import { rateKey } from './jobs/routes/generate-submit'
import { withPoolDelay } from './jobs/routes/pool-delay'
import { headLikeGet } from '../shared/http-head'
import { routeFacts } from '../shared/observe/request-facts'

/** Builds the API app over a service bundle. */
export function createApiApp(s: ApiServices, opts: ApiAppOptions = {}) {
  // `/v2/skins/` is `/v2/skins` (MineSkin's web front end asks for `/v2/skins/?size=80`),
  // `//v2/skins` and `/V2/Skins` too (as MineSkin's server reads them), on every route registered on `app`, the
  // ones added after this line included: ./routes/path-normalize.ts.
  const app: Hono<ApiEnv> = new Hono<ApiEnv>({ getPath: pathNormalizer(() => app.routes) })
  const cors = corsPolicy(s.ctx.config)
  // Outermost: HEAD answers the GET's headers with the body's true Content-Length (MineSkin's URL
  // handler sends HEAD first and refuses an image under 100 bytes; src/shared/http-head.ts).
  app.use('*', headLikeGet())
  // The route pattern that answered, for the metrics and the log line (src/shared/observe/request-facts.ts).
  app.use('*', routeFacts())
  app.use('*', baseHeaders(cors))
  app.use('*', identity(s.ctx.resolveIdentity, cors))
  app.route('/', queueBatchRoutes(s))
  // Before `/v2/queue/{id}`, which would take `events` for a job id.
  app.route('/', queueEventRoutes(s))
  app.route('/', generateRoutes(s))
  app.route('/', editorImportRoutes(s))
  app.route('/', skinRoutes(s))
  app.route('/', communityRoutes(s))
  app.route('/', meRoutes(s))
  app.route('/', meAccountRoutes(s))
  app.route('/', meApiKeysRoutes(s))
  app.route('/', usageRoutes(s))
  app.route('/', meLegacySkinsRoutes(s))
  app.route('/', miscRoutes(s))
  app.route('/', fileRoutes(s))
  app.route('/', openApiRoutes())
  app.route('/', legacyRoutes(s))

  /** The caller's delay for a v1 error body; none known when identity itself failed. */
  const v1Delay = async (c: Context<ApiEnv>) => {
    const who = c.get('identity')
    if (!who) return { delay: { millis: 0, seconds: 0 } }
    return s.ctx.limiter.peek(rateKey(who, false), withPoolDelay(who.grants, s.ctx), s.ctx.now())
  }
  const notFound = (c: Context<ApiEnv>) => new ApiError('not_found', `Not found (${c.req.path})`, 404)
  app.notFound(async (c) => (isLegacyPath(c.req.path) ? sendV1Error(c, notFound(c), await v1Delay(c)) : c.json(errorBody(notFound(c)), 404)))
  app.onError(async (err, c) => {
    const rateLimit = c.get('rateLimit')
    const known = isApiError(err) ? err : new ApiError('internal_error', 'An internal error occurred', 500)
    if (!isApiError(err)) opts.onUnexpectedError?.(err)
    // Every 429 the API gives goes through here once (v1 and v2 alike); identity is unset only when resolving it failed.
    if (known.status === 429) opts.onRefused?.(c.get('identity')?.kind ?? 'anonymous', known.code)
    // v1 callers read `errorCode` / `error` / `delay` (reference §7), not the v2 `errors` array.
    if (isLegacyPath(c.req.path)) return sendV1Error(c, known, await v1Delay(c).catch(() => ({ delay: { millis: 0, seconds: 0 } })))
    return c.json(errorBody(known, rateLimit), known.status)
  })
  return app
}

/** Options of {@link createApiApp}. */
export interface ApiAppOptions {
  /** Reports errors that were not ApiErrors. */
  onUnexpectedError?: (e: unknown) => void
  /** Every answer with status 429, with the caller's tier (`ssg_rate_limit_refusals_total`, src/api/metrics/api-counters.ts). */
  onRefused?: (tier: IdentityKind, code: string) => void
}
