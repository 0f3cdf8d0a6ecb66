/**
 * `GET /v2/me/skins` (reference/mineskin-api.md §1.6): the caller's own skins, every visibility,
 * newest first, keyset-paginated by `after`; only the last 3 months unless the grant
 * `skin_history_unlimited`. "Own" = created by the caller's user, else API key, else anonymous
 * client cookie (./ownership.ts). `filter` keeps skins whose name has every word.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import type { SkinListItem } from '../../../shared/schemas/api'
import type { Identity } from '../../users/identity'
import { toListItem, type SkinListRow } from '../catalogue/list-item'

/** Window of `/v2/me/skins` without `skin_history_unlimited`. */
export const OWN_HISTORY_MS = 90 * 24 * 3_600_000

/** Prepared own-skin queries. */
export function createOwnSkins(sql: SqlClient) {
  const cols = 's.id, s.uuid, s.short_id, s.name, s.texture_hash, s.updated_at'
  const where = 'AND c.skin_id < ? AND s.deleted_at IS NULL AND s.created_at >= ? ORDER BY c.skin_id DESC LIMIT ?'
  const BY_USER = `SELECT ${cols} FROM skin_clients c INDEXED BY skin_clients_user_idx JOIN skins s ON s.id = c.skin_id WHERE c.user_id = ? ${where}`
  const BY_KEY = `SELECT ${cols} FROM skin_clients c INDEXED BY skin_clients_key_idx JOIN skins s ON s.id = c.skin_id WHERE c.api_key_id = ? AND c.user_id IS NULL ${where}`
  const BY_CLIENT = `SELECT ${cols} FROM skin_clients c INDEXED BY skin_clients_client_idx JOIN skins s ON s.id = c.skin_id
     WHERE c.client_id = ? AND c.user_id IS NULL AND c.api_key_id IS NULL ${where}`

  return {
    /** One page of the caller's skins; null when nothing identifies the caller. */
    async list(who: Identity, q: { after?: string; size: number; filter?: string; now: number }): Promise<{ skins: SkinListItem[]; anchorNotFound: boolean } | null> {
      const a = q.after ? await sql.get<{ id: number }>('SELECT id FROM skins WHERE uuid = ?', [q.after.replace(/-/g, '').toLowerCase()]) : null
      const before = a?.id ?? Number.MAX_SAFE_INTEGER
      const since = who.grants.skin_history_unlimited ? 0 : q.now - OWN_HISTORY_MS
      const words = q.filter?.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean) ?? []
      // A filter scans further than one page; own histories are small, so a bounded scan is fine.
      const limit = words.length ? 1000 : q.size
      let rows: SkinListRow[]
      if (who.userId) rows = await sql.all<SkinListRow>(BY_USER, [who.userId, before, since, limit])
      else if (who.apiKeyId) rows = await sql.all<SkinListRow>(BY_KEY, [who.apiKeyId, before, since, limit])
      else if (who.clientId) rows = await sql.all<SkinListRow>(BY_CLIENT, [who.clientId, before, since, limit])
      else return null
      if (words.length) rows = rows.filter((r) => words.every((w) => (r.name ?? '').toLowerCase().includes(w))).slice(0, q.size)
      return {
        skins: rows.map(toListItem),
        anchorNotFound: q.after !== undefined && !a,
      }
    },
  }
}

/** The own-skins service type. */
export type OwnSkins = ReturnType<typeof createOwnSkins>
