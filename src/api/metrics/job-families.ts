/**
 * The job families of `/metrics`, read from the database (./job-figures.ts), so every process and the
 * API Worker answer the same figures as the operator console:
 * `ssg_jobs_finished_total{status,code}`, `ssg_job_wait_seconds` and `ssg_job_run_seconds`.
 * @module
 */
import type { MetricFamily } from '../../shared/metrics/exposition'
import type { SqlClient } from '../store/sql'
import { readJobFigures, type HistogramFigures } from './job-figures'
import { boundedSamples } from './metric-values'

const histogram = (name: string, help: string, h: HistogramFigures): MetricFamily => ({
  name,
  help,
  type: 'histogram',
  samples: [{ labels: {}, buckets: h.buckets, cumulative: h.cumulative, sum: h.sum, count: h.count }],
})

/** The families (one query). */
export async function jobFamilies(sql: SqlClient): Promise<MetricFamily[]> {
  const figures = await readJobFigures(sql)
  // Completed jobs have one series from the start, so a rate over it reads 0 rather than nothing; the
  // codes of failed ones are bounded (an upstream API's codes are passed on), the rest summed as `_other`.
  const failed = figures.finished.filter((f) => f.status === 'failed').map((f) => ({ name: '', labels: { code: f.code }, value: f.count }))
  const samples = [
    { labels: { status: 'completed', code: '' }, value: figures.totals.completed },
    ...boundedSamples(failed, ['code']).map((s) => ({ labels: { status: 'failed', code: s.labels.code! }, value: s.value })),
  ]
  return [
    {
      name: 'ssg_jobs_finished_total',
      help: 'Jobs finished, by final status and the first error code of a failed job ("" when completed); kept by the database',
      type: 'counter',
      samples,
    },
    histogram('ssg_job_wait_seconds', 'Time from a job being queued to a worker starting it (0 for one answered at once), seconds; kept by the database', figures.wait),
    histogram('ssg_job_run_seconds', 'Time from a worker starting a job to it finishing, seconds; kept by the database', figures.run),
  ]
}
