/**
 * The rows of skins a job's run just wrote here, by skin uuid, kept for the job's submit: the submit
 * that waits for its job (the site's upload, `POST /v2/queue?wait=`) answers with the skin as the run's
 * batch wrote it (`RETURNING *`) instead of reading it back, one round trip less on D1. Only a new skin on
 * a new data row is kept, and only that answer takes it (no other request can have changed the skin yet:
 * no tags, votes or edits), once and within {@link MAX_AGE_MS}; every other answer reads the database, as
 * always. Bounded: the oldest are dropped (the records of jobs whose submit did not wait).
 * @module
 */
import type { WrittenRow } from './skin-writer'
import { createKeptOnce } from './kept-once'

/** How long a written record may answer for its skin, ms (a submit's wait is shorter). */
export const MAX_AGE_MS = 10_000

/** The rows a run wrote for a new skin: the skin row and its data row, as the database gave them back. */
export interface WrittenSkin {
  skin: WrittenRow
  data: WrittenRow
}

/**
 * The store of written skins, at most `max`, on the clock `now`: `keep(uuid, rows)`, and `take(uuid)` once
 * within {@link MAX_AGE_MS}. Rows are kept as written and mapped only when taken (most are never taken).
 */
export const createJustWritten = (max: number, now: () => number) => createKeptOnce<WrittenSkin>(max, { maxAgeMs: MAX_AGE_MS, now })
