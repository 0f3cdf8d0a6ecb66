/**
 * A small in-memory hand-over from one step of a job to the next in the same isolate or process: values
 * kept by key, each taken at most once, at most `max` of them (the oldest go first, as a Map keeps
 * insertion order), and, with a freshness rule, none older than its limit. What is not taken in time is
 * simply read again by whoever needs it; nothing depends on a value being here.
 * @module
 */

/** How old a kept value may be when it is taken. */
export interface Freshness {
  /** The oldest a value may be, ms. */
  maxAgeMs: number
  now: () => number
}

/** The store, at most `max` values. */
export function createKeptOnce<T>(max: number, freshness?: Freshness) {
  const kept = new Map<string, { value: T; at: number }>()
  return {
    /** Keeps `value` under `key`. */
    keep(key: string, value: T): void {
      kept.set(key, { value, at: freshness?.now() ?? 0 })
      if (kept.size > max) kept.delete(kept.keys().next().value!)
    },
    /** The value kept under `key` (once: it is dropped), unless it is too old. */
    take(key: string): T | undefined {
      const entry = kept.get(key)
      kept.delete(key)
      if (!entry) return undefined
      return freshness && freshness.now() - entry.at > freshness.maxAgeMs ? undefined : entry.value
    },
  }
}
