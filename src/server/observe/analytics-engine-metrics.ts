/**
 * The HTTP figures on Cloudflare (docs/cloudflare.md "Metrics and logs"): a Worker keeps no process
 * whose counters a scraper could read, so each answer is one Workers Analytics Engine data point
 * instead — blobs `[route, method, status, tier]`, double `[seconds]`, index `route` — which the
 * Analytics Engine SQL API sums and ranks (the queries are in that section). Only where the dataset
 * is bound (`METRICS_DATASET`); a failed write never fails the request.
 * @module
 */
import type { HttpMetrics } from './http-metrics'

/** What is used of an Analytics Engine dataset binding. */
export interface AnalyticsDataset {
  writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Counts answers as data points of `dataset`. */
export function analyticsEngineMetrics(dataset: AnalyticsDataset, report: (e: unknown) => void = () => {}): HttpMetrics {
  return {
    observe(route, method, status, seconds, tier) {
      try {
        dataset.writeDataPoint({ blobs: [route, METHODS.has(method) ? method : 'other', String(status), tier ?? ''], doubles: [seconds], indexes: [route.slice(0, 96)] })
      } catch (e) {
        report(e)
      }
    },
  }
}
