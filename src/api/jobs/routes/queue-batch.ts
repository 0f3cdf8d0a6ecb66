/**
 * `POST /v2/queue/batch` (reference/mineskin-api.md §1.1): 1–24 `/v2/queue` JSON
 * bodies in one request, behind the grant `batch_generation` (403 `insufficient_grants` without it).
 * The batch is admitted as a whole — size 1–24 (else 400 `validation_error`) and as many requests
 * as it has items against the per-minute and per-hour limits (429 `rate_limit` with `Retry-After`
 * when they exceed what is left, and then nothing is queued). Every item is then read and prepared
 * (downloads included) on its own, and the new images of all of them are admitted as a whole against
 * the storage budget and the caller's daily storage quota (507 `storage_full`, 429 `storage_quota`
 * with `Retry-After`, and nothing is queued). Then every item goes through the same
 * generator as `POST /v2/queue` on its own: a bad item gets `success: false` with its own `errors`,
 * an existing skin answers like `/v2/queue`'s 200 (`skin_found`), the others are queued. The answer
 * is 202 with one result per item, in request order (docs/api.md "Batch generation").
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import { rateLimitHeaders } from '../../../shared/rate-limiter'
import { jsonGenerateBodySchema, MAX_BATCH_ITEMS, type CodeAndMessage, type QueueBatchItemResult } from '../../../shared/schemas/api'
import { jobSkin } from '../../direct/misc-answers'
import { ApiError, isApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { JobRow } from '../queue/job-queue'
import type { ApiServices } from '../../services'
import { createCreditCharger } from '../../users/services/credit-charge'
import type { PreparedSubmit } from '../generate/generator'
import { storageOwner, type StorageHold } from '../../services/storage/storage-meter'
import { readJsonBody } from '../../routes/body'
import type { ApiEnv } from '../../routes/env'
import { msg, parseOr400, v2, validationError } from '../../routes/envelope'
import { rateKey, submitRetryAfter } from './generate'
import { inputOfFields } from './generate-request'
import { toJobInfo } from './job-json'
import { ensureClientCookie } from '../../routes/middleware'

/** The outer shape, checked before any item: each item is parsed on its own so one bad item fails alone. */
const batchShapeSchema = z.object({ batch: z.array(z.unknown()).min(1).max(MAX_BATCH_ITEMS) })

/** The `errors` of an item that failed with `e`. */
const itemErrors = (e: ApiError): CodeAndMessage[] => [{ code: e.code, message: e.message }, ...e.causes]

/** One item as a generate input and options (the checks of `readGenerateRequest` for JSON bodies). */
function readItem(raw: unknown) {
  const parsed = jsonGenerateBodySchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const { url, user, value, signature, ...options } = parsed.data
  const input = inputOfFields({ url, user, value, signature })
  if (!input) throw new ApiError('invalid_request', 'Each item needs url, user, or value and signature', 400)
  return { input, options }
}

/**
 * The caller as the generator sees it during a batch: the pending-job cap admits the batch like one
 * `/v2/queue` submission (it passes when fewer than `concurrency` jobs were pending before it), so a
 * batch is not cut off at the cap by its own items.
 */
const batchCaller = (who: Identity, size: number): Identity => ({ ...who, grants: { ...who.grants, concurrency: who.grants.concurrency + size - 1 } })

/** True for a prepared item, false for an item that already failed. */
const isPrepared = (p: PreparedSubmit | QueueBatchItemResult): p is PreparedSubmit => 'prepared' in p

/** Builds the batch route. */
export function queueBatchRoutes(s: ApiServices) {
  const { ctx, queue, generator } = s
  const secure = ctx.config.publicUrl.startsWith('https:')
  const credits = createCreditCharger(ctx.store.db, ctx.now)
  const jobById = (id: string) => ctx.store.sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [id])
  const r = new Hono<ApiEnv>()

  /** Counts `n` requests when all fit in what is left this minute and hour; else 429 and nothing counted. */
  const limitBatch = async (c: Context<ApiEnv>, who: Identity, issued: boolean, n: number) => {
    const key = rateKey(who, issued)
    const now = ctx.now()
    // One all-or-none hit of `n`: atomic in the limiter (also on a Durable Object), so no
    // other request can take the allowance between the check and the count. Refused, `info` is the state before.
    const { allowed, info } = await ctx.limiter.hit(key, who.grants, now, { count: n })
    if (!allowed) {
      const { minute, hour } = info.limit
      c.set('rateLimit', info)
      for (const [k, v] of Object.entries(rateLimitHeaders(info))) c.header(k, v)
      const reset = minute.remaining < n && hour.remaining >= n ? minute.reset : hour.reset
      c.header('Retry-After', String(Math.max(1, Math.ceil(reset - now / 1000))))
      const left = Math.min(minute.remaining, hour.remaining)
      throw new ApiError('rate_limit', `Rate limit reached: the batch has ${n} items and ${left} requests are left`, 429)
    }
    c.set('rateLimit', info)
    for (const [k, v] of Object.entries(rateLimitHeaders(info))) c.header(k, v)
    return info
  }

  /** The item's failure as its result, or `e` again when it was not an ApiError; sets the 429's `Retry-After`. */
  const itemFailure = (c: Context<ApiEnv>, e: unknown): QueueBatchItemResult => {
    if (!isApiError(e)) throw e
    const retryAfter = submitRetryAfter(e, queue)
    if (retryAfter !== null) c.header('Retry-After', String(retryAfter))
    return { success: false, errors: itemErrors(e) }
  }

  /** Reads and prepares one item (options checked, input downloaded and decoded); nothing is stored. */
  const prepareItem = async (c: Context<ApiEnv>, raw: unknown, caller: Identity): Promise<PreparedSubmit | QueueBatchItemResult> => {
    try {
      const { input, options } = readItem(raw)
      return await generator.prepare(input, options, caller)
    } catch (e) {
      return itemFailure(c, e)
    }
  }

  /** Submits one prepared item whose image `storage` reserved; any ApiError becomes this item's `errors`. */
  const submitItem = async (c: Context<ApiEnv>, sub: PreparedSubmit, caller: Identity, owner: string, storage: StorageHold): Promise<QueueBatchItemResult> => {
    let hold: Awaited<ReturnType<typeof credits.charge>> = null
    try {
      hold = await credits.charge(caller)
      const result = await generator.submitPrepared(sub, caller, { breadcrumb: c.get('breadcrumb'), storageOwner: owner }, storage)
      // The row as the submit inserted it; read only where a submit gives none back.
      const job = result.job ?? (result.jobId ? await jobById(result.jobId) : null)
      if (!job) throw new ApiError('internal_error', 'Job vanished', 500)
      const info = toJobInfo(job, queue)
      if (result.skinUuid) {
        // An existing skin, or a Mojang-signed texture stored at once (docs/api.md "Existing Mojang textures").
        const found = result.duplicate !== undefined
        const skin = await jobSkin(s, result.skinUuid, found, caller)
        return { success: true, job: info, ...(skin ? { skin } : {}), messages: [found ? msg('skin_found', 'Found an existing skin') : msg('job_completed', 'Job completed')] }
      }
      return { success: true, job: info, messages: [msg('job_queued', 'Job queued')] }
    } catch (e) {
      await credits.refund(hold)
      return itemFailure(c, e)
    }
  }

  r.post('/v2/queue/batch', async (c) => {
    const who = c.get('identity')
    if (!who.grants.batch_generation) throw new ApiError('insufficient_grants', 'Batch generation needs the batch_generation grant', 403)
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    if (type !== 'application/json') throw new ApiError('invalid_content_type', `Unsupported content type ${type || '(none)'}; use application/json`, 415)
    const { batch: items } = parseOr400(batchShapeSchema, await readJsonBody(c.req.raw, 'queueBatchJson', ctx.config.bodyTimeoutMs))
    const issued = who.kind === 'anonymous' && ensureClientCookie(c, secure)
    const rateLimit = await limitBatch(c, who, issued, items.length)
    const caller = batchCaller(who, items.length)
    // Every item is read and prepared (downloads included) before any is stored, so the new images of
    // the whole batch are known and admitted at once against the storage limits, like the rate limit
    // above: refused, nothing is queued.
    const prepared: (PreparedSubmit | QueueBatchItemResult)[] = []
    for (const item of items) prepared.push(await prepareItem(c, item, caller))
    const subs = prepared.filter(isPrepared)
    const owner = storageOwner(who, issued)
    let storage: StorageHold
    try {
      storage = await generator.reserve(caller, owner, subs)
    } catch (e) {
      const retryAfter = isApiError(e) ? submitRetryAfter(e, queue) : null
      if (retryAfter !== null) c.header('Retry-After', String(retryAfter))
      throw e
    }
    // One after another: results keep the request order, and each item sees the jobs queued before it.
    const batch: QueueBatchItemResult[] = []
    try {
      for (const p of prepared) batch.push(isPrepared(p) ? await submitItem(c, p, caller, owner, storage) : p)
    } finally {
      // Items refused after the reservation (pending cap, credits) stored nothing: their bytes go back.
      await storage.release()
    }
    const queued = batch.filter((b) => b.success).length
    return v2(c, { batch, rateLimit }, 202, { messages: [msg('batch_queued', `${queued} of ${items.length} items accepted`)] })
  })

  return r
}
