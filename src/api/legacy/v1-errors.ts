/**
 * Errors of the legacy v1 routes in MineSkin's v1 shape (reference/mineskin-api.md §7; MineSkin
 * `index.ts` errorHandler): `{success:false, errorType, errorCode, error, breadcrumb, nextRequest,
 * delay, delayInfo}` with the HTTP status of the error, `error` in MineSkin's words
 * (./v1-messages.ts). SkinsRestorer ≤ 15.4 switches on `errorCode` (and, on a 403, on `error`) and
 * sleeps `delay` seconds on a 429; MineskinClient 1.x shows `error`.
 * @module
 */
import type { Context } from 'hono'
import type { RateLimitInfo, V1Error } from '../../shared/schemas/api'
import type { ApiError } from '../errors'
import type { ApiEnv } from '../routes/env'
import { v1Message } from './v1-messages'
import { v1DelayInfo } from './v1-skin'

/** `errorType` as MineSkin names its error classes: the generator's own failures, else the general one. */
const errorType = (e: ApiError): string => (e.source === 'SERVER' || e.source === 'UPSTREAM' ? 'GeneratorError' : 'MineSkinError')

/**
 * The v1 body of `e`. `rateLimit` is the caller's (for `delayInfo`; in full once the request was
 * counted, which the 429 texts read); `retryAfter` the seconds of a 429, which become `delay` and
 * `nextRequest` so a client that sleeps that long gets through.
 */
export function v1ErrorBody(e: ApiError, breadcrumb: string | null, rateLimit: RateLimitInfo | Pick<RateLimitInfo, 'delay'>, retryAfter: number | null): V1Error {
  const delayInfo = v1DelayInfo(rateLimit)
  const wait = retryAfter ?? delayInfo.seconds
  const info = 'limit' in rateLimit ? rateLimit : undefined
  return { success: false, errorType: errorType(e), errorCode: e.code, error: v1Message(e, info), breadcrumb, nextRequest: wait, delay: wait, delayInfo }
}

/** Sends `e` as a v1 error; `rateLimit` is used when the request was not counted yet. */
export function sendV1Error(c: Context<ApiEnv>, e: ApiError, rateLimit: Pick<RateLimitInfo, 'delay'>) {
  const retry = Number(c.res.headers.get('Retry-After') ?? NaN)
  const body = v1ErrorBody(e, c.get('breadcrumb') ?? null, c.get('rateLimit') ?? rateLimit, Number.isFinite(retry) ? retry : null)
  c.header('MineSkin-Api-Version', 'v1')
  return c.json(body, e.status)
}
