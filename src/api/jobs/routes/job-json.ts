/**
 * Job rows as v2 job objects (reference/mineskin-api.md §1.5 "Job object"; times in epoch ms,
 * `result` only with a skin uuid — the Java client treats `completed` without it as unfinished).
 * @module
 */
import type { CodeAndMessage, JobInfo } from '../../../shared/schemas/api'
import type { JobQueue, JobRow } from '../queue/job-queue'

/** Longest `originalName` in a job object (an http(s) image URL input is at most 256 characters). */
const ORIGINAL_NAME_MAX = 256

/** The v2 job object of a row. */
export function toJobInfo(job: JobRow, queue: JobQueue): JobInfo {
  const eta = queue.eta(job)
  // SPEC §3 names a job's `originalName`: the job list shows it. A data URL is the image itself, not a name.
  const name = job.source_name && !job.source_name.startsWith('data:') ? job.source_name.slice(0, ORIGINAL_NAME_MAX) : undefined
  return {
    id: job.id,
    status: job.status,
    timestamp: job.created_at,
    ...(eta !== undefined ? { eta } : {}),
    ...(job.status === 'completed' && job.result ? { result: job.result } : {}),
    ...(name ? { originalName: name } : {}),
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
