/**
 * `GET /v2/usage` (MineSkin `routes/v2/usage.ts`, `models/v2/usage.ts` `v2GetUsageInfo`): the
 * signed-in user's usage. MineSkin answers `{ usage: { credits: { remaining, used } } }`; its
 * per-minute part is commented out there, and its `UsageInfo` type has `rate: { delay, next }` for it,
 * which is what generate answers carry here too (src/api/jobs/routes/generate-submit.ts), so it is sent.
 * No user → 401 `invalid_user` (MineSkin throws `invalid_user` without a status; 401 as
 * `/v2/me/credits` here). `Cache-Control: private, no-store, max-age=5` as MineSkin's.
 * @module
 */
import { Hono } from 'hono'
import type { UsageResponse } from '../../../shared/schemas/api'
import { ApiError } from '../../errors'
import { rateKey } from '../../jobs/routes/generate'
import { withPoolDelay } from '../../jobs/routes/pool-delay'
import type { ApiEnv } from '../../routes/env'
import { v2 } from '../../routes/envelope'
import type { ApiServices } from '../../services'
import { createCreditLedger } from '../services/credits'

/** Builds `GET /v2/usage`. */
export function usageRoutes(s: ApiServices) {
  const ledger = createCreditLedger(s.ctx.store.db)
  const r = new Hono<ApiEnv>()

  r.get('/v2/usage', async (c) => {
    const who = c.get('identity')
    c.header('Cache-Control', 'private, no-store, max-age=5')
    if (!who.userId) throw new ApiError('invalid_user', 'Sign in or use an API key of an account to see usage', 401)
    const now = s.ctx.now()
    const credits = await ledger.summary(who.userId, now)
    // As /v2/delay: the pool's capacity is read first, so its delay counts (./me-account.ts).
    if (s.ctx.signingPool) await s.ctx.signingPool.capacity()
    const rate = await s.ctx.limiter.peek(rateKey(who, false), withPoolDelay(who.grants, s.ctx), now)
    const usage: UsageResponse['usage'] = {
      credits: { remaining: credits.all.balance, used: credits.all.total - credits.all.balance },
      rate: { delay: rate.delay.millis, next: rate.next.absolute },
    }
    return v2(c, { usage }, 200, { links: { self: '/v2/usage' } })
  })

  return r
}
