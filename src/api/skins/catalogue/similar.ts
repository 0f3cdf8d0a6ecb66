/**
 * `GET /v2/skins/{id}/similar`: up to 8 listed skins whose textures have the closest colour
 * histograms (see ../../image/colour-features.ts), one per texture, closest first. Candidates are the
 * newest listed skins sharing the skin's dominant colour bin (one index range), so the cost does
 * not grow with the catalogue; ranking is the exact L1 histogram distance.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import type { SkinListItem } from '../../../shared/schemas/api'
import { histogramDistance } from '../../image/colour-features'
import { toListItem, type SkinListRow } from './list-item'

/** Most similar skins returned (reference §1.7). */
export const SIMILAR_LIMIT = 8
/** Candidates ranked per request. */
export const SIMILAR_CANDIDATES = 256

/**
 * How long a skin's ranking is reused (the skin page's SSR ranked 256 candidates on every
 * request, a fifth of its time). Reuse re-reads the winners in one query, so a skin hidden, removed
 * or renamed since leaves or changes at once; only a new skin joins others' lists up to this late.
 */
export const SIMILAR_REUSE_MS = 60_000
/** Rankings kept (oldest dropped first). */
const RANKINGS_KEPT = 4096

/** Prepared similar-skins query over one database; `now` is the clock of the reuse window. */
export function createSimilarSkins(sql: SqlClient, now: () => number = Date.now) {
  // Rank on (id, texture hash, features) read from the covering index, as arrays (no per-row
  // objects); fetch details for the winners only.
  const CANDIDATES = `SELECT s.id, s.texture_hash, s.features
     FROM skins s INDEXED BY skins_similar_idx
     WHERE s.visibility = 'public' AND s.deleted_at IS NULL AND s.colour_key = ? AND s.id <> ?
     ORDER BY s.id DESC LIMIT ?`
  /** The winners still listed, with their current details (ids are row ids, so this reads the primary key). */
  const details = (ids: number[]) =>
    sql.all<SkinListRow>(
      `SELECT id, uuid, short_id, name, texture_hash, updated_at FROM skins WHERE id IN (${ids.map(() => '?').join(',')}) AND visibility = 'public' AND deleted_at IS NULL`,
      ids,
    )
  const rankings = new Map<string, { at: number; ids: number[] }>()

  /** Row ids of the closest skins, one per texture, closest first. */
  async function rank(skinRowId: number, key: number, features: Uint8Array, textureHash: string): Promise<number[]> {
    const rows = await sql.values<[number, string, Uint8Array]>(CANDIDATES, [key, skinRowId, SIMILAR_CANDIDATES])
    const ranked = rows
      .filter((r) => r[1] !== textureHash)
      .map((r) => ({ id: r[0], hash: r[1], d: histogramDistance(features, r[2]) }))
      .sort((a, b) => a.d - b.d || b.id - a.id)
    const ids: number[] = []
    const seen = new Set<string>()
    for (const c of ranked) {
      if (seen.has(c.hash)) continue
      seen.add(c.hash)
      ids.push(c.id)
      if (ids.length >= SIMILAR_LIMIT) break
    }
    return ids
  }

  return {
    /** Skins most similar to the one with `features`, excluding `skinRowId` and its own texture. */
    async similar(skinRowId: number, key: number, features: Uint8Array, textureHash: string): Promise<SkinListItem[]> {
      const cacheKey = `${skinRowId}:${textureHash}`
      const t = now()
      let entry = rankings.get(cacheKey)
      if (!entry || t - entry.at >= SIMILAR_REUSE_MS) {
        entry = { at: t, ids: await rank(skinRowId, key, features, textureHash) }
        rankings.delete(cacheKey)
        rankings.set(cacheKey, entry)
        if (rankings.size > RANKINGS_KEPT) rankings.delete(rankings.keys().next().value!)
      }
      if (entry.ids.length === 0) return []
      const byId = new Map((await details(entry.ids)).map((r) => [r.id, r]))
      return entry.ids.flatMap((id) => {
        const r = byId.get(id)
        return r ? [toListItem(r)] : []
      })
    },
  }
}

/** The similar-skins service type. */
export type SimilarSkins = ReturnType<typeof createSimilarSkins>
