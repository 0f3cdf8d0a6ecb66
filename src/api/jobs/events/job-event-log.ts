/**
 * Reads of the job event log (`job_events`, written by triggers on `jobs`: migration `job_events`),
 * and whose events a caller may see: the rule of `GET /v2/queue` (src/api/jobs/routes/generate.ts) —
 * an API key sees its key's jobs, a signed-in user their own (those sent with their keys included),
 * an anonymous caller only the jobs of its client cookie that carry neither a user nor a key.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import type { Identity } from '../../users/identity/identity'
import type { JobRow } from '../queue/job-queue'

/** One row of the log. */
export interface JobEventRow {
  id: number
  job_id: string
  status: JobRow['status']
  user_id: string | null
  api_key_id: string | null
  client_id: string | null
  at: number
}

/** Whose events a stream carries: `k:<api key id>`, `u:<user id>` or `c:<client id>`. */
export type OwnerKey = `${'k' | 'u' | 'c'}:${string}`

/** The owner key of a caller; null when it has none (an anonymous caller without a client cookie). */
export function ownerOf(who: Pick<Identity, 'apiKeyId' | 'userId' | 'clientId'>): OwnerKey | null {
  if (who.apiKeyId) return `k:${who.apiKeyId}`
  if (who.userId) return `u:${who.userId}`
  if (who.clientId) return `c:${who.clientId}`
  return null
}

/** Every owner key that may see `event` (a keyed job is also its user's; a client's only when anonymous). */
export function ownersOf(event: Pick<JobEventRow, 'api_key_id' | 'user_id' | 'client_id'>): OwnerKey[] {
  const keys: OwnerKey[] = []
  if (event.api_key_id) keys.push(`k:${event.api_key_id}`)
  if (event.user_id) keys.push(`u:${event.user_id}`)
  if (!event.api_key_id && !event.user_id && event.client_id) keys.push(`c:${event.client_id}`)
  return keys
}

/** The SQL condition (and its argument) of an owner's rows. */
function ownerWhere(owner: OwnerKey): [string, string] {
  const id = owner.slice(2)
  if (owner.startsWith('k:')) return ['api_key_id = ?', id]
  if (owner.startsWith('u:')) return ['user_id = ?', id]
  return ['client_id = ? AND user_id IS NULL AND api_key_id IS NULL', id]
}

/** Rows read at once; a longer backlog is read in several pages. */
export const EVENT_PAGE = 500

/** The log's reads and its pruning, over any platform's SQL client. */
export function createJobEventLog(sql: SqlClient) {
  return {
    /** The newest id (0 when the log is empty and nothing was ever written). */
    // max(id), not sqlite_sequence: D1 does not let queries read SQLite's own tables. A log pruned
    // empty answers 0, and every later row (AUTOINCREMENT never reuses an id) is still after it.
    async latest(): Promise<number> {
      const row = await sql.get<{ id: number | null }>('SELECT max(id) AS id FROM job_events')
      return row?.id ?? 0
    },
    /** The oldest id still kept, or null when the log holds no row. */
    async oldest(): Promise<number | null> {
      return (await sql.get<{ id: number | null }>('SELECT min(id) AS id FROM job_events'))?.id ?? null
    },
    /** Every owner's rows after `after`, oldest first, one page. */
    after: (after: number, limit = EVENT_PAGE) => sql.all<JobEventRow>('SELECT * FROM job_events WHERE id > ? ORDER BY id LIMIT ?', [after, limit]),
    /** `owner`'s rows after `after`, oldest first, one page. */
    ownAfter(owner: OwnerKey, after: number, limit = EVENT_PAGE): Promise<JobEventRow[]> {
      const [where, arg] = ownerWhere(owner)
      return sql.all<JobEventRow>(`SELECT * FROM job_events WHERE ${where} AND id > ? ORDER BY id LIMIT ?`, [arg, after, limit])
    },
    /** Deletes the rows of changes made before `before` (epoch ms); returns how many went. */
    async prune(before: number): Promise<number> {
      return (await sql.run('DELETE FROM job_events WHERE at < ?', [before])).changes
    },
  }
}

/** The log's reads. */
export type JobEventLog = ReturnType<typeof createJobEventLog>
