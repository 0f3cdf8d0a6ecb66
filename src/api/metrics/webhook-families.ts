/**
 * Webhook deliveries by status (`ssg_webhook_deliveries{status}`): triggers on `webhook_deliveries`
 * keep the count of rows per status in `metric_values` (a row moves from pending to delivered or
 * dropped), so a scrape reads three rows however many deliveries are stored. The attempts themselves
 * are counted in-process (./api-counters.ts).
 * @module
 */
import type { MetricFamily } from '../../shared/metrics/exposition'
import type { SqlClient } from '../store/sql'
import { readMetricRows } from './metric-values'

/** Statuses of a delivery (src/api/webhooks/deliveries.ts). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'dropped'] as const

/** Deliveries by status. */
export async function readWebhookDeliveries(sql: SqlClient): Promise<Record<(typeof DELIVERY_STATUSES)[number], number>> {
  const rows = await readMetricRows(sql, ['ssg_webhook_deliveries'])
  const of = (status: string) => rows.find((r) => r.labels.status === status)?.value ?? 0
  return { pending: of('pending'), delivered: of('delivered'), dropped: of('dropped') }
}

/** `ssg_webhook_deliveries{status}`. */
export async function webhookFamilies(sql: SqlClient): Promise<MetricFamily[]> {
  const byStatus = await readWebhookDeliveries(sql)
  return [
    {
      name: 'ssg_webhook_deliveries',
      help: 'Webhook deliveries stored, by status (pending: due or retrying; delivered; dropped after the last retry); kept by the database',
      type: 'gauge',
      samples: DELIVERY_STATUSES.map((status) => ({ labels: { status }, value: byStatus[status] })),
    },
  ]
}
