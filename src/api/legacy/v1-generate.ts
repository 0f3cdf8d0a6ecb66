/**
 * `POST /generate/url|upload|user` and `GET /generate/user/{uuid}` of the v1 API (reference/
 * mineskin-api.md §7; MineSkin `routes/generate.ts`, which now runs `v2GenerateAndWait` and re-wraps
 * the skin): the same submission as `POST /v2/generate` (./../routes/generate-submit.ts: limits with
 * the delay grant, credits, storage quota), then a wait for the job, answered in the v1 shape; the
 * skin joins the user's legacy skins.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { V1GenerateResponse } from '../../shared/schemas/api'
import { ApiError } from '../errors'
import type { ApiServices } from '../services'
import { loadSkinRecord } from '../skins/services/skin-record'
import { recordLegacySkin } from '../users/services/legacy-skins'
import type { ApiEnv } from '../routes/env'
import { createSubmitter, generateUsage } from '../jobs/routes/generate-submit'
import { readV1Request, type V1Input } from './v1-request'
import { toV1Skin, v1DelayInfo } from './v1-skin'
import { withoutCookies } from './without-cookies'

/**
 * How long a v1 generate request waits for its job by default, and at most (`?timeout=` seconds).
 * Longer than v2's 10 s on purpose: v1 clients cannot poll a job, and MineskinClient 1.x gives up
 * after 30 s, SkinsRestorer after 90 s — a wait within that beats a timeout error.
 */
export const V1_WAIT_S = 25
const MAX_WAIT_S = 30

/** Warning on every v1 answer, as MineSkin's compatibility layer sends it. */
const DEPRECATED = { code: 'deprecated', message: 'this endpoint is deprecated, please use the v2 API' }

/** Builds the v1 generate routes. */
export function v1GenerateRoutes(s: ApiServices) {
  const submitter = createSubmitter(s)
  const r = new Hono<ApiEnv>()

  /** `pathUser`: the `:uuid` of the GET route; `clientCookie: false` there, see below. */
  const generate = async (c: Context<ApiEnv>, input: V1Input, opts: { pathUser?: string; clientCookie?: boolean } = {}) => {
    const t = Number.parseInt(c.req.query('timeout') ?? '', 10)
    const waitS = Number.isNaN(t) ? V1_WAIT_S : Math.min(MAX_WAIT_S, Math.max(1, t))
    const read = () => readV1Request(c, input, s.ctx.config.bodyTimeoutMs, opts.pathUser)
    const sub = await submitter.submit(c, { useDelay: true, checkOnly: null, read, clientCookie: opts.clientCookie })
    const uuid = await submitter.awaitSkin(sub.result, waitS * 1000, sub.result.jobId ? `/v2/queue/${sub.result.jobId}` : undefined)
    const rec = await loadSkinRecord(s.ctx.store.db, uuid)
    if (!rec || rec.skin.deletedAt !== null) throw new ApiError('unexpected_error', 'The generated skin is not available', 500)
    const delayInfo = v1DelayInfo(sub.rateLimit)
    const who = c.get('identity')
    // MineSkin appends every v1 answer to a user, new skin or duplicate, to `User.skins`, which
    // `GET /v2/me/legacyskins` lists (../users/services/legacy-skins.ts).
    if (who.userId) await recordLegacySkin(s.ctx.store.db, who.userId, uuid, s.ctx.now())
    const body: V1GenerateResponse = {
      ...toV1Skin(rec),
      duplicate: sub.result.duplicate !== undefined,
      nextRequest: delayInfo.seconds,
      delay: delayInfo.seconds,
      delayInfo,
      rateLimit: sub.rateLimit,
      ...generateUsage(sub),
      warnings: [...who.warnings, ...c.get('warnings'), DEPRECATED],
    }
    return c.json(body)
  }

  r.post('/generate/url', (c) => generate(c, 'url'))
  r.post('/generate/upload', (c) => generate(c, 'upload'))
  r.post('/generate/user', (c) => generate(c, 'user'))
  // MineskinClient 1.x's `generateUser(uuid, options, callback)`: a GET with the options in the query.
  // A GET acts without its cookies (./without-cookies.ts): another page can make the browser send it.
  // Nor does it hand out a client cookie, which would replace the visitor's own.
  r.get('/generate/user/:uuid', (c) => {
    c.set('identity', withoutCookies(c.get('identity'), s.ctx.config.grants.anonymous))
    return generate(c, 'user', { pathUser: c.req.param('uuid'), clientCookie: false })
  })
  return r
}
