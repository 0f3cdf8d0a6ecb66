/**
 * The texture PNGs of jobs a submit stored and queued here, kept until the job runs, by job id: the run
 * that follows at once in the same isolate (the API Worker: src/api/cloudflare/queues-job-queue.ts
 * "A job starts at once") signs the bytes its submit had instead of reading back the blob it just wrote,
 * and, when no other job of the same texture (hash, variant, cape) was queued here meanwhile and it runs
 * within {@link LOOKUP_FRESH_MS} of its submit, skips the dedupe lookup its submit made just before.
 * Bounded: the oldest are dropped, and a job run elsewhere or later reads its blob and looks again, as always.
 * @module
 */

/** What a submit left for its job's run. */
export interface StoredInput {
  png: Uint8Array
  /**
   * No other job of the same dedupe key was queued here while this one waited, and it runs within
   * {@link LOOKUP_FRESH_MS} of its submit: its submit's lookup still holds, unless another isolate stored
   * the texture in those milliseconds (which the skin writer's unique index catches: the skin then goes
   * on that data row, as when two isolates sign one texture at once).
   */
  alone: boolean
}

/** How long a submit's dedupe lookup stands in for its job's own, ms: an immediate run's wait, not a queue's. */
export const LOOKUP_FRESH_MS = 1000

/** The store of kept inputs, at most `max`; `now` is the clock the lookup's age is read on. */
export function createJustStored(max: number, now: () => number) {
  const inputs = new Map<string, { png: Uint8Array; key: string; alone: boolean; at: number }>()
  const byKey = new Map<string, Set<string>>()
  const drop = (jobId: string) => {
    const entry = inputs.get(jobId)
    if (!entry) return
    inputs.delete(jobId)
    const ids = byKey.get(entry.key)
    ids?.delete(jobId)
    if (ids?.size === 0) byKey.delete(entry.key)
  }
  return {
    /** Keeps the PNG of job `jobId`, whose texture's dedupe key is `key`. */
    keep(jobId: string, key: string, png: Uint8Array): void {
      const ids = byKey.get(key) ?? new Set<string>()
      // A second job of the same texture: neither may skip its lookup (the first to sign wins, the other reuses).
      for (const other of ids) inputs.get(other)!.alone = false
      inputs.set(jobId, { png, key, alone: ids.size === 0, at: now() })
      ids.add(jobId)
      byKey.set(key, ids)
      if (inputs.size > max) drop(inputs.keys().next().value!)
    },
    /** The input kept for `jobId` (once: it is dropped), or undefined. */
    take(jobId: string): StoredInput | undefined {
      const entry = inputs.get(jobId)
      if (!entry) return undefined
      drop(jobId)
      return { png: entry.png, alone: entry.alone && now() - entry.at <= LOOKUP_FRESH_MS }
    },
  }
}
