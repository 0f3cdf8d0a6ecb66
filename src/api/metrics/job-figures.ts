/**
 * Finished jobs and their wait and run times as the database keeps them (migration `metric_values`):
 * the triggers on `jobs` count a job once when it finishes — updated to completed or failed by any
 * process, or inserted finished (a duplicate found at once) — under its status and first error code,
 * and add its durations to two histograms. The `/metrics` families (./job-families.ts) and the operator
 * console's status (src/api/moderation/site-status.ts) both read them through {@link readJobFigures}.
 * @module
 */
import type { SqlClient } from '../store/sql'
import { readMetricRows } from './metric-values'

/**
 * Upper bounds of the job duration buckets, seconds. The migration's rows and triggers use the same
 * list (its backfill spells it out; ./job-figures.test.ts holds the two equal).
 */
export const JOB_DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300] as const

/** One histogram: cumulative counts per bound, the `+Inf` one (= count) last. */
export interface HistogramFigures {
  buckets: readonly number[]
  /** Jobs at or under each bound, then all of them. */
  cumulative: number[]
  /** Seconds, summed. */
  sum: number
  count: number
}

/** Finished jobs by status and first error code ("" for completed). */
export interface FinishedJobs {
  status: 'completed' | 'failed'
  code: string
  count: number
}

/** Everything the database keeps about finished jobs. */
export interface JobFigures {
  finished: FinishedJobs[]
  /** All-time totals by status. */
  totals: { completed: number; failed: number }
  /** Created → started (a job found at once: 0). */
  wait: HistogramFigures
  /** Started → finished. */
  run: HistogramFigures
}

/** Row names of one histogram in `metric_values`. */
const rowsOf = (base: 'ssg_job_wait' | 'ssg_job_run') => ({ bucket: `${base}_seconds_bucket`, count: `${base}_seconds_count`, sumMs: `${base}_milliseconds_sum` })
const WAIT = rowsOf('ssg_job_wait')
const RUN = rowsOf('ssg_job_run')
const NAMES = ['ssg_jobs_finished_total', ...Object.values(WAIT), ...Object.values(RUN)]

/** Reads the figures (one query). */
export async function readJobFigures(sql: SqlClient): Promise<JobFigures> {
  const rows = await readMetricRows(sql, NAMES)
  const histogram = (names: ReturnType<typeof rowsOf>): HistogramFigures => {
    const count = rows.find((r) => r.name === names.count)?.value ?? 0
    const byBound = new Map(rows.filter((r) => r.name === names.bucket).map((r) => [Number(r.labels.le), r.value]))
    // A bound without its row (a database edited by hand) reads as the bucket below it, so counts stay cumulative.
    let below = 0
    const cumulative = JOB_DURATION_BUCKETS.map((le) => (below = Math.max(below, byBound.get(le) ?? below)))
    return { buckets: JOB_DURATION_BUCKETS, cumulative: [...cumulative, Math.max(count, below)], sum: (rows.find((r) => r.name === names.sumMs)?.value ?? 0) / 1000, count: Math.max(count, below) }
  }
  const finished = rows
    .filter((r) => r.name === 'ssg_jobs_finished_total' && (r.labels.status === 'completed' || r.labels.status === 'failed'))
    .map((r): FinishedJobs => ({ status: r.labels.status as FinishedJobs['status'], code: r.labels.code ?? '', count: r.value }))
  const total = (status: FinishedJobs['status']) => finished.filter((f) => f.status === status).reduce((n, f) => n + f.count, 0)
  return { finished, totals: { completed: total('completed'), failed: total('failed') }, wait: histogram(WAIT), run: histogram(RUN) }
}
