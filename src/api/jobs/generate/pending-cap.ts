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
 * Pending jobs of the caller: by key, else user, else (anonymous) client cookie or address. Plain SQL
 * (every submit asks it): the jobs_*_idx indexes of each owner column serve it.
 */
async function pendingOf(sql: SqlClient, who: Identity, now: number): Promise<number> {
  let owner: string
  let params: string[]
  if (who.apiKeyId) [owner, params] = ['api_key_id = ?', [who.apiKeyId]]
  else if (who.userId) [owner, params] = ['user_id = ?', [who.userId]]
  else if (who.clientId && who.ip) [owner, params] = ['(client_id = ? OR ip = ?)', [who.clientId, who.ip]]
  else if (who.clientId) [owner, params] = ['client_id = ?', [who.clientId]]
  else if (who.ip) [owner, params] = ['ip = ?', [who.ip]]
  else return 0
  const r = await sql.get<{ n: number }>(
    `SELECT count(*) AS n FROM jobs WHERE ${owner} AND status IN ('waiting', 'processing') AND created_at >= ?`,
    [...params, now - PENDING_WINDOW_MS],
  )
  return r?.n ?? 0
}

/** Throws the 429 of the caps when the caller has as many pending jobs as its grant `concurrency`. */
export async function checkPendingCap(sql: SqlClient, who: Identity, now: number): Promise<void> {
  const pending = await pendingOf(sql, who, now)
  if (who.kind === 'anonymous' && pending >= who.grants.concurrency) {
    throw new ApiError('job_limit', `Too many pending jobs (${pending}); wait for them to finish`, 429)
  }
  if (who.kind !== 'anonymous' && pending >= who.grants.concurrency) {
    throw new ApiError('concurrency_limit', `Too many pending jobs (${pending} of ${who.grants.concurrency})`, 429)
  }
}
