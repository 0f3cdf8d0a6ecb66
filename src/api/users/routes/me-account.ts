/**
 * `GET /v2/me/client`, `/v2/me/credits`, `/v2/me/apikey` and the deprecated `GET /v2/delay`
 * (reference/mineskin-api.md §1.8). Shapes in src/shared/schemas/api/me.ts.
 * Error choices follow MineSkin's `models/v2/me.ts`: no key → `invalid_api_key`, no user →
 * `invalid_user`. `invalid_api_key` is a 403, the status MineSkin's OpenAPI documents for
 * `/v2/me/apikey` (it has no 401 there; its code throws without a status, a 500) and the one every
 * other `invalid_api_key` has; `invalid_user` stays 401: the caller did not sign in.
 * @module
 */
import { withPoolDelay } from '../../jobs/routes/pool-delay'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { ApiError } from '../../errors'
import { rateLimitHeaders } from '../../../shared/rate-limiter'
import type { ApiServices } from '../../services'
import { createCreditLedger } from '../services/credits'
import { validSubscriptions } from '../services/subscription-grants'
import { apiKeys } from '../../store/schema'
import type { ApiEnv } from '../../routes/env'
import { msg, v2 } from '../../routes/envelope'
import { rateKey } from '../../jobs/routes/generate'

const PRIVATE = 'private, no-store, max-age=0'

/** Epoch ms as an ISO 8601 string. */
const isoTime = (ms: number): string => new Date(ms).toISOString()

/** JSON array of strings, else empty. */
export function stringList(json: string | null): string[] {
  if (!json) return []
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** Builds the account routes of `/v2/me/*` and `/v2/delay`. */
export function meAccountRoutes(s: ApiServices) {
  const db = s.ctx.store.db
  const ledger = createCreditLedger(db)
  const r = new Hono<ApiEnv>()
  const keyRow = async (id: string | null) => (id ? await db.select().from(apiKeys).where(eq(apiKeys.id, id)).get() : undefined)

  r.get('/v2/me/client', async (c) => {
    const who = c.get('identity')
    const key = await keyRow(who.apiKeyId)
    const useCredits = Boolean(key?.useCredits && who.userId)
    c.header('Cache-Control', PRIVATE)
    // What the caller did not send is left out, not null: MineSkin's `v2GetClientInfo` copies
    // `undefined` fields, which JSON drops.
    return v2(
      c,
      {
        client: {
          agent: who.userAgent ?? undefined,
          origin: c.req.header('origin'),
          key: who.apiKeyId ?? undefined,
          user: who.userId ?? undefined,
          ip: who.ip ?? undefined,
          // No payment provider: only credit-spending keys are billed, never metered.
          billable: useCredits,
          metered: false,
          credits: useCredits,
        },
      },
      200,
      { links: { self: '/v2/me/client' } },
    )
  })

  r.get('/v2/me/credits', async (c) => {
    const who = c.get('identity')
    c.header('Cache-Control', PRIVATE)
    if (!who.userId) throw new ApiError('invalid_user', 'Sign in or use an API key of an account to see credits', 401)
    const sum = await ledger.summary(who.userId, s.ctx.now())
    if (sum.all.total === 0) c.get('warnings').push(msg('no_credits', 'No credits'))
    else if (sum.all.balance <= 0) c.get('warnings').push(msg('insufficient_credits', 'Insufficient credits'))
    if (sum.current) {
      c.header('X-MineSkin-Credits-Type', sum.current.type)
      c.header('X-MineSkin-Credits-Balance', String(sum.current.balance))
    }
    return v2(c, { credit: { current: sum.current ?? {}, all: sum.all } }, 200, { links: { self: '/v2/me/credits' } })
  })

  r.get('/v2/me/apikey', async (c) => {
    const who = c.get('identity')
    c.header('Cache-Control', PRIVATE)
    const key = await keyRow(who.apiKeyId)
    if (!key) throw new ApiError('invalid_api_key', 'Call this endpoint with `Authorization: Bearer <key>`', 403)
    const subs = key.userId ? [...new Set((await validSubscriptions(db, key.userId, s.ctx.now())).map((x) => x.productGroup))] : []
    return v2(
      c,
      {
        key: {
          id: key.id,
          name: key.name,
          user: key.userId,
          // ISO strings like MineSkin's key dates (schemas/api/me.ts).
          createdAt: isoTime(key.createdAt),
          updatedAt: key.updatedAt === null ? null : isoTime(key.updatedAt),
          lastUsed: key.lastUsed === null ? null : isoTime(key.lastUsed),
          minDelay: who.grants.delay,
          allowedOrigins: stringList(key.allowedOrigins),
          // Not restricted by address or agent in the embedded service (kept for client compatibility).
          allowedIps: [],
          allowedAgents: [],
          useCredits: Boolean(key.useCredits),
          subscription: subs.length ? subs.join(',') : null,
          grants: who.grants,
        },
      },
      200,
      { links: { self: '/v2/me/apikey' } },
    )
  })

  r.get('/v2/delay', async (c) => {
    const who = c.get('identity')
    if (s.ctx.signingPool) await s.ctx.signingPool.capacity()
    const info = await s.ctx.limiter.peek(rateKey(who, false), withPoolDelay(who.grants, s.ctx), s.ctx.now())
    for (const [k, v] of Object.entries(rateLimitHeaders(info))) c.header(k, v)
    c.header('Cache-Control', PRIVATE)
    return c.json({ success: true, rateLimit: info })
  })

  return r
}
