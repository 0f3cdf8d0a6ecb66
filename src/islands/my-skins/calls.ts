/**
 * The calls behind My Skins and the Export page's 'mine' list: one skin's
 * details (`GET /v2/skins/{uuid}`: texture hash, creation time, visibility) and a page of the
 * signed-in caller's own skins (`GET /v2/me/skins`). Hand-written answer checks instead of zod:
 * this code loads on the page (DESIGN.md §4 JavaScript budget).
 * @module
 */
import { ApiCallError } from '../../shared/api/api-call-error'
import type { ApiClient, Parser } from '../../shared/api/client'

/** What the lists show of a skin. */
export interface OwnSkin {
  uuid: string
  shortId: string
  name?: string
  /** Texture hash, for the head render. */
  texture: string
  /** Epoch ms: creation time from the details, else the list's timestamp. */
  timestamp: number
  /** Known once the details have loaded. */
  visibility?: 'public' | 'unlisted' | 'private'
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const fail = (what: string): never => {
  throw new TypeError(`unexpected answer: ${what}`)
}
const text = (v: unknown, what: string): string => (typeof v === 'string' ? v : fail(what))
const VISIBILITIES = ['public', 'unlisted', 'private'] as const

const skinDetails: Parser<OwnSkin> = {
  parse(body) {
    const skin = isObject(body) && isObject(body.skin) ? body.skin : fail('skin')
    const texture = isObject(skin.texture) && isObject(skin.texture.hash) ? skin.texture.hash : fail('texture')
    const generator = isObject(skin.generator) ? skin.generator : fail('generator')
    const visibility = VISIBILITIES.find((v) => v === skin.visibility) ?? fail('visibility')
    return {
      uuid: text(skin.uuid, 'uuid'),
      shortId: text(skin.shortId, 'shortId'),
      ...(typeof skin.name === 'string' && skin.name ? { name: skin.name } : {}),
      texture: text(texture.skin, 'texture hash'),
      timestamp: typeof generator.timestamp === 'number' ? generator.timestamp : fail('timestamp'),
      visibility,
    }
  },
}

/** One page of `/v2/me/skins`. */
export interface OwnSkinPage {
  skins: OwnSkin[]
  after?: string
}

const ownSkinPage: Parser<OwnSkinPage> = {
  parse(body) {
    if (!isObject(body) || !Array.isArray(body.skins)) return fail('skins')
    const skins = body.skins.map((item: unknown): OwnSkin => {
      if (!isObject(item)) return fail('skin item')
      return {
        uuid: text(item.uuid, 'uuid'),
        shortId: text(item.shortId, 'shortId'),
        ...(typeof item.name === 'string' && item.name ? { name: item.name } : {}),
        texture: text(item.texture, 'texture'),
        timestamp: typeof item.timestamp === 'number' ? item.timestamp : 0,
      }
    })
    const next = isObject(body.pagination) && isObject(body.pagination.next) ? body.pagination.next.after : undefined
    return { skins, ...(typeof next === 'string' ? { after: next } : {}) }
  },
}

/** A skin's details; `deleted` when the API answers 404 (deleted, or never existed). */
export async function loadSkin(api: ApiClient, uuid: string): Promise<OwnSkin | 'deleted'> {
  try {
    return (await api.call(`/v2/skins/${encodeURIComponent(uuid)}`, skinDetails, { silent: true })) ?? fail('empty')
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return 'deleted'
    throw error
  }
}

/** A page of the signed-in caller's skins, every visibility (reference/mineskin-api.md §1.6). */
export async function loadOwnPage(api: ApiClient, size: number, after?: string): Promise<OwnSkinPage> {
  return (await api.call('/v2/me/skins', ownSkinPage, { query: { size, after }, silent: true })) ?? { skins: [] }
}
