/**
 * Community routes (reference/mineskin-api.md §1.7): tags, tag votes, reports, views, likes, and
 * the anti-bot challenge. Votes, reports and likes need an identifiable caller (user, API key or
 * the anonymous client cookie; reports the user or the address, ../community/reports.ts) and an
 * anti-bot proof in `Turnstile-Token`; views without a valid proof still answer 204 but are not
 * counted, like MineSkin.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { reportBodySchema, skinUuidSchema, tagVoteBodySchema } from '../../../shared/schemas/api'
import { ANTIBOT_HEADER } from '../../antibot/verifier'
import { tagsAnswer } from '../../direct/skin-answers'
import { ApiError } from '../../errors'
import { identityKey } from '../../users/identity/identity'
import type { ApiServices } from '../../services'
import { addLike, addView } from '../community/interactions'
import { fileReport, reportFiler, ReportLimitError } from '../community/reports'
import { voteTag } from '../community/tags'
import { refuseBannedTag } from '../../moderation/bans'
import { requireVisibleSkin } from '../services/skin-access'
import { readJsonBody, type BodyRoute } from '../../routes/body'
import type { ApiEnv } from '../../routes/env'
import { msg, parseOr400, send, v2 } from '../../routes/envelope'
import { ensureClientCookie } from '../../routes/middleware'

/** Builds the community routes. */
export function communityRoutes(s: ApiServices) {
  const { ctx } = s
  const db = ctx.store.db
  const secure = ctx.config.publicUrl.startsWith('https:')
  const r = new Hono<ApiEnv>()

  const skinOf = (c: Context<ApiEnv>) => requireVisibleSkin(db, parseOr400(skinUuidSchema, c.req.param('id')), c.get('identity'))

  /** The caller's stable key; 401 when nothing identifies them (cookie issued now does not count). */
  const actor = (c: Context<ApiEnv>): string => {
    const issued = c.get('identity').kind === 'anonymous' && ensureClientCookie(c, secure)
    const who = c.get('identity')
    const key = identityKey(issued ? { ...who, clientId: null } : who)
    if (!key) throw new ApiError('unauthorized', 'Sign in, send an API key, or allow the client cookie and retry', 401)
    return key
  }

  /** Throws unless the request carries a valid, unspent anti-bot proof. */
  const requireProof = async (c: Context<ApiEnv>) => {
    const r = await ctx.antibot.verify(c.req.header(ANTIBOT_HEADER))
    if (r.ok) return
    if (r.reason === 'missing') throw new ApiError('missing_turnstile_token', `Send an anti-bot proof in the ${ANTIBOT_HEADER} header (see GET /v2/challenge)`, 400)
    throw new ApiError('invalid_turnstile_token', `The anti-bot proof is ${r.reason}`, 403)
  }

  const readJson = (c: Context<ApiEnv>, route: BodyRoute) => readJsonBody(c.req.raw, route, ctx.config.bodyTimeoutMs)

  r.get('/v2/challenge', async (c) => {
    // A browser asks for a challenge before it votes, likes or reports: giving it the client cookie
    // here means that action already counts under the cookie, as its later ones will (see `actor`).
    if (c.get('identity').kind === 'anonymous') ensureClientCookie(c, secure)
    const challenge = await ctx.antibot.challenge()
    c.header('Cache-Control', 'no-store')
    if (!challenge) return v2(c, { antibot: ctx.antibot.kind })
    // Raw altcha challenge JSON: the altcha widget's `challengeurl` expects exactly this shape.
    return c.json(challenge)
  })

  r.get('/v2/skins/:id/tags', async (c) => {
    const rec = await skinOf(c)
    c.header('Cache-Control', 'private, no-store')
    return send(c, await tagsAnswer(s, rec, c.get('identity')))
  })

  r.post('/v2/skins/:id/tags', async (c) => {
    const rec = await skinOf(c)
    const voter = actor(c)
    const body = parseOr400(tagVoteBodySchema, await readJson(c, 'tagVote'))
    await requireProof(c)
    // A tag a moderator banned cannot be added again.
    await refuseBannedTag(ctx.store.sql, body.tag)
    const added = await voteTag(ctx.store, { skinRowId: rec.skin.id, tag: body.tag, vote: body.vote, voter, threshold: ctx.config.tagVisibleThreshold, now: ctx.now() })
    return v2(c, {}, 200, { messages: [added ? msg('vote_added', 'Vote added') : msg('already_voted', 'You already voted for this tag')] })
  })

  r.post('/v2/skins/:id/report', async (c) => {
    const rec = await skinOf(c)
    // The user, else the address: never the client cookie where an address is known (../community/reports.ts).
    const issued = c.get('identity').kind === 'anonymous' && ensureClientCookie(c, secure)
    const filer = reportFiler(c.get('identity'), issued)
    if (!filer) throw new ApiError('unauthorized', 'Sign in, send an API key, or allow the client cookie and retry', 401)
    const body = parseOr400(reportBodySchema, await readJson(c, 'report'))
    await requireProof(c)
    // At most REPORTS_PER_HOUR reports per reporter and per address (docs/operations.md).
    try {
      await fileReport(ctx.store.sql, { skinRowId: rec.skin.id, filer, reason: body.reason, perHour: ctx.config.reportsPerHour, now: ctx.now() })
    } catch (e) {
      if (e instanceof ReportLimitError) c.header('Retry-After', String(e.retryAfter))
      throw e
    }
    return v2(c, {}, 200, { messages: [msg('reported', 'Skin reported')] })
  })

  r.post('/v2/skins/:id/interactions/views', async (c) => {
    const rec = await skinOf(c)
    const proof = await ctx.antibot.verify(c.req.header(ANTIBOT_HEADER))
    if (proof.ok) await addView(db, rec.skin.id)
    return c.body(null, 204)
  })

  r.post('/v2/skins/:id/interactions/likes', async (c) => {
    const rec = await skinOf(c)
    const voter = actor(c)
    await requireProof(c)
    await addLike(ctx.store, rec.skin.id, voter, ctx.now())
    return c.body(null, 204)
  })

  return r
}
