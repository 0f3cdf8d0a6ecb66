/**
 * Skin lists (reference/mineskin-api.md §1.6): latest (by creation time), popular (created in the
 * last 30 days, by views, ties newest first), random, and `filter` search. Keyset pagination: `after`
 * is the uuid of the last skin of the previous page, `before` (our extension, for a real 'Previous'
 * link) the uuid of the first skin of the next one; queries never use OFFSET, and each walks a partial index
 * that holds only listed skins (public, not deleted), so a page costs the same at 1 k and 1 M skins.
 * Unlisted and private skins are never in these indexes, nor in the FTS table.
 * @module
 */
import type { SqlClient, SqlParams } from '../../store/sql'
import type { SkinListItem } from '../../../shared/schemas/api'
import { ftsMatchExpression } from './fts-query'
import { toListItem, type SkinListRow } from './list-item'

/** Popular = created within this window (reference §1.6). */
export const POPULAR_WINDOW_MS = 30 * 24 * 3_600_000
/**
 * Lists with a `filter` rank the newest this-many matches (by row id; popular: those created in the
 * 30-day window), so a common word costs the same at any catalogue size.
 */
export const FILTER_WINDOW = 2000
/**
 * 'Latest' with a `filter` sorts the newest this-many matches (by row id) by creation time. Smaller
 * than {@link FILTER_WINDOW}: it is the common search, and each match in the window costs a row
 * lookup and a sort (at 300 k skins about 0.4 ms for 500, several ms for 2000).
 */
export const SEARCH_LATEST_WINDOW = 500

/** One list row as queried (popularity needs the views). */
interface ListRow extends SkinListRow {
  views: number
}

/** Result of a list query. */
export interface ListPage {
  skins: SkinListItem[]
  /** True when the `after`/`before` cursor named no skin (warning `anchor_not_found`). */
  anchorNotFound: boolean
  /** True when listed skins come before the first one of this page (the 'Previous' link). */
  hasBefore: boolean
}

/** A list request; `before` (our extension) asks for the page just before that skin, in list order. */
export interface ListRequest {
  category: 'latest' | 'popular' | 'random'
  after?: string
  before?: string
  size: number
  filter?: string
  now: number
  random: () => number
}

const COLS = 's.id, s.uuid, s.short_id, s.name, s.texture_hash, s.updated_at, s.views'
const LISTED = "s.visibility = 'public' AND s.deleted_at IS NULL"
const TOP = Number.MAX_SAFE_INTEGER

/** The keyset position of a skin: its sort keys in every list. */
interface Anchor {
  id: number
  views: number
  created_at: number
}

/** A list query: its SQL, run through the client (bun:sqlite caches the compiled statement by its text). */
interface ListQuery<P extends SqlParams> {
  all(...params: P): Promise<ListRow[]>
  get(...params: P): Promise<ListRow | null>
}

/** List queries over one database. */
export function createSkinLists(sql: SqlClient) {
  const q = <P extends SqlParams>(text: string): ListQuery<P> => ({
    all: (...params) => sql.all<ListRow>(text, params),
    get: (...params) => sql.get<ListRow>(text, params),
  })
  const anchor = (uuid: string) => sql.get<Anchor>('SELECT id, views, created_at FROM skins WHERE uuid = ?', [uuid])
  // Each keyset query exists twice: 'down' walks the list order from a cursor (after), 'up' walks
  // back towards the top (before), and the caller reverses the rows it got.
  const way = (up: boolean) => (up ? { cmp: '>', dir: 'ASC' } : { cmp: '<', dir: 'DESC' })
  // Latest is by creation time (a seed of old skins must not push new ones down), with the
  // id as tie-breaker, over the partial (created_at, id) index of listed skins.
  const latest = (up: boolean) => {
    const { cmp, dir } = way(up)
    return q<[number, number, number]>(
      `SELECT ${COLS} FROM skins s INDEXED BY skins_listed_created_idx WHERE ${LISTED} AND (s.created_at, s.id) ${cmp} (?, ?) ORDER BY s.created_at ${dir}, s.id ${dir} LIMIT ?`,
    )
  }
  const popular = (up: boolean) => {
    const { cmp, dir } = way(up)
    return q<[number, number, number, number]>(
      `SELECT ${COLS} FROM skins s INDEXED BY skins_popular_idx WHERE ${LISTED} AND s.created_at >= ? AND (s.views, s.id) ${cmp} (?, ?) ORDER BY s.views ${dir}, s.id ${dir} LIMIT ?`,
    )
  }
  // A search takes the newest SEARCH_LATEST_WINDOW matches (by row id, which the FTS index walks
  // without sorting), so a common word costs the same at any catalogue size; within that window
  // 'latest' is by creation time like the unfiltered list.
  const searchLatest = (up: boolean) => {
    const { cmp, dir } = way(up)
    return q<[string, number, number, number]>(
      `WITH m AS (SELECT rowid AS id FROM skins_fts WHERE skins_fts MATCH ? ORDER BY rowid DESC LIMIT ${SEARCH_LATEST_WINDOW})
     SELECT ${COLS} FROM m CROSS JOIN skins s ON s.id = m.id
     WHERE ${LISTED} AND (s.created_at, s.id) ${cmp} (?, ?) ORDER BY s.created_at ${dir}, s.id ${dir} LIMIT ?`,
    )
  }
  // CROSS JOIN keeps the newest matches as the outer loop: walking the popular index instead
  // would test every listed skin against the match set.
  const searchPopular = (up: boolean) => {
    const { cmp, dir } = way(up)
    return q<[string, number, number, number, number]>(
      `WITH m AS (SELECT rowid AS id FROM skins_fts WHERE skins_fts MATCH ? ORDER BY rowid DESC LIMIT ${FILTER_WINDOW})
     SELECT ${COLS} FROM m CROSS JOIN skins s ON s.id = m.id
     WHERE ${LISTED} AND s.created_at >= ? AND (s.views, s.id) ${cmp} (?, ?) ORDER BY s.views ${dir}, s.id ${dir} LIMIT ?`,
    )
  }
  const queries = {
    latest: [latest(false), latest(true)],
    popular: [popular(false), popular(true)],
    searchLatest: [searchLatest(false), searchLatest(true)],
    searchPopular: [searchPopular(false), searchPopular(true)],
  } as const
  const BOUNDS = `SELECT (SELECT s.id FROM skins s WHERE ${LISTED} ORDER BY s.id ASC LIMIT 1) AS lo, (SELECT s.id FROM skins s WHERE ${LISTED} ORDER BY s.id DESC LIMIT 1) AS hi`
  const AT_OR_AFTER = `SELECT ${COLS} FROM skins s WHERE ${LISTED} AND s.id >= ? ORDER BY s.id ASC LIMIT 1`
  const MATCH_IDS = `SELECT rowid FROM skins_fts WHERE skins_fts MATCH ? ORDER BY rowid DESC LIMIT ${FILTER_WINDOW}`

  /**
   * Random sample: probe random ids in the listed-id range (each probe is one index seek). The probes
   * of a round go to the database as one batch, one D1 round trip (25 for a page of
   * 24 when each was its own query): twice as many as are still missing, at most size × 4 probes in
   * all as before; a duplicate only costs a probe.
   */
  const randomPage = async (size: number, rnd: () => number): Promise<ListRow[]> => {
    const b = await sql.get<{ lo: number | null; hi: number | null }>(BOUNDS)
    if (!b || b.lo === null || b.hi === null) return []
    const { lo, hi } = b
    const seen = new Map<number, ListRow>()
    for (let tries = 0; seen.size < size && tries < size * 4; ) {
      const n = Math.min((size - seen.size) * 2, size * 4 - tries)
      tries += n
      const probes = Array.from({ length: n }, () => ({ sql: AT_OR_AFTER, params: [lo + Math.floor(rnd() * (hi - lo + 1))] }))
      for (const { rows } of await sql.batch(probes)) {
        const row = rows[0] as ListRow | undefined
        if (row && seen.size < size) seen.set(row.id, row)
      }
    }
    return [...seen.values()]
  }

  /**
   * Random sample of the newest matches of a search (partial Fisher–Yates with the injected PRNG),
   * read in one query and put back in the drawn order.
   */
  const randomSearch = async (match: string, size: number, rnd: () => number): Promise<ListRow[]> => {
    const ids = (await sql.all<{ rowid: number }>(MATCH_IDS, [match])).map((r) => r.rowid)
    const n = Math.min(size, ids.length)
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(rnd() * (ids.length - i))
      ;[ids[i], ids[j]] = [ids[j]!, ids[i]!]
    }
    const drawn = ids.slice(0, n)
    if (!drawn.length) return []
    const byRowId = new Map((await sql.all<ListRow>(`SELECT ${COLS} FROM skins s WHERE s.id IN (${drawn.map(() => '?').join(',')})`, drawn)).map((r) => [r.id, r]))
    return drawn.flatMap((id) => byRowId.get(id) ?? [])
  }

  /** One keyset page of latest or popular from cursor `a` (null: the top), walking up or down. */
  const keyset = (req: ListRequest, a: Anchor | null, up: boolean, limit: number): Promise<ListRow[]> => {
    const match = req.filter ? ftsMatchExpression(req.filter) : null
    const dir = up ? 1 : 0
    if (req.category === 'popular') {
      const cutoff = req.now - POPULAR_WINDOW_MS
      const views = a ? a.views : TOP
      const id = a ? a.id : TOP
      // Row ids do not follow creation time (seeded skins), so the 30-day window is a filter on
      // the newest matches rather than a row id bound.
      return match ? queries.searchPopular[dir].all(match, cutoff, views, id, limit) : queries.popular[dir].all(cutoff, views, id, limit)
    }
    const created = a ? a.created_at : TOP
    const id = a ? a.id : TOP
    return match ? queries.searchLatest[dir].all(match, created, id, limit) : queries.latest[dir].all(created, id, limit)
  }

  return {
    /** Runs one list query. */
    async list(req: ListRequest): Promise<ListPage> {
      const cursor = req.before ?? req.after
      const a = cursor ? await anchor(cursor.replace(/-/g, '').toLowerCase()) : null
      const anchorNotFound = Boolean(cursor) && !a
      const page = (rows: ListRow[], hasBefore: boolean): ListPage => ({ skins: rows.map(toListItem), anchorNotFound, hasBefore })
      if (req.category === 'random') {
        const match = req.filter ? ftsMatchExpression(req.filter) : null
        return page(await (match ? randomSearch(match, req.size, req.random) : randomPage(req.size, req.random)), false)
      }
      if (a && req.before) {
        // One row more than a page tells whether anything lies before it. With less than a page
        // before the cursor, 'Previous' shows the full first page instead of a short one.
        const up = await keyset(req, a, true, req.size + 1)
        if (up.length > req.size) return page(up.slice(0, req.size).reverse(), true)
        return page(await keyset(req, null, false, req.size), false)
      }
      return page(await keyset(req, a ?? null, false, req.size), Boolean(a))
    },
  }
}

/** The list service type. */
export type SkinLists = ReturnType<typeof createSkinLists>
