/**
 * The records of skins a job's run just wrote here, by skin uuid, kept for the job's submit: the submit
 * that waits for its job (the site's upload, `POST /v2/queue?wait=`) answers with the skin as the run's
 * batch wrote it (`RETURNING *`) instead of reading it back, one round trip less on D1. Only a new skin on
 * a new data row is kept, and only that answer takes it (no other request can have changed the skin yet:
 * no tags, votes or edits), once and within {@link MAX_AGE_MS}; every other answer reads the database, as
 * always. Bounded: the oldest are dropped (the records of jobs whose submit did not wait).
 * @module
 */
import type { SkinRecord } from '../../skins/services/skin-record'

/** How long a written record may answer for its skin, ms (a submit's wait is shorter). */
export const MAX_AGE_MS = 10_000

/** The store of written records, at most `max`, on the clock `now`. */
export function createJustWritten(max: number, now: () => number) {
  const records = new Map<string, { record: SkinRecord; at: number }>()
  return {
    /** Keeps the record of skin `uuid` as it was written. */
    keep(uuid: string, record: SkinRecord): void {
      records.set(uuid, { record, at: now() })
      if (records.size > max) records.delete(records.keys().next().value!)
    },
    /** The record kept for `uuid` (once: it is dropped), unless older than {@link MAX_AGE_MS}. */
    take(uuid: string): SkinRecord | undefined {
      const kept = records.get(uuid)
      records.delete(uuid)
      return kept && now() - kept.at <= MAX_AGE_MS ? kept.record : undefined
    },
  }
}
