/**
 * The legacy v1 API (reference/mineskin-api.md §7; docs/api.md "The legacy v1 API"): MineSkin's `/generate/*` and
 * `/get/*` routes, mounted wherever the v2 API is (`/api` on Bun, the root of the API Worker), for
 * the plugins that still call them — Citizens2, ZNPCs, Taterzens, FZMM, SkinsRestorer ≤ 15.4,
 * MineskinClient 1.x/2.x. A thin layer: every route calls the same services as v2 and only reshapes
 * requests and answers. Errors come out in the v1 shape (./v1-errors.ts) from the app's handlers.
 * @module
 */
import { Hono } from 'hono'
import type { ApiServices } from '../services'
import type { ApiEnv } from '../routes/env'
import { v1GenerateRoutes } from './v1-generate'
import { v1GetRoutes } from './v1-get'

export { isLegacyPath } from './legacy-path'
export { sendV1Error } from './v1-errors'
export { legacyKeyHeaders } from './key-headers'

/** Builds the v1 routes. */
export function legacyRoutes(s: ApiServices) {
  const r = new Hono<ApiEnv>()
  r.use('/generate/*', async (c, next) => {
    c.header('MineSkin-Api-Version', 'v1')
    c.header('MineSkin-Api-Deprecated', 'true')
    await next()
  })
  r.use('/get/*', async (c, next) => {
    c.header('MineSkin-Api-Version', 'v1')
    await next()
  })
  r.route('/', v1GenerateRoutes(s))
  r.route('/', v1GetRoutes(s))
  return r
}
