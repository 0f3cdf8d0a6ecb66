/**
 * The report queue: open reports grouped by skin, newest or most-reported first,
 * with the reason counts, the reporters and the age. A skin's count is its number of distinct
 * reporters — the signed-in user, else the address — however many cookies they sent; the reporter's
 * side, with the hourly limits, is src/api/skins/community/reports.ts. A reporter who reported a skin
 * before — dismissed or not — cannot queue it again (the unique report per skin and reporter answers
 * 409 `already_reported`, without saying who moderated).
 * @module
 */
import type { SqlClient } from '../store/sql'

/** Queue order. */
export type QueueSort = 'newest' | 'most'

/** Who reported: the kind of identity (`user:…`, `key:…`, `client:…`, `ip:…`) and its id. */
export interface Reporter {
  kind: 'user' | 'key' | 'client' | 'ip' | 'unknown'
  id: string
  /** The user's e-mail for `user` reporters (what a moderator recognises). */
  email: string | null
}

/** One skin in the queue. */
export interface QueueItem {
  skinRowId: number
  uuid: string
  shortId: string
  name: string | null
  textureHash: string
  visibility: 'public' | 'unlisted' | 'private'
  hidden: boolean
  deleted: boolean
  tags: string[]
  reports: number
  reasons: { skin: number; name: number; tags: number }
  firstAt: number
  lastAt: number
  reporters: Reporter[]
}

/** Reporters shown per skin (the count says how many there are). */
export const REPORTERS_SHOWN = 10

interface GroupRow {
  skin_id: number
  n: number
  first_at: number
  last_at: number
  r_skin: number
  r_name: number
  r_tags: number
  uuid: string
  short_id: string
  name: string | null
  texture_hash: string
  visibility: QueueItem['visibility']
  hidden_at: number | null
  deleted_at: number | null
}

/** Splits a stored reporter key. */
export function parseReporter(key: string, emails: ReadonlyMap<string, string>): Reporter {
  const at = key.indexOf(':')
  const kind = at > 0 ? key.slice(0, at) : ''
  const id = at > 0 ? key.slice(at + 1) : key
  if (kind === 'user' || kind === 'key' || kind === 'client' || kind === 'ip') return { kind, id, email: kind === 'user' ? (emails.get(id) ?? null) : null }
  return { kind: 'unknown', id: key, email: null }
}

/** One page of the queue and the number of skins with open reports. */
export async function reportQueue(sql: SqlClient, opts: { sort: QueueSort; limit: number; offset: number }): Promise<{ items: QueueItem[]; total: number }> {
  // `report_queue` holds one row per skin with open reports (kept by triggers, migration 0012), so a
  // page is an index walk in the asked order, not a grouping of every open report (bench: < 50 ms
  // at 100 k reports). The page is cut from the queue alone, then joined to its 20 skins, so a deep
  // offset skips index entries only (`n` and `last_at` name no column of skins).
  const order = opts.sort === 'most' ? 'n DESC, last_at DESC' : 'last_at DESC'
  const [rows, count] = await Promise.all([
    sql.all<GroupRow>(
      `SELECT q.skin_id, q.n, q.first_at, q.last_at, q.r_skin, q.r_name, q.r_tags,
              s.uuid, s.short_id, s.name, s.texture_hash, s.visibility, s.hidden_at, s.deleted_at
       FROM (SELECT * FROM report_queue ORDER BY ${order} LIMIT ? OFFSET ?) q JOIN skins s ON s.id = q.skin_id
       ORDER BY ${order}`,
      [opts.limit, opts.offset],
    ),
    sql.get<{ n: number }>('SELECT count(*) AS n FROM report_queue'),
  ])
  if (rows.length === 0) return { items: [], total: count?.n ?? 0 }
  const ids = rows.map((r) => r.skin_id)
  const marks = ids.map(() => '?').join(',')
  const [reporterRows, tagRows] = await Promise.all([
    sql.all<{ skin_id: number; reporter: string }>(
      `SELECT skin_id, reporter FROM skin_reports WHERE status = 'open' AND skin_id IN (${marks}) ORDER BY created_at DESC`,
      ids,
    ),
    sql.all<{ skin_id: number; tag: string }>(`SELECT skin_id, tag FROM skin_tags WHERE skin_id IN (${marks}) ORDER BY up - down DESC, tag`, ids),
  ])
  const userIds = [...new Set(reporterRows.map((r) => r.reporter).filter((k) => k.startsWith('user:')).map((k) => k.slice(5)))]
  const emails = new Map<string, string>()
  if (userIds.length) {
    for (const u of await sql.all<{ id: string; email: string }>(`SELECT id, email FROM users WHERE id IN (${userIds.map(() => '?').join(',')})`, userIds)) emails.set(u.id, u.email)
  }
  const items = rows.map(
    (r): QueueItem => ({
      skinRowId: r.skin_id,
      uuid: r.uuid,
      shortId: r.short_id,
      name: r.name,
      textureHash: r.texture_hash,
      visibility: r.visibility,
      hidden: r.hidden_at !== null,
      deleted: r.deleted_at !== null,
      tags: tagRows.filter((t) => t.skin_id === r.skin_id).map((t) => t.tag),
      reports: r.n,
      reasons: { skin: r.r_skin, name: r.r_name, tags: r.r_tags },
      firstAt: r.first_at,
      lastAt: r.last_at,
      reporters: reporterRows
        .filter((x) => x.skin_id === r.skin_id)
        .slice(0, REPORTERS_SHOWN)
        .map((x) => parseReporter(x.reporter, emails)),
    }),
  )
  return { items, total: count?.n ?? 0 }
}
