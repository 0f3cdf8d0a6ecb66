/**
 * Skin lists (reference/mineskin-api.md §1.6): latest, popular (created in the last 30 days, by
 * views, ties newest first), random, and `filter` search. Keyset pagination: `after` is the uuid
 * of the last skin of the previous page; queries never use OFFSET, and each walks a partial index
 * that holds only listed skins (public, not deleted), so a page costs the same at 1 k and 1 M skins.
 * Unlisted and private skins are never in these indexes, nor in the FTS table.
 * @module
 */
import type { Database, SQLQueryBindings, Statement } from 'bun:sqlite'
import type { SkinListItem } from '../../../shared/schemas/api'
import { ftsMatchExpression } from './fts-query'

/** Popular = created within this window (reference §1.6). */
export const POPULAR_WINDOW_MS = 30 * 24 * 3_600_000
/**
 * Popular and random lists with a `filter` rank the newest this-many matches (popular: within the
 * 30-day window), so a common word costs the same at any catalogue size.
 */
export const FILTER_WINDOW = 2000

/** One list row as queried. */
interface ListRow {
  id: number
  uuid: string
  short_id: string
  name: string | null
  texture_hash: string
  updated_at: number
  views: number
}

/** Result of a list query. */
export interface ListPage {
  skins: SkinListItem[]
  /** True when `after` named no skin (warning `anchor_not_found`). */
  anchorNotFound: boolean
}

/** A list request. */
export interface ListRequest {
  category: 'latest' | 'popular' | 'random'
  after?: string
  size: number
  filter?: string
  now: number
  random: () => number
}

const COLS = 's.id, s.uuid, s.short_id, s.name, s.texture_hash, s.updated_at, s.views'
const LISTED = "s.visibility = 'public' AND s.deleted_at IS NULL"

const toItem = (r: ListRow): SkinListItem => ({
  uuid: r.uuid,
  shortId: r.short_id,
  ...(r.name ? { name: r.name } : {}),
  texture: r.texture_hash,
  timestamp: r.updated_at,
})

/** Prepared list queries over one database. */
export function createSkinLists(sqlite: Database) {
  const q = <P extends SQLQueryBindings[]>(sql: string) => sqlite.query<ListRow, P>(sql) as Statement<ListRow, P>
  const anchor = sqlite.query<{ id: number; views: number }, [string]>('SELECT id, views FROM skins WHERE uuid = ?')
  const latest = q<[number, number]>(`SELECT ${COLS} FROM skins s WHERE ${LISTED} AND s.id < ? ORDER BY s.id DESC LIMIT ?`)
  const popular = q<[number, number, number, number]>(
    `SELECT ${COLS} FROM skins s INDEXED BY skins_popular_idx WHERE ${LISTED} AND s.created_at >= ? AND (s.views, s.id) < (?, ?) ORDER BY s.views DESC, s.id DESC LIMIT ?`,
  )
  const searchLatest = q<[string, number, number]>(
    `SELECT ${COLS} FROM skins_fts f JOIN skins s ON s.id = f.rowid WHERE skins_fts MATCH ? AND f.rowid < ? ORDER BY f.rowid DESC LIMIT ?`,
  )
  // CROSS JOIN keeps the newest matches as the outer loop: walking the popular index instead
  // would test every listed skin against the match set.
  const searchPopular = q<[string, number, number, number, number, number]>(
    `WITH m AS (SELECT rowid AS id FROM skins_fts WHERE skins_fts MATCH ? AND rowid >= ? ORDER BY rowid DESC LIMIT ${FILTER_WINDOW})
     SELECT ${COLS} FROM m CROSS JOIN skins s ON s.id = m.id
     WHERE ${LISTED} AND s.created_at >= ? AND (s.views, s.id) < (?, ?) ORDER BY s.views DESC, s.id DESC LIMIT ?`,
  )
  // First listed skin of the popular window: search only rows from there on (ids grow with time).
  const windowStart = sqlite.query<{ id: number }, [number]>(
    `SELECT s.id FROM skins s INDEXED BY skins_created_idx WHERE ${LISTED} AND s.created_at >= ? ORDER BY s.created_at ASC LIMIT 1`,
  )
  const bounds = sqlite.query<{ lo: number | null; hi: number | null }, []>(
    `SELECT (SELECT s.id FROM skins s WHERE ${LISTED} ORDER BY s.id ASC LIMIT 1) AS lo, (SELECT s.id FROM skins s WHERE ${LISTED} ORDER BY s.id DESC LIMIT 1) AS hi`,
  )
  const atOrAfter = q<[number]>(`SELECT ${COLS} FROM skins s WHERE ${LISTED} AND s.id >= ? ORDER BY s.id ASC LIMIT 1`)
  const matchIds = sqlite.query<{ rowid: number }, [string]>(`SELECT rowid FROM skins_fts WHERE skins_fts MATCH ? ORDER BY rowid DESC LIMIT ${FILTER_WINDOW}`)
  const byId = q<[number]>(`SELECT ${COLS} FROM skins s WHERE s.id = ?`)

  /** Random sample: probe random ids in the listed-id range (each probe is one index seek). */
  const randomPage = (size: number, rnd: () => number): ListRow[] => {
    const b = bounds.get()
    if (!b || b.lo === null || b.hi === null) return []
    const seen = new Map<number, ListRow>()
    for (let tries = 0; seen.size < size && tries < size * 4; tries++) {
      const target = b.lo + Math.floor(rnd() * (b.hi - b.lo + 1))
      const row = atOrAfter.get(target)
      if (row) seen.set(row.id, row)
    }
    return [...seen.values()]
  }

  /** Random sample of the newest matches of a search (partial Fisher–Yates with the injected PRNG). */
  const randomSearch = (match: string, size: number, rnd: () => number): ListRow[] => {
    const ids = matchIds.all(match).map((r) => r.rowid)
    const n = Math.min(size, ids.length)
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(rnd() * (ids.length - i))
      ;[ids[i], ids[j]] = [ids[j]!, ids[i]!]
    }
    return ids.slice(0, n).flatMap((id) => byId.all(id))
  }

  return {
    /** Runs one list query. */
    list(req: ListRequest): ListPage {
      let anchorNotFound = false
      let a: { id: number; views: number } | null = null
      if (req.after) {
        a = anchor.get(req.after.replace(/-/g, '').toLowerCase())
        if (!a) anchorNotFound = true
      }
      const match = req.filter ? ftsMatchExpression(req.filter) : null
      const cutoff = req.now - POPULAR_WINDOW_MS
      let rows: ListRow[]
      if (req.category === 'random') {
        rows = match ? randomSearch(match, req.size, req.random) : randomPage(req.size, req.random)
      } else if (req.category === 'popular') {
        const views = a ? a.views : Number.MAX_SAFE_INTEGER
        const id = a ? a.id : Number.MAX_SAFE_INTEGER
        if (match) {
          const from = windowStart.get(cutoff)?.id
          rows = from === undefined ? [] : searchPopular.all(match, from, cutoff, views, id, req.size)
        } else rows = popular.all(cutoff, views, id, req.size)
      } else {
        const id = a ? a.id : Number.MAX_SAFE_INTEGER
        rows = match ? searchLatest.all(match, id, req.size) : latest.all(id, req.size)
      }
      return { skins: rows.map(toItem), anchorNotFound }
    },
  }
}

/** The list service type. */
export type SkinLists = ReturnType<typeof createSkinLists>
