/**
 * `GET /v2/skins/{id}/similar`: up to 8 listed skins whose textures have the closest colour
 * histograms (see ../colour-features.ts), one per texture, closest first. Candidates are the
 * newest listed skins sharing the skin's dominant colour bin (one index range), so the cost does
 * not grow with the catalogue; ranking is the exact L1 histogram distance.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import type { SkinListItem } from '../../../shared/schemas/api'
import { histogramDistance } from '../colour-features'

/** Most similar skins returned (reference §1.7). */
export const SIMILAR_LIMIT = 8
/** Candidates ranked per request. */
export const SIMILAR_CANDIDATES = 256

interface DetailRow {
  id: number
  uuid: string
  short_id: string
  name: string | null
  texture_hash: string
  updated_at: number
}

/** Prepared similar-skins query over one database. */
export function createSimilarSkins(sql: SqlClient) {
  // Rank on (id, texture hash, features) read from the covering index, as arrays (no per-row
  // objects); fetch details for the winners only.
  const CANDIDATES = `SELECT s.id, s.texture_hash, s.features
     FROM skins s INDEXED BY skins_similar_idx
     WHERE s.visibility = 'public' AND s.deleted_at IS NULL AND s.colour_key = ? AND s.id <> ?
     ORDER BY s.id DESC LIMIT ?`
  const DETAILS = 'SELECT id, uuid, short_id, name, texture_hash, updated_at FROM skins WHERE id = ?'
  return {
    /** Skins most similar to the one with `features`, excluding `skinRowId` and its own texture. */
    async similar(skinRowId: number, key: number, features: Uint8Array, textureHash: string): Promise<SkinListItem[]> {
      const rows = await sql.values<[number, string, Uint8Array]>(CANDIDATES, [key, skinRowId, SIMILAR_CANDIDATES])
      const ranked = rows
        .filter((r) => r[1] !== textureHash)
        .map((r) => ({ id: r[0], hash: r[1], d: histogramDistance(features, r[2]) }))
        .sort((a, b) => a.d - b.d || b.id - a.id)
      const out: SkinListItem[] = []
      const seen = new Set<string>()
      for (const c of ranked) {
        if (seen.has(c.hash)) continue
        seen.add(c.hash)
        const r = await sql.get<DetailRow>(DETAILS, [c.id])
        if (r) out.push({ uuid: r.uuid, shortId: r.short_id, ...(r.name ? { name: r.name } : {}), texture: r.texture_hash, timestamp: r.updated_at })
        if (out.length >= SIMILAR_LIMIT) break
      }
      return out
    },
  }
}

/** The similar-skins service type. */
export type SimilarSkins = ReturnType<typeof createSimilarSkins>
