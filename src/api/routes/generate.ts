/**
 * `POST /v2/generate`, `POST /v2/queue`, `GET /v2/queue`, `GET /v2/queue/{id}`
 * (reference/mineskin-api.md §1.1, §1.5, §6). Generate and queue count against the caller's
 * per-minute/per-hour limits (and `/v2/generate` also against the delay grant), answer with
 * `rateLimit` and the `X-RateLimit-*` headers, and 429 `rate_limit` with `Retry-After` when over;
 * the pending-job caps (429 `job_limit`, `concurrency_limit`) and the daily storage quota (429
 * `storage_quota`, issue 26 point 7) carry `Retry-After` too; a full storage budget is 507 `storage_full`.
 * @module
 */
import { withPoolDelay } from './pool-delay'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { jobAnswer, jobById as jobByParam, jobSkin } from '../direct/misc-answers'
import { ApiError, isApiError } from '../errors'
import type { Identity } from '../identity'
import { rateLimitHeaders } from '../../shared/rate-limiter'
import type { JobQueue, JobRow } from '../queue/job-queue'
import type { ApiServices } from '../services'
import { createCreditCharger } from '../services/accounts/credit-charge'
import { StorageQuotaError } from '../services/storage/storage-errors'
import { storageOwner } from '../services/storage/storage-meter'
import type { ApiEnv } from './env'
import { msg, send, v2 } from './envelope'
import { readGenerateRequest } from './generate-request'
import { jobErrors, toJobInfo } from './job-json'
import { ensureClientCookie } from './middleware'

/** Jobs listed by `GET /v2/queue` are at most this old (reference §1.1). */
export const JOB_LIST_WINDOW_MS = 3 * 3_600_000
/** `/v2/generate` waits this long by default, and at most `MAX_TIMEOUT_S` (reference §1.1). */
const DEFAULT_TIMEOUT_S = 10
const MAX_TIMEOUT_S = 30

/**
 * `Retry-After` of 429 `job_limit` / `concurrency_limit` (issue 10 point 5): the cap frees up when one
 * of the caller's pending jobs finishes, which takes about the queue's recent mean time from
 * submission to completion; 1…60 s.
 */
export function pendingRetryAfter(queue: Pick<JobQueue, 'durations'>): number {
  const d = queue.durations()
  return Math.min(60, Math.max(1, Math.ceil((d.pending + d.generate) / 1000)))
}

/**
 * `Retry-After` seconds of a 429 the generator raised, or null when waiting does not help: the
 * pending-job caps free up as jobs finish, the storage quota at 00:00 UTC (issue 26 point 7).
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

/** Builds the generate and queue routes. */
export function generateRoutes(s: ApiServices) {
  const { ctx, queue, generator } = s
  const db = ctx.store.db
  const secure = ctx.config.publicUrl.startsWith('https:')
  const r = new Hono<ApiEnv>()
  const credits = createCreditCharger(db, ctx.now)
  const jobById = (id: string) => ctx.store.sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [id])

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

  const skinJson = (uuid: string, duplicate: boolean) => jobSkin(s, uuid, duplicate)

  /** Anonymous callers get the client cookie that makes them the owner of what they create. */
  const clientCookie = (c: Context<ApiEnv>) => c.get('identity').kind === 'anonymous' && ensureClientCookie(c, secure)

  const submit = async (c: Context<ApiEnv>, useDelay: boolean, checkOnly: boolean | null) => {
    const issued = clientCookie(c)
    const rateLimit = await limit(c, issued, useDelay)
    const req = await readGenerateRequest(c, ctx.config.bodyTimeoutMs)
    // Keys with `useCredits` pay one credit per accepted job (src/api/services/accounts/credit-charge.ts).
    const hold = await credits.charge(c.get('identity'))
    let result: Awaited<ReturnType<typeof generator.submit>>
    try {
      result = await generator.submit(req.input, req.options, c.get('identity'), {
        breadcrumb: c.get('breadcrumb'),
        checkOnly: checkOnly ?? req.checkOnly,
        storageOwner: storageOwner(c.get('identity'), issued),
      })
    } catch (e) {
      await credits.refund(hold)
      const retryAfter = isApiError(e) ? submitRetryAfter(e, queue) : null
      if (retryAfter !== null) c.header('Retry-After', String(retryAfter))
      throw e
    }
    if (result.jobId === null) await credits.refund(hold)
    return { result, rateLimit }
  }

  r.post('/v2/queue', async (c) => {
    const { result, rateLimit } = await submit(c, false, false)
    const job = await jobById(result.jobId!)
    if (!job) throw new ApiError('internal_error', 'Job vanished', 500)
    const links = {
      job: `/v2/queue/${job.id}`,
      image: result.imageHash ? `/v2/images/${result.imageHash}` : undefined,
      skin: result.skinUuid ? `/v2/skins/${result.skinUuid}` : undefined,
    }
    if (result.skinUuid) {
      return v2(c, { job: toJobInfo(job, queue), skin: await skinJson(result.skinUuid, true), rateLimit }, 200, {
        messages: [msg('skin_found', 'Found an existing skin')],
        links,
      })
    }
    return v2(c, { job: toJobInfo(job, queue), rateLimit }, 202, { messages: [msg('job_queued', 'Job queued')], links })
  })

  r.post('/v2/generate', async (c) => {
    const t = Number(c.req.query('timeout') ?? DEFAULT_TIMEOUT_S)
    const timeoutS = Number.isFinite(t) ? Math.min(MAX_TIMEOUT_S, Math.max(1, Math.floor(t))) : DEFAULT_TIMEOUT_S
    const { result, rateLimit } = await submit(c, true, null)
    const links = {
      job: result.jobId ? `/v2/queue/${result.jobId}` : undefined,
      image: result.imageHash ? `/v2/images/${result.imageHash}` : undefined,
    }
    let skinUuid = result.skinUuid
    if (!skinUuid) {
      const done = await queue.waitFor(result.jobId!, timeoutS * 1000)
      if (!done) throw new ApiError('generator_timeout', `The skin was not ready within ${timeoutS} s; poll ${links.job}`, 500)
      if (done.status === 'failed') {
        const [first, ...rest] = jobErrors(done)
        throw new ApiError(first!.code, first!.message, 500, 'SERVER', rest)
      }
      skinUuid = done.result ?? undefined
    }
    const skin = skinUuid ? await skinJson(skinUuid, result.duplicate !== undefined) : undefined
    if (!skin) throw new ApiError('unexpected_error', 'The generated skin is not available', 500)
    return v2(c, { skin, rateLimit }, 200, {
      messages: result.duplicate ? [msg('skin_found', 'Found an existing skin')] : [],
      links: { ...links, skin: `/v2/skins/${skin.uuid}` },
    })
  })

  r.get('/v2/queue', async (c) => {
    const issued = clientCookie(c)
    const who = c.get('identity')
    const since = ctx.now() - JOB_LIST_WINDOW_MS
    const base = 'SELECT * FROM jobs WHERE created_at >= ? AND '
    let rows: JobRow[] = []
    const q = (where: string, ...args: (string | number)[]) =>
      ctx.store.sql.all<JobRow>(`${base}${where} ORDER BY created_at DESC LIMIT 1000`, [since, ...args])
    if (who.apiKeyId) rows = await q('api_key_id = ?', who.apiKeyId)
    else if (who.userId) rows = await q('user_id = ?', who.userId)
    // An anonymous caller sees the jobs of its own client cookie only: the address is shared by
    // everyone behind the same NAT or proxy, so it never names whose jobs these are (issue 7 point 4).
    // A cookie issued just now has no jobs yet.
    else if (!issued && who.clientId) rows = await q('client_id = ? AND user_id IS NULL AND api_key_id IS NULL', who.clientId)
    c.header('Cache-Control', 'private, no-store, max-age=1')
    return v2(c, { jobs: rows.map((j) => toJobInfo(j, queue)) }, 200, { links: { self: '/v2/queue' } })
  })

  r.get('/v2/queue/:jobId', async (c) => {
    const job = await jobByParam(s, c.req.param('jobId'))
    c.header('Cache-Control', 'private, max-age=1')
    c.header('MineSkin-Breadcrumb', job.breadcrumb)
    return send(c, await jobAnswer(s, job))
  })

  return r
}
