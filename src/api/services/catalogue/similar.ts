/**
 * `GET /v2/skins/{id}/similar`: up to 8 listed skins whose textures have the closest colour
 * histograms (see ../colour-features.ts), one per texture, closest first. Candidates are the
 * newest listed skins sharing the skin's dominant colour bin (one index range), so the cost does
 * not grow with the catalogue; ranking is the exact L1 histogram distance.
 * @module
 */
import type { Database } from 'bun:sqlite'
import type { SkinListItem } from '../../../shared/schemas/api'
import { histogramDistance } from '../colour-features'

/** Most similar skins returned (reference §1.7). */
export const SIMILAR_LIMIT = 8
/** Candidates ranked per request. */
export const SIMILAR_CANDIDATES = 400

interface CandidateRow {
  id: number
  uuid: string
  short_id: string
  name: string | null
  texture_hash: string
  updated_at: number
  features: Uint8Array
}

/** Prepared similar-skins query over one database. */
export function createSimilarSkins(sqlite: Database) {
  const candidates = sqlite.query<CandidateRow, [number, number, number]>(
    `SELECT s.id, s.uuid, s.short_id, s.name, s.texture_hash, s.updated_at, d.features
     FROM skins s INDEXED BY skins_similar_idx JOIN skin_data d ON d.id = s.data_id
     WHERE s.visibility = 'public' AND s.deleted_at IS NULL AND s.colour_key = ? AND s.id <> ?
     ORDER BY s.id DESC LIMIT ?`,
  )
  return {
    /** Skins most similar to the one with `features`, excluding `skinRowId` and its own texture. */
    similar(skinRowId: number, key: number, features: Uint8Array, textureHash: string): SkinListItem[] {
      const rows = candidates.all(key, skinRowId, SIMILAR_CANDIDATES)
      const ranked = rows
        .filter((r) => r.texture_hash !== textureHash)
        .map((r) => ({ r, d: histogramDistance(features, new Uint8Array(r.features)) }))
        .sort((a, b) => a.d - b.d || b.r.id - a.r.id)
      const out: SkinListItem[] = []
      const seen = new Set<string>()
      for (const { r } of ranked) {
        if (seen.has(r.texture_hash)) continue
        seen.add(r.texture_hash)
        out.push({ uuid: r.uuid, shortId: r.short_id, ...(r.name ? { name: r.name } : {}), texture: r.texture_hash, timestamp: r.updated_at })
        if (out.length >= SIMILAR_LIMIT) break
      }
      return out
    },
  }
}

/** The similar-skins service type. */
export type SimilarSkins = ReturnType<typeof createSimilarSkins>
