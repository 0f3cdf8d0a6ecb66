/**
 * The v1 skin lists (MineSkin `routes/get.ts`): `GET /get/list/{page}` — numbered pages of public
 * skins, newest first, with a total — and `GET /get/list/{after}` — the skins older than an anchor
 * (`start` or a skin uuid). Both walk the partial index of listed skins (public, not deleted) by
 * creation time; a `filter` searches the newest {@link FILTER_WINDOW} full-text matches, as the v2
 * lists do, so no request scans the catalogue.
 * @module
 */
import { compactUuid, UUID32, UUID36 } from '../../shared/schemas/api'
import { FILTER_WINDOW } from '../skins/catalogue/skin-lists'
import { ftsMatchExpression } from '../skins/catalogue/fts-query'
import type { SqlClient } from '../store/sql'
import { variantToModel } from './v1-skin'

/** One listed skin as v1 sends it. */
export interface V1ListSkin {
  id: number
  uuid: string
  name: string
  url: string
  time: number
  variant?: 'classic' | 'slim' | 'unknown'
  model?: 'steve' | 'slim' | 'unknown'
}

interface Row {
  id: number
  uuid: string
  name: string | null
  texture_url: string
  created_at: number
  variant: 'classic' | 'slim' | 'unknown'
}

const LISTED = "s.visibility = 'public' AND s.deleted_at IS NULL"
const COLS = 's.id, s.uuid, s.name, d.texture_url, s.created_at, s.variant'
const FROM = 'skins s JOIN skin_data d ON d.id = s.data_id'
const MATCH = `s.id IN (SELECT rowid FROM skins_fts WHERE skins_fts MATCH ? ORDER BY rowid DESC LIMIT ${FILTER_WINDOW})`
const https = (url: string) => url.replace(/^http:\/\/textures\.minecraft\.net\//, 'https://textures.minecraft.net/')

/** `size` as MineSkin reads it: `parseInt`, default 16 when absent or not a number, at most `max`. */
export const legacySize = (raw: string | undefined, max: number): number => {
  const n = Number.parseInt(raw ?? '', 10)
  return Number.isNaN(n) || n < 1 ? 16 : Math.min(n, max)
}

/** The text of a `filter`, first 32 characters (MineSkin), as an FTS expression; null for none. */
const matchOf = (filter: string | undefined) => (filter ? ftsMatchExpression(filter.slice(0, 32)) : null)

const toItem = (r: Row, withVariant: boolean): V1ListSkin => ({
  id: r.id,
  uuid: r.uuid,
  name: r.name ?? '',
  url: https(r.texture_url),
  time: Math.round(r.created_at / 1000),
  ...(withVariant ? { variant: r.variant, model: variantToModel(r.variant) } : {}),
})

/** How long the unfiltered total is reused: counting a million listed skins takes tens of ms. */
const TOTAL_CACHE_MS = 60_000

/** Builds the v1 list queries over `sql`; `now` is the clock of the total's cache. */
export function createV1Lists(sql: SqlClient, now: () => number) {
  let total: { at: number; n: number } | null = null
  const count = async (where: string, args: string[]): Promise<number> => {
    const t = now()
    if (!args.length && total && t - total.at < TOTAL_CACHE_MS && t >= total.at) return total.n
    const n = (await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM skins s WHERE ${where}`, args))?.n ?? 0
    if (!args.length) total = { at: t, n }
    return n
  }
  return {
    /** Page `page` (from 1) of `size` skins, and how many listed skins match in all. */
    async page(page: number, size: number, filter: string | undefined): Promise<{ skins: V1ListSkin[]; total: number }> {
      const match = matchOf(filter)
      if (filter && !match) return { skins: [], total: 0 }
      const where = match ? `${LISTED} AND ${MATCH}` : LISTED
      const args = match ? [match] : []
      const [rows, n] = await Promise.all([
        sql.all<Row>(`SELECT ${COLS} FROM ${FROM} WHERE ${where} ORDER BY s.created_at DESC, s.id DESC LIMIT ? OFFSET ?`, [...args, size, (page - 1) * size]),
        count(where, args),
      ])
      return { skins: rows.map((r) => toItem(r, false)), total: n }
    },

    /** The `size` listed skins created before the anchor (`start` = now); null when the anchor names no skin. */
    async after(anchor: string, size: number, filter: string | undefined): Promise<V1ListSkin[] | null> {
      let before = { createdAt: now() + 1, id: Number.MAX_SAFE_INTEGER }
      if (anchor !== 'start') {
        const uuid = UUID32.test(anchor.toLowerCase()) || UUID36.test(anchor) ? compactUuid(anchor) : null
        const row = uuid ? await sql.get<{ id: number; created_at: number }>('SELECT id, created_at FROM skins WHERE uuid = ?', [uuid]) : null
        if (!row) return null
        before = { createdAt: row.created_at, id: row.id }
      }
      const match = matchOf(filter)
      if (filter && !match) return []
      const where = `${LISTED} AND (s.created_at < ? OR (s.created_at = ? AND s.id < ?))${match ? ` AND ${MATCH}` : ''}`
      const rows = await sql.all<Row>(`SELECT ${COLS} FROM ${FROM} WHERE ${where} ORDER BY s.created_at DESC, s.id DESC LIMIT ?`, [
        before.createdAt,
        before.createdAt,
        before.id,
        ...(match ? [match] : []),
        size,
      ])
      return rows.map((r) => toItem(r, true))
    },
  }
}
