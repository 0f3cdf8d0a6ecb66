/**
 * Inserting a job row in plain SQL, and the row as a read would give it back: every submit writes one,
 * and the route answers with it, so the row is built here from what was inserted instead of read again
 * (one D1 round trip less per submit) and the statement is not built by the query builder each time.
 * @module
 */
import type { JobRow } from '../queue/job-queue'
import type { jobs } from '../../store/schema'
import type { SqlClient } from '../../store/sql'

/** Every column of `jobs`, in the order of {@link INSERT_JOB}'s values (job-insert.test.ts holds it to the schema). */
export const JOB_COLUMNS = [
  'id', 'status', 'kind', 'image_hash', 'user_uuid', 'input', 'source_name', 'options', 'user_id', 'api_key_id', 'client_id', 'ip',
  'breadcrumb', 'created_at', 'started_at', 'finished_at', 'result', 'duplicate', 'errors', 'attempts',
] as const satisfies readonly (keyof JobRow)[]

const INSERT_JOB = `INSERT INTO jobs (${JOB_COLUMNS.join(', ')}) VALUES (${JOB_COLUMNS.map(() => '?').join(', ')})`

/** The row `v` becomes: the schema's defaults (null, `attempts` 0) for what it leaves out. */
export function jobRowOf(v: typeof jobs.$inferInsert): JobRow {
  return {
    id: v.id,
    status: v.status,
    kind: v.kind,
    image_hash: v.imageHash ?? null,
    user_uuid: v.userUuid ?? null,
    input: v.input ?? null,
    source_name: v.sourceName ?? null,
    options: v.options,
    user_id: v.userId ?? null,
    api_key_id: v.apiKeyId ?? null,
    client_id: v.clientId ?? null,
    ip: v.ip ?? null,
    breadcrumb: v.breadcrumb,
    created_at: v.createdAt,
    started_at: v.startedAt ?? null,
    finished_at: v.finishedAt ?? null,
    result: v.result ?? null,
    duplicate: v.duplicate ?? null,
    errors: v.errors ?? null,
    attempts: v.attempts ?? 0,
  }
}

/**
 * Inserts the job `v` as `waiting` and claims it at `startedAt` in the same batch (one round trip, one
 * atomic write): a job that starts in the request that submits it (the API Worker) still records both
 * changes, `waiting` then `processing`, in the job event log. Returns the claimed row.
 */
export async function insertClaimedJobRow(sql: SqlClient, v: typeof jobs.$inferInsert, startedAt: number): Promise<JobRow> {
  const row = jobRowOf({ ...v, status: 'waiting' })
  const [, claimed] = await sql.batch([
    { sql: INSERT_JOB, params: JOB_COLUMNS.map((c) => row[c]) },
    { sql: `UPDATE jobs SET status = 'processing', started_at = ?, attempts = attempts + 1 WHERE id = ? RETURNING *`, params: [startedAt, row.id] },
  ])
  const job = claimed?.rows[0] as JobRow | undefined
  if (!job) throw new Error(`job ${row.id} was not claimed after its insert`)
  return job
}

/** Inserts the job `v` and returns its row. */
export async function insertJobRow(sql: SqlClient, v: typeof jobs.$inferInsert): Promise<JobRow> {
  const row = jobRowOf(v)
  await sql.run(INSERT_JOB, JOB_COLUMNS.map((c) => row[c]))
  return row
}
