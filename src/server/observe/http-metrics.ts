/**
 * The HTTP families (docs/operations.md "Metrics"): requests by route pattern, method and status, and
 * their latency (to the answer's headers: a stream's body may last hours) by route pattern and
 * method. Route patterns come from the apps (src/shared/observe/request-facts.ts), so a path's ids and
 * random paths never become labels; methods outside the usual few are counted as `other`.
 * @module
 */
import { DURATION_BUCKETS, type MetricsRegistry } from '../../shared/metrics/registry'

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The families on `registry`, and how one answered request is counted. */
export function httpMetrics(registry: MetricsRegistry): HttpMetrics {
  const requests = registry.counter({ name: 'ssg_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status', labelNames: ['route', 'method', 'status'] })
  const duration = registry.histogram({
    name: 'ssg_http_request_duration_seconds',
    help: 'Time from a request to its answer’s headers, by route pattern and method',
    labelNames: ['route', 'method'],
    buckets: DURATION_BUCKETS,
  })
  return {
    /** Counts one answer (`tier` is for stores that keep it, such as Analytics Engine; not a label here). */
    observe(route: string, method: string, status: number, seconds: number, _tier?: string | null): void {
      const m = METHODS.has(method) ? method : 'other'
      requests.inc({ route, method: m, status: String(status) })
      duration.observe({ route, method: m }, seconds)
    },
  }
}

/** Where the observer counts an answer: the HTTP families, or on Workers an Analytics Engine dataset. */
export interface HttpMetrics {
  observe(route: string, method: string, status: number, seconds: number, tier?: string | null): void
}
