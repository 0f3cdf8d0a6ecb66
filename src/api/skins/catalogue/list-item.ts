/**
 * A skin as the lists show it (`SkinListItem`, reference/mineskin-api.md §1.5): the columns every
 * list query reads and the one mapping from them, shared by the public lists, similar skins and the
 * caller's own skins.
 * @module
 */
import type { SkinListItem } from '../../../shared/schemas/api'

/** The `skins` columns a list item is made from. */
export interface SkinListRow {
  id: number
  uuid: string
  short_id: string
  name: string | null
  texture_hash: string
  updated_at: number
}

/** The list item of a row; no `name` key when the skin has none. */
export const toListItem = (r: SkinListRow): SkinListItem => ({
  uuid: r.uuid,
  shortId: r.short_id,
  ...(r.name ? { name: r.name } : {}),
  texture: r.texture_hash,
  timestamp: r.updated_at,
})
