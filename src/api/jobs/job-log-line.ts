/**
 * The log line of a finished job (docs/operations.md "Logs"): which job, how it ended (its first
 * error code when it failed), how long it waited and ran, by which kind of input and after how many
 * attempts — never the input itself (a file name, a URL, a player name), the caller or an address.
 * @module
 */
import type { LogFields } from '../../shared/log/logger'
import type { JobRow } from './queue/job-queue'

/** The part of a job row its line is made of. */
export type JobLogJob = Pick<JobRow, 'id' | 'status' | 'kind' | 'created_at' | 'started_at' | 'finished_at' | 'errors' | 'attempts'>

/** What a job row says in its line. */
export function jobLogFields(job: JobLogJob): LogFields {
  let code: string | undefined
  if (job.status === 'failed' && job.errors) {
    try {
      const first = (JSON.parse(job.errors) as { code?: unknown }[])[0]?.code
      if (typeof first === 'string') code = first
    } catch {
      code = 'unreadable_errors'
    }
  }
  const started = job.started_at ?? job.finished_at
  return {
    job_id: job.id,
    status: job.status,
    kind: job.kind,
    code,
    wait_ms: started !== null && started !== undefined ? started - job.created_at : undefined,
    run_ms: job.finished_at !== null && started !== null && started !== undefined ? job.finished_at - started : undefined,
    attempts: job.attempts,
  }
}
