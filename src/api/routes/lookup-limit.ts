/**
 * The per-minute limit of look-ups that reach the profile service or a remote host for a caller who
 * stores nothing: `/validate/name|uuid` and the editor's import (`/v2/editor/import`). They share
 * one bucket per caller (`LIMIT_VALIDATE_PER_MINUTE`), apart from the generate limits.
 * @module
 */
import type { Context } from 'hono'
import { ApiError } from '../errors'
import type { ApiContext } from '../services/context'
import type { ApiEnv } from './env'

/** Counts one look-up of the caller of `c`; throws 429 `rate_limit` with `Retry-After` when over. */
export async function lookupLimit(ctx: ApiContext, c: Context<ApiEnv>, message = 'Too many validation requests'): Promise<void> {
  const who = c.get('identity')
  const key = `validate:${who.apiKeyId ?? who.userId ?? who.ip ?? who.clientId ?? 'anonymous'}`
  const perMinute = ctx.config.validatePerMinute
  const res = await ctx.limiter.hit(key, { per_minute: perMinute, per_hour: perMinute * 60, delay: 0 }, ctx.now())
  if (!res.allowed) {
    c.header('Retry-After', String(Math.max(1, res.retryAfter)))
    throw new ApiError('rate_limit', message, 429)
  }
}
