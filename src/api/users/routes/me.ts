/**
 * `GET /v2/me` and `GET /v2/me/skins` (reference/mineskin-api.md §1.6, §1.8): who the caller is
 * and their grants; their own skins. No user and no key → 404 `user_not_found` for `/v2/me`
 * (the web app reads 401/404 as "refresh the session", SPEC §8). The embedded accounts service
 * adds the rest of `/v2/me/*`.
 * @module
 */
import { Hono } from 'hono'
import { skinListQuerySchema } from '../../../shared/schemas/api'
import { ApiError } from '../../errors'
import type { ApiServices } from '../../services'
import type { ApiEnv } from '../../routes/env'
import { msg, parseOr400, v2 } from '../../routes/envelope'

const PRIVATE = 'private, no-store, max-age=0'

/** Builds the `/v2/me` routes. */
export function meRoutes(s: ApiServices) {
  const r = new Hono<ApiEnv>()

  r.get('/v2/me', (c) => {
    const who = c.get('identity')
    c.header('Cache-Control', PRIVATE)
    // A key that belongs to no user is not a user either (MineSkin `v2GetMe`).
    if (!who.userId) throw new ApiError('user_not_found', 'User not found', 404)
    return v2(c, { user: who.userId, grants: who.grants }, 200, {
      links: { self: '/v2/me', key: who.apiKeyId ? '/v2/me/apikey' : undefined, client: '/v2/me/client' },
    })
  })

  r.get('/v2/me/skins', async (c) => {
    const q = parseOr400(skinListQuerySchema, c.req.query())
    const page = await s.ownSkins.list(c.get('identity'), { ...q, now: s.ctx.now() })
    if (!page) throw new ApiError('unauthorized', 'Sign in, send an API key, or keep the client cookie', 401)
    if (page.anchorNotFound) c.get('warnings').push(msg('anchor_not_found', 'The `after` skin was not found; listing from the start'))
    const last = page.skins[page.skins.length - 1]?.uuid
    const link = (after?: string) => `/v2/me/skins?${new URLSearchParams({ ...(after ? { after } : {}), size: String(q.size), ...(q.filter ? { filter: q.filter } : {}) })}`
    c.header('Cache-Control', PRIVATE)
    return v2(c, { skins: page.skins, pagination: { current: { after: q.after }, next: { after: last } } }, 200, {
      links: { self: link(q.after), next: last ? link(last) : undefined },
    })
  })

  return r
}
