/**
 * The job progress bar (SPEC §4 "Job progress bar", §9): 100 once the job completed or failed;
 * otherwise the share of time elapsed between the job's `timestamp` and its `eta` plus 100 ms; once
 * that reaches 100 while the job is unfinished, the bar turns indeterminate.
 * @module
 */
import type { JobInfo } from '../schemas/api/job-info'

/** Slack added to the ETA before the bar gives up on a known end (SPEC §4). */
export const ETA_SLACK_MS = 100

/** Percent done (0–100), or null while indeterminate: unfinished and past its ETA, or without one. */
export function jobProgress(job: Pick<JobInfo, 'status' | 'timestamp' | 'eta'>, now: number): number | null {
  if (job.status === 'completed' || job.status === 'failed') return 100
  if (job.eta === undefined) return null
  const span = job.eta + ETA_SLACK_MS - job.timestamp
  const percent = span > 0 ? ((now - job.timestamp) / span) * 100 : 100
  // A browser clock behind the server's can put `now` before the job was created: that is 0 %, not less.
  return percent >= 100 ? null : Math.max(0, percent)
}
