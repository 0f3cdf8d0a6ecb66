/**
 * The answers of the skin read routes (reference/mineskin-api.md §1.6, §1.7), apart from their HTTP
 * headers: `src/api/skins/routes/skins.ts` and `community.ts` send them over HTTP, and the direct table
 * (`./table.ts`) hands them to server renders in-process, so both paths build one shape.
 * @module
 */
import { skinIdSchema, skinListQuerySchema, skinUuidSchema, type SkinListQuery } from '../../shared/schemas/api'
import { ApiError } from '../errors'
import { identityKey, type Identity } from '../users/identity/identity'
import type { ApiServices } from '../services'
import { describeSkin } from '../skins/catalogue/describe'
import { listTags } from '../skins/community/tags'
import { hasLiked } from '../skins/services/likes'
import { skinPermissions } from '../skins/services/ownership'
import { requireVisibleSkin } from '../skins/services/skin-access'
import { skinInfoFor } from '../skins/services/remix-link'
import { visibleTags, type SkinRecord } from '../skins/services/skin-record'
import { msg, parseOr400, type Answer } from '../routes/envelope'

/** A list category of `/v2/skins[/{category}]`. */
export type ListCategory = 'latest' | 'popular' | 'random'

const listUrl = (category: string, q: Partial<SkinListQuery>) => {
  const p = new URLSearchParams()
  if (q.after) p.set('after', q.after)
  if (q.before) p.set('before', q.before)
  if (q.size !== undefined) p.set('size', String(q.size))
  if (q.filter) p.set('filter', q.filter)
  return `/v2/skins${category === 'latest' ? '' : `/${category}`}?${p}`
}

/** One page of a skin list; `query` is the raw query string's values (validated here: 400 when bad). */
export async function listAnswer(s: ApiServices, category: ListCategory, query: Record<string, string>): Promise<Answer> {
  const { ctx } = s
  const q = parseOr400(skinListQuerySchema, query)
  const page = await s.lists.list({ category, after: q.after, before: q.before, size: q.size, filter: q.filter, now: ctx.now(), random: ctx.random })
  const last = page.skins[page.skins.length - 1]?.uuid
  // `before` and `links.prev` are our extension (a real 'Previous' link); MineSkin has only `after`.
  const first = page.hasBefore ? page.skins[0]?.uuid : undefined
  return {
    payload: {
      skins: page.skins,
      pagination: { current: { after: q.after, before: q.before }, next: { after: last }, ...(first ? { previous: { before: first } } : {}) },
    },
    parts: {
      links: {
        self: listUrl(category, { after: q.after, before: q.before, size: q.size, filter: q.filter }),
        next: last ? listUrl(category, { after: last, size: q.size, filter: q.filter }) : undefined,
        prev: first ? listUrl(category, { before: first, size: q.size, filter: q.filter }) : undefined,
      },
      ...(page.anchorNotFound ? { warnings: [msg('anchor_not_found', 'The cursor skin was not found; listing from the start')] } : {}),
    },
  }
}

/** An 8-, 32- or 36-character skin id, checked (400 `validation_error` otherwise). */
export const skinIdParam = (id: string | undefined) => parseOr400(skinIdSchema, id)

/** A skin uuid (plain or dashed), checked and made plain. */
export const skinUuidParam = (id: string | undefined) => parseOr400(skinUuidSchema, id)

/** The skin of an 8-, 32- or 36-character id the caller may see (400 bad id, 404 unknown or hidden). */
export const skinById = (s: ApiServices, id: string | undefined, who: Identity) => requireVisibleSkin(s.ctx.store.db, skinIdParam(id), who)

/** The skin of a uuid (plain or dashed) the caller may see. */
export const skinByUuid = (s: ApiServices, id: string | undefined, who: Identity) => requireVisibleSkin(s.ctx.store.db, skinUuidParam(id), who)

/** `GET /v2/skins/{id}` as `who` reads it (its `remixOf` depends on the reader: remix-link.ts). */
export const skinAnswer = async (s: ApiServices, rec: SkinRecord, who: Identity | null): Promise<Answer> => ({ payload: { skin: await skinInfoFor(s.ctx.store.db, rec, who) }, parts: { links: { self: `/v2/skins/${rec.skin.uuid}` } } })

/** `/v2/skins/{id}/user` needs a caller it can name: 401 otherwise. */
export function requireIdentified(who: Identity) {
  if (!who.userId && !who.apiKeyId && !who.clientId) throw new ApiError('unauthorized', 'Sign in, send an API key or keep the client cookie', 401)
}

/** `GET /v2/skins/{id}/user`: what the caller may do with the skin. */
export async function userAnswer(s: ApiServices, rec: SkinRecord, who: Identity): Promise<Answer> {
  const db = s.ctx.store.db
  const [p, liked] = await Promise.all([skinPermissions(db, rec, who, s.ctx.now()), hasLiked(db, rec.skin.id, identityKey(who))])
  return {
    payload: {
      user: {
        isOwner: p.isOwner,
        hasGenerated: p.hasGenerated,
        canEdit: p.canEdit,
        canDelete: p.canDelete,
        ...(p.isOwner && p.editReason ? { editReason: p.editReason } : {}),
        ...(p.isOwner && p.deleteReason ? { deleteReason: p.deleteReason } : {}),
        // Our extension, present only when true so MineSkin's answer shape stays as it was.
        ...(liked ? { liked: true } : {}),
      },
    },
  }
}

/** `GET /v2/skins/{id}/meta`: the generated English description. */
export async function metaAnswer(s: ApiServices, rec: SkinRecord): Promise<Answer> {
  const description = describeSkin({
    name: rec.skin.name,
    variant: rec.skin.variant,
    features: new Uint8Array(rec.data.features),
    hasCape: rec.data.capeHash !== '',
    tags: await visibleTags(s.ctx.store.db, rec.skin.id),
  })
  return { payload: { meta: { description } } }
}

/** `GET /v2/skins/{id}/similar`. */
export async function similarAnswer(s: ApiServices, rec: SkinRecord): Promise<Answer> {
  const skins = await s.similar.similar(rec.skin.id, rec.data.colourKey, new Uint8Array(rec.data.features), rec.data.textureHash)
  return { payload: { skins, pagination: { current: {}, next: {} } } }
}

/** `GET /v2/skins/{id}/tags`: the tags with the caller's own votes. */
export const tagsAnswer = async (s: ApiServices, rec: SkinRecord, who: Identity): Promise<Answer> => ({ payload: { tags: await listTags(s.ctx.store.db, rec.skin.id, identityKey(who)) } })
