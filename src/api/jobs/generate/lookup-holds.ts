/**
 * Whether a job's submit lookup, which found no data row for its texture, still stands for the job's run,
 * so the run need not ask the database again (one D1 round trip less for a job run at once, the API
 * Worker's usual case): made at most {@link LOOKUP_HOLDS_MS} ago, and no run of the same dedupe key ended
 * here since (a burst of one texture, whose later jobs wait for the first: they look again, find its skin
 * and sign nothing). What it cannot see, a run of the same texture in another isolate in that moment, the
 * skin's write catches: its data row is taken, the job is a duplicate (`image_hash_data`), and one
 * signature was made for nothing.
 * @module
 */
import type { KeptInput } from './just-stored'

/** How long a submit's duplicate lookup stands for its job's run, ms. */
export const LOOKUP_HOLDS_MS = 1000

/** The most run ends kept (a few dozen bytes each): far more than a second of runs. */
const RUN_ENDS_KEPT = 4096

/** The run ends of one generator, on the clock `now`. */
export function createLookupHolds(now: () => number) {
  // When the last run here of each dedupe key ended (epoch ms), oldest first: only the last
  // LOOKUP_HOLDS_MS matter (an older lookup never stands), so older ends go as new ones come, and at most
  // RUN_ENDS_KEPT stay whatever the clock does.
  const runEnded = new Map<string, number>()
  return {
    /** A run of `key` ended here (it signed, found a duplicate or failed). */
    runEnded(key: string): void {
      const t = now()
      runEnded.delete(key)
      runEnded.set(key, t)
      for (const [oldest, at] of runEnded) {
        if (at >= t - LOOKUP_HOLDS_MS && runEnded.size <= RUN_ENDS_KEPT) break
        runEnded.delete(oldest)
      }
    },
    /** Whether the lookup of the submit that kept `kept` stands for this run of `key`. */
    stillHolds(kept: KeptInput | undefined, key: string): boolean {
      if (!kept || now() - kept.lookedUpAt > LOOKUP_HOLDS_MS) return false
      const ended = runEnded.get(key)
      return ended === undefined || ended < kept.lookedUpAt
    },
  }
}
