/**
 * The Export page's choices as URL parameters, shared by the page, its plain GET
 * form and the download route: `source` (mine | search | latest), `search`, `format` (csv | json)
 * and `ids` (repeated skin uuids, at most 100 — 'mine' lives in the browser, so the form sends them).
 * The page previews only the first rows of a long list (HTML budget, DESIGN.md §4); `more` then names
 * the last previewed skin, and the download adds the source's skins after it, up to 100 in all.
 * Plain checks, no zod: the export form island imports this.
 * @module
 */
import { MY_SKINS_CAP } from '../constants'
import type { ExportFormat } from './skins'

/** Where the exported skins come from. */
export type ExportSource = 'mine' | 'search' | 'latest'

/** At most this many skins per export (the latest 100; the own list is capped at 100 too). */
export const EXPORT_MAX = MY_SKINS_CAP

/** Rows the server-rendered preview shows of a long list (the rest ride on `more`). */
export const EXPORT_PREVIEW_ROWS = 20

/** A valid export request. */
export interface ExportQuery {
  source: ExportSource
  search: string
  format: ExportFormat
  /** Chosen skins (32-hex uuids, no duplicates). */
  ids: string[]
  /** True when `ids` is the visitor's pick (the preview's checkboxes); else the whole source is meant. */
  picked: boolean
  /** The last previewed skin: the source's skins after it are included too. */
  more?: string
}

/** Why a request is refused; each has a translated message. */
export type ExportProblem = 'source' | 'format' | 'search' | 'ids' | 'tooMany' | 'noneChosen'

const SOURCES: readonly ExportSource[] = ['mine', 'search', 'latest']
/** Search terms the list API accepts (reference/mineskin-api.md §1.6). */
export const EXPORT_SEARCH = /^[a-zA-Z0-9-_ ]{1,32}$/
const UUID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/**
 * Reads the parameters. `forDownload`: a download needs skins — 'mine' without ids and a search
 * without a term are refused; the page itself just shows the form for them.
 */
export function parseExportQuery(params: URLSearchParams, forDownload: boolean): { ok: true; query: ExportQuery } | { ok: false; problem: ExportProblem } {
  const source = (params.get('source') ?? 'latest') as ExportSource
  if (!SOURCES.includes(source)) return { ok: false, problem: 'source' }
  const format = (params.get('format') ?? 'csv') as ExportFormat
  if (format !== 'csv' && format !== 'json') return { ok: false, problem: 'format' }
  const search = (params.get('search') ?? '').trim()
  if (search && !EXPORT_SEARCH.test(search)) return { ok: false, problem: 'search' }
  const raw = params.getAll('ids').flatMap((v) => v.split(/[\s,]+/)).filter(Boolean)
  if (raw.some((id) => !UUID.test(id))) return { ok: false, problem: 'ids' }
  const ids = [...new Set(raw.map((id) => id.replace(/-/g, '').toLowerCase()))]
  if (ids.length > EXPORT_MAX) return { ok: false, problem: 'tooMany' }
  // The preview form sends `pick` with its checkboxes: then unticking every row means nothing, not everything.
  const picked = params.has('pick') || ids.length > 0
  const more = params.get('more') ?? undefined
  if (more !== undefined && (source === 'mine' || !UUID.test(more))) return { ok: false, problem: 'ids' }
  if (forDownload && ids.length === 0 && !more && (picked || source === 'mine' || (source === 'search' && !search))) return { ok: false, problem: 'noneChosen' }
  return { ok: true, query: { source, search, format, ids, picked, ...(more ? { more: more.replace(/-/g, '').toLowerCase() } : {}) } }
}
