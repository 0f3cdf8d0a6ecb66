/**
 * Job rows as v2 job objects (reference/mineskin-api.md §1.5 "Job object"; times in epoch ms,
 * `result` only with a skin uuid — the Java client treats `completed` without it as unfinished).
 * @module
 */
import type { CodeAndMessage, JobInfo } from '../../shared/schemas/api'
import type { JobQueue, JobRow } from '../queue/job-queue'

/** The v2 job object of a row. */
export function toJobInfo(job: JobRow, queue: JobQueue): JobInfo {
  const eta = queue.eta(job)
  return {
    id: job.id,
    status: job.status,
    timestamp: job.created_at,
    ...(eta !== undefined ? { eta } : {}),
    ...(job.status === 'completed' && job.result ? { result: job.result } : {}),
  }
}

/** Stored `errors` of a failed job. */
export function jobErrors(job: JobRow): CodeAndMessage[] {
  if (!job.errors) return [{ code: 'job_failed', message: 'The job failed' }]
  try {
    const parsed = JSON.parse(job.errors) as CodeAndMessage[]
    return parsed.length ? parsed.map((e) => ({ code: String(e.code), message: String(e.message) })) : [{ code: 'job_failed', message: 'The job failed' }]
  } catch {
    return [{ code: 'job_failed', message: 'The job failed' }]
  }
}
