/**
 * Skin catalogue and per-skin routes (reference/mineskin-api.md §1.1, §1.6, §1.7):
 * lists, `GET|PATCH|DELETE /v2/skins/{id}`, `/texture`, `/user`, `/meta`, `/similar`.
 * Every skin id may be a 32-hex uuid, a dashed uuid or an 8-hex short id.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  skinIdSchema,
  skinListCategorySchema,
  skinListQuerySchema,
  skinUpdateBodySchema,
  skinUuidSchema,
  type SkinListQuery,
} from '../../shared/schemas/api'
import { ApiError } from '../errors'
import { identityKey } from '../identity'
import type { ApiServices } from '../services'
import { describeSkin } from '../services/catalogue/describe'
import { hasLiked } from '../services/skins/likes'
import { skinPermissions } from '../services/skins/ownership'
import { requireVisibleSkin } from '../services/skins/skin-access'
import { deleteSkin, updateSkin } from '../services/skins/skin-edit'
import { toSkinInfo, visibleTags } from '../services/skins/skin-record'
import { readJsonBody, type BodyRoute } from './body'
import type { ApiEnv } from './env'
import { msg, parseOr400, v2 } from './envelope'

const LIST_CACHE = 'public, max-age=60, stale-while-revalidate=300'

/** Builds the skin routes. */
export function skinRoutes(s: ApiServices) {
  const { ctx } = s
  const db = ctx.store.db
  const r = new Hono<ApiEnv>()

  const listUrl = (category: string, q: Partial<SkinListQuery>) => {
    const p = new URLSearchParams()
    if (q.after) p.set('after', q.after)
    if (q.before) p.set('before', q.before)
    if (q.size !== undefined) p.set('size', String(q.size))
    if (q.filter) p.set('filter', q.filter)
    return `/v2/skins${category === 'latest' ? '' : `/${category}`}?${p}`
  }

  const list = (c: Context<ApiEnv>, category: 'latest' | 'popular' | 'random') => {
    const q = parseOr400(skinListQuerySchema, c.req.query())
    const page = s.lists.list({ category, after: q.after, before: q.before, size: q.size, filter: q.filter, now: ctx.now(), random: ctx.random })
    if (page.anchorNotFound) c.get('warnings').push(msg('anchor_not_found', 'The cursor skin was not found; listing from the start'))
    const last = page.skins[page.skins.length - 1]?.uuid
    // `before` and `links.prev` are our extension (a real 'Previous' link); MineSkin has only `after`.
    const first = page.hasBefore ? page.skins[0]?.uuid : undefined
    c.header('Cache-Control', category === 'random' ? 'no-store' : LIST_CACHE)
    return v2(
      c,
      {
        skins: page.skins,
        pagination: { current: { after: q.after, before: q.before }, next: { after: last }, ...(first ? { previous: { before: first } } : {}) },
      },
      200,
      {
        links: {
          self: listUrl(category, { after: q.after, before: q.before, size: q.size, filter: q.filter }),
          next: last ? listUrl(category, { after: last, size: q.size, filter: q.filter }) : undefined,
          prev: first ? listUrl(category, { before: first, size: q.size, filter: q.filter }) : undefined,
        },
      },
    )
  }

  r.get('/v2/skins', (c) => list(c, 'latest'))
  for (const category of skinListCategorySchema.options) r.get(`/v2/skins/${category}`, (c) => list(c, category))

  const skinParam = (c: Context<ApiEnv>) => parseOr400(skinIdSchema, c.req.param('id'))
  const uuidParam = (c: Context<ApiEnv>) => parseOr400(skinUuidSchema, c.req.param('id'))

  r.get('/v2/skins/:id', (c) => {
    const rec = requireVisibleSkin(db, skinParam(c), c.get('identity'))
    const lastModified = Math.floor(rec.skin.updatedAt / 1000) * 1000
    const since = Date.parse(c.req.header('if-modified-since') ?? '')
    c.header('Last-Modified', new Date(lastModified).toUTCString())
    c.header('Cache-Control', rec.skin.visibility === 'private' ? 'private, max-age=60' : 'public, max-age=60, stale-while-revalidate=600')
    if (Number.isFinite(since) && lastModified <= since) return c.body(null, 304)
    return v2(c, { skin: toSkinInfo(db, rec) }, 200, { links: { self: `/v2/skins/${rec.skin.uuid}` } })
  })

  r.get('/v2/skins/:id/texture', (c) => {
    const rec = requireVisibleSkin(db, skinParam(c), c.get('identity'))
    return c.redirect(`${ctx.config.textureBaseUrl}/${rec.data.textureHash}`, 301)
  })

  const readJson = (c: Context<ApiEnv>, route: BodyRoute) => readJsonBody(c.req.raw, route, ctx.config.bodyTimeoutMs)

  r.patch('/v2/skins/:id', async (c) => {
    const rec = requireVisibleSkin(db, skinParam(c), c.get('identity'))
    const body = parseOr400(skinUpdateBodySchema, await readJson(c, 'skinUpdate'))
    const updated = updateSkin(db, rec, c.get('identity'), body, ctx.now())
    return v2(c, { skin: toSkinInfo(db, updated) }, 200, {
      messages: [msg('updated', 'Skin updated')],
      links: { self: `/v2/skins/${updated.skin.uuid}` },
    })
  })

  r.delete('/v2/skins/:id', (c) => {
    const rec = requireVisibleSkin(db, skinParam(c), c.get('identity'))
    deleteSkin(db, rec, c.get('identity'), ctx.now())
    return v2(c, {}, 200, { messages: [msg('deleted', 'Skin marked for deletion')] })
  })

  r.get('/v2/skins/:id/user', (c) => {
    const who = c.get('identity')
    if (!who.userId && !who.apiKeyId && !who.clientId) throw new ApiError('unauthorized', 'Sign in, send an API key or keep the client cookie', 401)
    const rec = requireVisibleSkin(db, uuidParam(c), who)
    const p = skinPermissions(db, rec, who, ctx.now())
    c.header('Cache-Control', 'private, no-store')
    return v2(c, {
      user: {
        isOwner: p.isOwner,
        hasGenerated: p.hasGenerated,
        canEdit: p.canEdit,
        canDelete: p.canDelete,
        ...(p.isOwner && p.editReason ? { editReason: p.editReason } : {}),
        ...(p.isOwner && p.deleteReason ? { deleteReason: p.deleteReason } : {}),
        // Our extension (issue 8), present only when true so MineSkin's answer shape stays as it was.
        ...(hasLiked(db, rec.skin.id, identityKey(who)) ? { liked: true } : {}),
      },
    })
  })

  r.get('/v2/skins/:id/meta', (c) => {
    const rec = requireVisibleSkin(db, skinParam(c), c.get('identity'))
    const lastModified = Math.floor(rec.skin.updatedAt / 1000) * 1000
    c.header('Last-Modified', new Date(lastModified).toUTCString())
    c.header('Cache-Control', 'public, max-age=3600')
    const since = Date.parse(c.req.header('if-modified-since') ?? '')
    if (Number.isFinite(since) && lastModified <= since) return c.body(null, 304)
    const description = describeSkin({
      name: rec.skin.name,
      variant: rec.skin.variant,
      features: new Uint8Array(rec.data.features),
      hasCape: rec.data.capeHash !== '',
      tags: visibleTags(db, rec.skin.id),
    })
    return v2(c, { meta: { description } })
  })

  r.get('/v2/skins/:id/similar', (c) => {
    const rec = requireVisibleSkin(db, skinParam(c), c.get('identity'))
    const skins = s.similar.similar(rec.skin.id, rec.data.colourKey, new Uint8Array(rec.data.features), rec.data.textureHash)
    c.header('Cache-Control', 'public, max-age=600')
    return v2(c, { skins, pagination: { current: {}, next: {} } })
  })

  return r
}
