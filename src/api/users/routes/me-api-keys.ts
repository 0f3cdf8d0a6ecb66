/**
 * `GET /v2/me/apikeys` (MineSkin `routes/v2/me.ts`, `models/v2/me.ts` `v2ListKeys`): the API keys of
 * the caller's user, signed in or calling with a key of theirs. No user → 401 `unauthorized`, as
 * MineSkin. Revoked keys are left out (MineSkin deletes them); the key itself is never shown again.
 * Shapes in src/shared/schemas/api/me.ts.
 * @module
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import type { MeApiKeyListItem } from '../../../shared/schemas/api'
import { ApiError } from '../../errors'
import type { ApiEnv } from '../../routes/env'
import { v2 } from '../../routes/envelope'
import type { ApiServices } from '../../services'
import { apiKeys } from '../../store/schema'

const PRIVATE = 'private, no-store, max-age=0'

/** The grants stored on a key (JSON object of numbers, booleans and strings); anything else is no grant. */
export function keyGrants(json: string | null): MeApiKeyListItem['grants'] {
  if (!json) return {}
  try {
    const value: unknown = JSON.parse(json)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, number | boolean | string] => ['number', 'boolean', 'string'].includes(typeof e[1])))
  } catch {
    return {}
  }
}

/** Builds `GET /v2/me/apikeys`. */
export function meApiKeysRoutes(s: ApiServices) {
  const db = s.ctx.store.db
  const r = new Hono<ApiEnv>()

  r.get('/v2/me/apikeys', async (c) => {
    const who = c.get('identity')
    c.header('Cache-Control', PRIVATE)
    if (!who.userId) throw new ApiError('unauthorized', 'Sign in, or call with an API key of your account', 401)
    const rows = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, who.userId), isNull(apiKeys.revokedAt)))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
      .all()
    const keys: MeApiKeyListItem[] = rows.map((k) => ({
      id: k.id,
      name: k.name,
      // No payment provider runs here: a key is billed only in credits, never metered (as /v2/me/client).
      billable: Boolean(k.useCredits),
      useCredits: Boolean(k.useCredits),
      metered: false,
      grants: keyGrants(k.grants),
    }))
    return v2(c, { keys }, 200, { links: { self: '/v2/me/apikeys', key: who.apiKeyId ? '/v2/me/apikey' : undefined } })
  })

  return r
}
