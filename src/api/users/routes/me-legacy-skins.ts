/**
 * `GET /v2/me/legacyskins` (MineSkin `routes/v2/me.ts`, `models/v2/skins.ts` `v2UserLegacySkinList`):
 * `{ skins: { v1: [uuid, …] } }`, the skins the caller's user got from the v1 generate routes. No
 * user → 401 `unauthorized`, as MineSkin. MineSkin's 404 `user_not_found` (a user id without its
 * user document) has no case here: a session counts only while its user exists, and deleting an
 * account revokes its keys (src/accounts/services/delete-account.ts).
 *
 * The list is kept as MineSkin keeps `User.skins`: the v1 generate routes record every successful
 * answer to a user, new skin or duplicate (src/api/legacy/v1-generate.ts).
 * @module
 */
import { Hono } from 'hono'
import { ApiError } from '../../errors'
import type { ApiEnv } from '../../routes/env'
import { v2 } from '../../routes/envelope'
import type { ApiServices } from '../../services'
import { listLegacySkins } from '../services/legacy-skins'

const PRIVATE = 'private, no-store, max-age=0'

/** Builds `GET /v2/me/legacyskins`. */
export function meLegacySkinsRoutes(s: ApiServices) {
  const db = s.ctx.store.db
  const r = new Hono<ApiEnv>()

  r.get('/v2/me/legacyskins', async (c) => {
    const who = c.get('identity')
    c.header('Cache-Control', PRIVATE)
    if (!who.userId) throw new ApiError('unauthorized', 'Sign in, or call with an API key of your account', 401)
    return v2(c, { skins: { v1: await listLegacySkins(db, who.userId) } }, 200, { links: { self: '/v2/me/legacyskins' } })
  })

  return r
}
