/**
 * The delay a caller must keep between two `/v2/generate` requests, following the Mojang signing
 * pool's capacity when it signs (MineSkin: min delay ÷ usable accounts, 200 s with
 * none): a caller's own `delay` grant counts when it is longer.
 * @module
 */
import type { Grants } from '../../config'
import type { ApiContext } from '../../services/context'

/** MineSkin's advertised delay when no account can sign, seconds. */
const NO_ACCOUNT_DELAY_S = 200

/** `grants` with `delay` raised to the pool's pace. */
export function withPoolDelay(grants: Grants, ctx: Pick<ApiContext, 'signingPool'>): Grants {
  if (!ctx.signingPool) return grants
  const pace = ctx.signingPool.lastCapacity().paceMs
  const poolDelay = pace === null ? NO_ACCOUNT_DELAY_S : Math.ceil(pace / 1000)
  return poolDelay > grants.delay ? { ...grants, delay: poolDelay } : grants
}
