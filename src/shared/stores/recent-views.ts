/**
 * Skins whose view this browser already counted (a view is counted once per skin per browser,
 * the last 10 remembered, as the anchor's `recentViews`, reference/mineskin-api.md §3.5, §3.8). Newest
 * first; persisted. Shape-checked by hand, not zod: it loads with the skin page (DESIGN.md §4).
 * @module
 */
import { persistentJson } from './persistent-json'
import { arrayOf, isString } from './stored-shape'

/** How many skins are remembered. */
export const RECENT_VIEWS_CAP = 10

/** Skin uuids whose view was counted, newest first. */
export const $recentViews = persistentJson<string[]>('ssg:recent-views', arrayOf(isString), [])

/** The list with `uuid` as the newest entry; at most 10, the oldest dropped first. */
export function withRecentView(list: readonly string[], uuid: string): string[] {
  return [uuid, ...list.filter((id) => id !== uuid)].slice(0, RECENT_VIEWS_CAP)
}

/** True when this browser counted a view of `uuid` among its last 10. */
export const hasRecentView = (uuid: string): boolean => $recentViews.get().includes(uuid)

/** Remembers that this browser counted a view of `uuid`. */
export function rememberView(uuid: string): void {
  $recentViews.set(withRecentView($recentViews.get(), uuid))
}
