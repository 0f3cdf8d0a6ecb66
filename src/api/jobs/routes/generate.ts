/**
 * `POST /v2/generate`, `POST /v2/queue`, `GET /v2/queue`, `GET /v2/queue/{id}` (with our `wait`
 * long-poll, ./job-long-poll.ts) (reference/mineskin-api.md §1.1, §1.5, §6). Generate and queue count
 * against the caller's per-minute/per-hour limits (and `/v2/generate` also against the delay grant), answer with
 * `rateLimit` and the `X-RateLimit-*` headers, and 429 `rate_limit` with `Retry-After` when over;
 * the pending-job caps (429 `job_limit`, `concurrency_limit`) and the daily storage quota (429
 * `storage_quota`) carry `Retry-After` too; a full storage budget is 507 `storage_full`.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { jobAnswer, jobById as jobByParam, jobSkin } from '../../direct/misc-answers'
import { ApiError } from '../../errors'
import type { JobRow } from '../queue/job-queue'
import type { ApiServices } from '../../services'
import { jobQuerySchema, queueSubmitQuerySchema } from '../../../shared/schemas/api'
import type { ApiEnv } from '../../routes/env'
import { msg, parseOr400, send, v2 } from '../../routes/envelope'
import { readGenerateRequest } from './generate-request'
import { toJobInfo } from './job-json'
import { jobAfterSubmitWait, jobAfterWait } from './job-long-poll'
import { createSubmitter, generateUsage } from './generate-submit'

// Moved to ./generate-submit (shared with the v1 routes); re-exported for existing importers.
export { pendingRetryAfter, rateKey, submitRetryAfter } from './generate-submit'

/** Jobs listed by `GET /v2/queue` are at most this old (reference §1.1). */
export const JOB_LIST_WINDOW_MS = 3 * 3_600_000
/** `/v2/generate` waits this long by default, and at most `MAX_TIMEOUT_S` (reference §1.1). */
const DEFAULT_TIMEOUT_S = 10
const MAX_TIMEOUT_S = 30

/** Builds the generate and queue routes. */
export function generateRoutes(s: ApiServices) {
  const { ctx, queue } = s
  const r = new Hono<ApiEnv>()
  const submitter = createSubmitter(s)
  const jobById = (id: string) => ctx.store.sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [id])

  const skinJson = (c: Context<ApiEnv>, uuid: string, duplicate: boolean) => jobSkin(s, uuid, duplicate, c.get('identity'))
  const submit = (c: Context<ApiEnv>, useDelay: boolean, checkOnly: boolean | null) =>
    submitter.submit(c, { useDelay, checkOnly, read: () => readGenerateRequest(c, ctx.config.bodyTimeoutMs) })

  r.post('/v2/queue', async (c) => {
    // Read before the submit: a bad `wait` writes nothing.
    const { wait } = parseOr400(queueSubmitQuerySchema, c.req.query())
    const { result, rateLimit } = await submit(c, false, false)
    // The row as the submit inserted it; read only where a submit gives none back.
    const queued = result.job ?? (await jobById(result.jobId!))
    if (!queued) throw new ApiError('internal_error', 'Job vanished', 500)
    const links = {
      job: `/v2/queue/${queued.id}`,
      image: result.imageHash ? `/v2/images/${result.imageHash}` : undefined,
      skin: result.skinUuid ? `/v2/skins/${result.skinUuid}` : undefined,
    }
    if (result.skinUuid) {
      // An existing skin, or a Mojang-signed texture stored at once (docs/api.md "Existing Mojang textures").
      const found = result.duplicate !== undefined
      return v2(c, { job: toJobInfo(queued, queue), skin: await skinJson(c, result.skinUuid, found), rateLimit }, 200, {
        messages: [found ? msg('skin_found', 'Found an existing skin') : msg('job_completed', 'Job completed')],
        links,
      })
    }
    const job = await jobAfterSubmitWait(s, queued, wait, c.req.raw.signal)
    if (job.status === 'completed' || job.status === 'failed') {
      // Finished within the wait: what the job read would answer now (skin, or errors), 200 like a found skin.
      const read = await jobAnswer(s, job, c.get('identity'), { justWritten: true })
      return v2(c, { ...read.payload, rateLimit }, 200, {
        ...read.parts,
        messages: [msg('job_queued', 'Job queued'), ...(read.parts?.messages ?? [])],
        links: { ...links, skin: job.result ? `/v2/skins/${job.result}` : undefined },
      })
    }
    return v2(c, { job: toJobInfo(job, queue), rateLimit }, 202, { messages: [msg('job_queued', 'Job queued')], links })
  })

  r.post('/v2/generate', async (c) => {
    const t = Number(c.req.query('timeout') ?? DEFAULT_TIMEOUT_S)
    const timeoutS = Number.isFinite(t) ? Math.min(MAX_TIMEOUT_S, Math.max(1, Math.floor(t))) : DEFAULT_TIMEOUT_S
    const sub = await submit(c, true, null)
    const { result, rateLimit } = sub
    const links = {
      job: result.jobId ? `/v2/queue/${result.jobId}` : undefined,
      image: result.imageHash ? `/v2/images/${result.imageHash}` : undefined,
    }
    const skinUuid = await submitter.awaitSkin(result, timeoutS * 1000, links.job)
    const skin = await skinJson(c, skinUuid, result.duplicate !== undefined)
    if (!skin) throw new ApiError('unexpected_error', 'The generated skin is not available', 500)
    return v2(c, { skin, rateLimit, ...generateUsage(sub) }, 200, {
      messages: result.duplicate ? [msg('skin_found', 'Found an existing skin')] : [],
      links: { ...links, skin: `/v2/skins/${skin.uuid}` },
    })
  })

  r.get('/v2/queue', async (c) => {
    const issued = submitter.clientCookie(c)
    const who = c.get('identity')
    const since = ctx.now() - JOB_LIST_WINDOW_MS
    const base = 'SELECT * FROM jobs WHERE created_at >= ? AND '
    let rows: JobRow[] = []
    const q = (where: string, ...args: (string | number)[]) =>
      ctx.store.sql.all<JobRow>(`${base}${where} ORDER BY created_at DESC LIMIT 1000`, [since, ...args])
    if (who.apiKeyId) rows = await q('api_key_id = ?', who.apiKeyId)
    else if (who.userId) rows = await q('user_id = ?', who.userId)
    // An anonymous caller sees the jobs of its own client cookie only: the address is shared by
    // everyone behind the same NAT or proxy, so it never names whose jobs these are.
    // A cookie issued just now has no jobs yet.
    else if (!issued && who.clientId) rows = await q('client_id = ? AND user_id IS NULL AND api_key_id IS NULL', who.clientId)
    c.header('Cache-Control', 'private, no-store, max-age=1')
    return v2(c, { jobs: rows.map((j) => toJobInfo(j, queue)) }, 200, { links: { self: '/v2/queue' } })
  })

  r.get('/v2/queue/:jobId', async (c) => {
    const { wait } = parseOr400(jobQuerySchema, c.req.query())
    const job = await jobAfterWait(s, await jobByParam(s, c.req.param('jobId')), wait, c.req.raw.signal)
    c.header('Cache-Control', 'private, max-age=1')
    c.header('MineSkin-Breadcrumb', job.breadcrumb)
    return send(c, await jobAnswer(s, job, c.get('identity')))
  })

  return r
}
