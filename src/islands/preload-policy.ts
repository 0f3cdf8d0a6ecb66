/**
 * When and how many chunks the client entry preloads (SPEC §9): preloads are skipped
 * on slow connections (Save-Data, or an effective type of 2g or slow-2g: there every byte before the
 * page is usable counts, and the chunks still load when they are imported), and at most five are in
 * flight at once, so they never crowd out the images of the page.
 * @module
 */

/** SPEC §9: at most 5 route preloads at once. */
export const MAX_PRELOADS_AT_ONCE = 5

/** The part of the Network Information API this reads (`navigator.connection`, Chromium only). */
export interface ConnectionInfo {
  saveData?: boolean
  effectiveType?: string
}

/** True on a connection where preloads are skipped (SPEC §9). */
export const isSlowConnection = (connection: ConnectionInfo | undefined): boolean =>
  !!connection && (connection.saveData === true || connection.effectiveType === '2g' || connection.effectiveType === 'slow-2g')

/**
 * Starts `start(item, done)` for every item in order with at most `limit` not yet `done` at once;
 * `done` may be called more than once (load and error both end a preload).
 */
export function inBatches<T>(items: readonly T[], start: (item: T, done: () => void) => void, limit = MAX_PRELOADS_AT_ONCE): void {
  let next = 0
  const launch = () => {
    const item = items[next++] as T
    let finished = false
    start(item, () => {
      if (finished) return
      finished = true
      if (next < items.length) launch()
    })
  }
  while (next < Math.min(limit, items.length)) launch()
}
