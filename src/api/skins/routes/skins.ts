/**
 * Skin catalogue and per-skin routes (reference/mineskin-api.md §1.1, §1.6, §1.7):
 * lists, `GET|PATCH|DELETE /v2/skins/{id}`, `/texture`, `/user`, `/meta`, `/similar`.
 * Every skin id may be a 32-hex uuid, a dashed uuid or an 8-hex short id.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { skinListCategorySchema, skinUpdateBodySchema } from '../../../shared/schemas/api'
import { listAnswer, metaAnswer, requireIdentified, similarAnswer, skinAnswer, skinById, skinByUuid, userAnswer, type ListCategory } from '../../direct/skin-answers'
import type { ApiServices } from '../../services'
import { deleteSkin, updateSkin } from '../services/skin-edit'
import { remixOfDependsOnCaller, skinInfoFor } from '../services/remix-link'
import { readJsonBody, type BodyRoute } from '../../routes/body'
import type { ApiEnv } from '../../routes/env'
import { msg, parseOr400, send, v2 } from '../../routes/envelope'

const LIST_CACHE = 'public, max-age=60, stale-while-revalidate=300'

/** Builds the skin routes. */
export function skinRoutes(s: ApiServices) {
  const { ctx } = s
  const db = ctx.store.db
  const r = new Hono<ApiEnv>()

  const list = async (c: Context<ApiEnv>, category: ListCategory) => {
    const answer = await listAnswer(s, category, c.req.query())
    c.header('Cache-Control', category === 'random' ? 'no-store' : LIST_CACHE)
    return send(c, answer)
  }

  r.get('/v2/skins', (c) => list(c, 'latest'))
  for (const category of skinListCategorySchema.options) r.get(`/v2/skins/${category}`, (c) => list(c, category))

  const skinOf = (c: Context<ApiEnv>) => skinById(s, c.req.param('id'), c.get('identity'))

  r.get('/v2/skins/:id', async (c) => {
    const rec = await skinOf(c)
    const lastModified = Math.floor(rec.skin.updatedAt / 1000) * 1000
    const since = Date.parse(c.req.header('if-modified-since') ?? '')
    c.header('Last-Modified', new Date(lastModified).toUTCString())
    // Private skins, and remixes of a skin that is not public (whose `remixOf` only its creators are
    // shown, remix-link.ts), answer differently per caller: no shared cache may keep them.
    const perCaller = rec.skin.visibility === 'private' || (await remixOfDependsOnCaller(db, rec))
    c.header('Cache-Control', perCaller ? 'private, max-age=60' : 'public, max-age=60, stale-while-revalidate=600')
    if (Number.isFinite(since) && lastModified <= since) return c.body(null, 304)
    return send(c, await skinAnswer(s, rec, c.get('identity')))
  })

  r.get('/v2/skins/:id/texture', async (c) => {
    const rec = await skinOf(c)
    return c.redirect(`${ctx.config.textureBaseUrl}/${rec.data.textureHash}`, 301)
  })

  const readJson = (c: Context<ApiEnv>, route: BodyRoute) => readJsonBody(c.req.raw, route, ctx.config.bodyTimeoutMs)

  r.patch('/v2/skins/:id', async (c) => {
    const rec = await skinOf(c)
    const body = parseOr400(skinUpdateBodySchema, await readJson(c, 'skinUpdate'))
    const updated = await updateSkin(ctx.store, rec, c.get('identity'), body, ctx.now())
    return v2(c, { skin: await skinInfoFor(db, updated, c.get('identity')) }, 200, {
      messages: [msg('updated', 'Skin updated')],
      links: { self: `/v2/skins/${updated.skin.uuid}` },
    })
  })

  r.delete('/v2/skins/:id', async (c) => {
    const rec = await skinOf(c)
    await deleteSkin(db, rec, c.get('identity'), ctx.now())
    return v2(c, {}, 200, { messages: [msg('deleted', 'Skin marked for deletion')] })
  })

  r.get('/v2/skins/:id/user', async (c) => {
    const who = c.get('identity')
    requireIdentified(who)
    const rec = await skinByUuid(s, c.req.param('id'), who)
    c.header('Cache-Control', 'private, no-store')
    return send(c, await userAnswer(s, rec, who))
  })

  r.get('/v2/skins/:id/meta', async (c) => {
    const rec = await skinOf(c)
    const lastModified = Math.floor(rec.skin.updatedAt / 1000) * 1000
    c.header('Last-Modified', new Date(lastModified).toUTCString())
    c.header('Cache-Control', 'public, max-age=3600')
    const since = Date.parse(c.req.header('if-modified-since') ?? '')
    if (Number.isFinite(since) && lastModified <= since) return c.body(null, 304)
    return send(c, await metaAnswer(s, rec))
  })

  r.get('/v2/skins/:id/similar', async (c) => {
    const rec = await skinOf(c)
    c.header('Cache-Control', 'public, max-age=600')
    return send(c, await similarAnswer(s, rec))
  })

  return r
}
