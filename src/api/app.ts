/**
 * The Hono app of the embedded API: middleware, every route, the v2 error envelope and the
 * v2 `not_found` for unknown paths (reference/mineskin-api.md §1.3 "Errors").
 * @module
 */
import { Hono } from 'hono'
import { ApiError, isApiError } from './errors'
import { communityRoutes } from './routes/community'
import { corsPolicy } from './routes/cors'
import type { ApiEnv } from './routes/env'
import { errorBody } from './routes/envelope'
import { fileRoutes } from './routes/files'
import { generateRoutes } from './routes/generate'
import { meRoutes } from './routes/me'
import { meAccountRoutes } from './routes/me-account'
import { baseHeaders, identity } from './routes/middleware'
import { miscRoutes } from './routes/misc'
import { openApiRoutes } from './openapi/route'
import { queueBatchRoutes } from './routes/queue-batch'
import { skinRoutes } from './routes/skins'
import type { ApiServices } from './services'

/** Builds the API app over a service bundle. */
export function createApiApp(s: ApiServices, opts: { onUnexpectedError?: (e: unknown) => void } = {}) {
  // `strict: false`: `/v2/skins/` is `/v2/skins`, on every path, as on MineSkin's Express server
  // (non-strict routing); its web front end asks for `/v2/skins/?size=80` (issue 12 point 3).
  const app = new Hono<ApiEnv>({ strict: false })
  const cors = corsPolicy(s.ctx.config)
  app.use('*', baseHeaders(cors))
  app.use('*', identity(s.ctx.resolveIdentity, cors))
  app.route('/', queueBatchRoutes(s))
  app.route('/', generateRoutes(s))
  app.route('/', skinRoutes(s))
  app.route('/', communityRoutes(s))
  app.route('/', meRoutes(s))
  app.route('/', meAccountRoutes(s))
  app.route('/', miscRoutes(s))
  app.route('/', fileRoutes(s))
  app.route('/', openApiRoutes())

  app.notFound((c) => c.json(errorBody(new ApiError('not_found', `Not found (${c.req.path})`, 404)), 404))
  app.onError((err, c) => {
    const rateLimit = c.get('rateLimit')
    if (isApiError(err)) return c.json(errorBody(err, rateLimit), err.status)
    opts.onUnexpectedError?.(err)
    return c.json(errorBody(new ApiError('internal_error', 'An internal error occurred', 500), rateLimit), 500)
  })
  return app
}
