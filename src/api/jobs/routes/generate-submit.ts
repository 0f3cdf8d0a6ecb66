/**
 * Submitting a generate request, shared by `POST /v2/generate|queue` (./generate.ts) and the legacy
 * v1 routes (src/api/legacy), so both count against the same limits, credits and storage quota and
 * wait for a job the same way (v1 is a thin layer over the same services).
 * @module
 */
import type { Context } from 'hono'
import { rateLimitHeaders } from '../../../shared/rate-limiter'
import type { RateLimitInfo, UsageInfo } from '../../../shared/schemas/api'
import { ApiError, isApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { JobQueue } from '../queue/job-queue'
import type { ApiServices } from '../../services'
import { createCreditCharger } from '../../users/services/credit-charge'
import type { SubmitResult } from '../generate/generator'
import { StorageQuotaError } from '../../services/storage/storage-errors'
import { storageOwner } from '../../services/storage/storage-meter'
import type { ApiEnv } from '../../routes/env'
import type { GenerateRequest } from './generate-request'
import { jobErrors } from './job-json'
import { ensureClientCookie } from '../../routes/middleware'
import { withPoolDelay } from './pool-delay'

/**
 * `Retry-After` of 429 `job_limit` / `concurrency_limit` (docs/operations.md "Request limits"): the cap
 * frees up when one of the caller's pending jobs finishes, which takes about the queue's recent mean
 * time from submission to completion; 1…60 s.
 */
export function pendingRetryAfter(queue: Pick<JobQueue, 'durations'>): number {
  const d = queue.durations()
  return Math.min(60, Math.max(1, Math.ceil((d.pending + d.generate) / 1000)))
}

/**
 * `Retry-After` seconds of a 429 the generator raised, or null when waiting does not help: the
 * pending-job caps free up as jobs finish, the storage quota at 00:00 UTC.
 */
export function submitRetryAfter(e: ApiError, queue: Pick<JobQueue, 'durations'>): number | null {
  if (e instanceof StorageQuotaError) return e.retryAfter
  if (e.code === 'job_limit' || e.code === 'concurrency_limit') return pendingRetryAfter(queue)
  return null
}

/** Rate-limit bucket of a caller: key, user, forwarded address, existing cookie, else shared. */
export function rateKey(who: Identity, cookieIssued: boolean): string {
  if (who.apiKeyId) return `key:${who.apiKeyId}`
  if (who.userId) return `user:${who.userId}`
  if (who.ip) return `ip:${who.ip}`
  if (who.clientId && !cookieIssued) return `client:${who.clientId}`
  return 'anonymous'
}

/** What one submission asks for. */
export interface SubmitOptions {
  /** Whether the caller's delay grant applies (`/v2/generate` and v1 generate; `/v2/queue` has none). */
  useDelay: boolean
  /** Forces `checkOnly` on or off; null takes the request's own flag. */
  checkOnly: boolean | null
  /** Reads the request body; called after the rate limit, so a refused caller's body is never parsed. */
  read: () => Promise<GenerateRequest>
  /**
   * False when the request must not set the anonymous client cookie: a GET that acts without its
   * cookies (src/api/legacy/without-cookies.ts) would otherwise replace the visitor's own cookie.
   */
  clientCookie?: boolean
}

/** A submission's outcome and the rate limit it was counted against. */
export interface Submitted {
  result: SubmitResult
  rateLimit: RateLimitInfo
  /** Credits the request spent (`usage.credits`, reference §1.3), when the caller's key spends credits. */
  credits?: { used: number; remaining: number }
}

/**
 * `usage` of a generate answer whose request ran a job (reference §1.3; MineSkin sends it only then,
 * not for a skin found at once): the credit spent, if any, and the caller's delay and next request.
 */
export function generateUsage(sub: Pick<Submitted, 'result' | 'rateLimit' | 'credits'>): { usage?: UsageInfo } {
  if (sub.result.skinUuid || sub.result.jobId === null) return {}
  const rate = { delay: sub.rateLimit.delay.millis, next: sub.rateLimit.next.absolute }
  return { usage: { ...(sub.credits ? { credits: { type: 'api', ...sub.credits } } : {}), rate } }
}

/** Builds the submit and wait steps over the API services. */
export function createSubmitter(s: ApiServices) {
  const { ctx, queue, generator } = s
  const secure = ctx.config.publicUrl.startsWith('https:')
  const credits = createCreditCharger(ctx.store.db, ctx.now)

  /** Counts the request against the caller's limits; sets headers; throws 429 when over. */
  const limit = async (c: Context<ApiEnv>, cookieIssued: boolean, useDelay: boolean) => {
    const who = c.get('identity')
    const res = await ctx.limiter.hit(rateKey(who, cookieIssued), withPoolDelay(who.grants, ctx), ctx.now(), { useDelay })
    c.set('rateLimit', res.info)
    for (const [k, v] of Object.entries(rateLimitHeaders(res.info))) c.header(k, v)
    if (!res.allowed) {
      c.header('Retry-After', String(Math.max(1, res.retryAfter)))
      const why = res.reason === 'delay' ? 'Too many requests; wait before the next one' : `Rate limit reached (${res.reason?.replace('_', ' ')})`
      throw new ApiError('rate_limit', why, 429)
    }
    return res.info
  }

  /** Anonymous callers get the client cookie that makes them the owner of what they create. */
  const clientCookie = (c: Context<ApiEnv>) => c.get('identity').kind === 'anonymous' && ensureClientCookie(c, secure)

  return {
    clientCookie,

    /** Limits, reads, charges and submits one request. */
    async submit(c: Context<ApiEnv>, opts: SubmitOptions): Promise<Submitted> {
      const issued = opts.clientCookie !== false && clientCookie(c)
      const rateLimit = await limit(c, issued, opts.useDelay)
      const req = await opts.read()
      // Keys with `useCredits` pay one credit per accepted job (src/api/users/services/credit-charge.ts).
      const hold = await credits.charge(c.get('identity'))
      let result: SubmitResult
      try {
        result = await generator.submit(req.input, req.options, c.get('identity'), {
          breadcrumb: c.get('breadcrumb'),
          checkOnly: opts.checkOnly ?? req.checkOnly,
          storageOwner: storageOwner(c.get('identity'), issued),
        })
      } catch (e) {
        await credits.refund(hold)
        const retryAfter = isApiError(e) ? submitRetryAfter(e, queue) : null
        if (retryAfter !== null) c.header('Retry-After', String(retryAfter))
        throw e
      }
      if (result.jobId === null) await credits.refund(hold)
      const spent = result.jobId !== null && hold ? { used: 1, remaining: hold.remaining } : undefined
      return { result, rateLimit, ...(spent ? { credits: spent } : {}) }
    },

    /**
     * The skin uuid of a submission: at once for a duplicate, else once its job completes within
     * `timeoutMs` (500 `generator_timeout` after, the job's own errors when it failed).
     */
    async awaitSkin(result: SubmitResult, timeoutMs: number, jobLink: string | undefined): Promise<string> {
      if (result.skinUuid) return result.skinUuid
      const done = await queue.waitFor(result.jobId!, timeoutMs)
      if (!done) throw new ApiError('generator_timeout', `The skin was not ready within ${Math.round(timeoutMs / 1000)} s; poll ${jobLink}`, 500)
      if (done.status === 'failed') {
        const [first, ...rest] = jobErrors(done)
        throw new ApiError(first!.code, first!.message, 500, 'SERVER', rest)
      }
      if (!done.result) throw new ApiError('unexpected_error', 'The generated skin is not available', 500)
      return done.result
    },
  }
}

/** The submitter type. */
export type Submitter = ReturnType<typeof createSubmitter>
