/**
 * The queue right now: jobs waiting and processing, one range of `jobs_status_idx` each. The `/metrics`
 * gauge `ssg_queue_jobs{status}` and the operator console's queue card read it through
 * {@link readQueueDepth}, so the two show the same numbers.
 * @module
 */
import type { MetricFamily } from '../../shared/metrics/exposition'
import type { SqlClient } from '../store/sql'

/** Jobs not finished yet. */
export interface QueueDepth {
  waiting: number
  processing: number
}

/** Reads the queue depth. */
export async function readQueueDepth(sql: SqlClient): Promise<QueueDepth> {
  const rows = await sql.all<{ status: string; n: number }>(`SELECT status, count(*) AS n FROM jobs WHERE status IN ('waiting', 'processing') GROUP BY status`)
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0
  return { waiting: of('waiting'), processing: of('processing') }
}

/** `ssg_queue_jobs{status}`. */
export async function queueFamilies(sql: SqlClient): Promise<MetricFamily[]> {
  const depth = await readQueueDepth(sql)
  return [
    {
      name: 'ssg_queue_jobs',
      help: 'Jobs in the queue now, by status (waiting for a worker, or processing)',
      type: 'gauge',
      samples: [
        { labels: { status: 'waiting' }, value: depth.waiting },
        { labels: { status: 'processing' }, value: depth.processing },
      ],
    },
  ]
}
