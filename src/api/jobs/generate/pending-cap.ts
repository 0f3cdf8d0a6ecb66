/**
 * The pending-job caps of a submit (reference/mineskin-api.md §2.1 step 2): an anonymous caller with
 * `concurrency` jobs waiting or processing gets 429 `job_limit`, a key or user 429 `concurrency_limit`.
 * Its own module because a batch checks it per item after its storage was
 * reserved, while a single submit checks it before its input is downloaded.
 * @module
 */
import { ApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { SqlClient } from '../../store/sql'

/** Pending jobs older than this no longer count towards the caps (they are stuck, not pending). */
const PENDING_WINDOW_MS = 24 * 3_600_000

/**
 * The count of the caller's pending jobs as one SQL expression with its parameters (by key, else user,
 * else — anonymous — client cookie or address), or null for a caller with none of those. Plain SQL
 * (every submit asks it, alone or inside the submit's lookup: ./duplicates.ts); the jobs_*_idx
 * indexes of each owner column serve it.
 */
export function pendingCountSql(who: Identity, now: number): { sql: string; params: (string | number)[] } | null {
  let owner: string
  let params: string[]
  if (who.apiKeyId) [owner, params] = ['api_key_id = ?', [who.apiKeyId]]
  else if (who.userId) [owner, params] = ['user_id = ?', [who.userId]]
  else if (who.clientId && who.ip) [owner, params] = ['(client_id = ? OR ip = ?)', [who.clientId, who.ip]]
  else if (who.clientId) [owner, params] = ['client_id = ?', [who.clientId]]
  else if (who.ip) [owner, params] = ['ip = ?', [who.ip]]
  else return null
  return {
    sql: `SELECT count(*) FROM jobs WHERE ${owner} AND status IN ('waiting', 'processing') AND created_at >= ?`,
    params: [...params, now - PENDING_WINDOW_MS],
  }
}

/** Throws the 429 of the caps when `pending` jobs of the caller reach its grant `concurrency`. */
export function refuseAtCap(who: Identity, pending: number): void {
  if (who.kind === 'anonymous' && pending >= who.grants.concurrency) {
    throw new ApiError('job_limit', `Too many pending jobs (${pending}); wait for them to finish`, 429)
  }
  if (who.kind !== 'anonymous' && pending >= who.grants.concurrency) {
    throw new ApiError('concurrency_limit', `Too many pending jobs (${pending} of ${who.grants.concurrency})`, 429)
  }
}

/** Throws the 429 of the caps when the caller has as many pending jobs as its grant `concurrency`. */
export async function checkPendingCap(sql: SqlClient, who: Identity, now: number): Promise<void> {
  const count = pendingCountSql(who, now)
  const r = count ? await sql.get<{ n: number }>(`SELECT (${count.sql}) AS n`, count.params) : null
  refuseAtCap(who, r?.n ?? 0)
}
