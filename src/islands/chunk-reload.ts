/**
 * Chunk loading errors (SPEC §8): when an island chunk fails to load (usually a deploy replaced the
 * hashed files), reload the page — at most once per 10 seconds for the same path.
 * @module
 */

const KEY = 'ssg:chunk-reload'
/** Minimum time between two reloads of the same path, ms (SPEC §8). */
export const CHUNK_RELOAD_INTERVAL_MS = 10_000

/** Decides whether to reload now, given the last reload record; pure so it is testable. */
export function shouldReload(last: { path: string; at: number } | null, path: string, now: number): boolean {
  return !last || last.path !== path || now - last.at >= CHUNK_RELOAD_INTERVAL_MS
}

/** Reloads the page after a chunk error unless this path was reloaded in the last 10 s. */
export function reloadAfterChunkError(error: unknown): void {
  console.error('[island] chunk failed to load', error)
  let last: { path: string; at: number } | null = null
  try {
    last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null')
  } catch {
    last = null
  }
  const now = Date.now()
  if (!shouldReload(last, location.pathname, now)) return
  sessionStorage.setItem(KEY, JSON.stringify({ path: location.pathname, at: now }))
  location.reload()
}
