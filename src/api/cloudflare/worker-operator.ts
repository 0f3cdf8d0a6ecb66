/**
 * The API Worker's operator endpoints (docs/cloudflare.md "Metrics and logs"), the web Worker's
 * `/readyz` and `/metrics` asked over its binding: `/healthz`; `/readyz`, the same checks as on Bun
 * over D1, R2 and the signer (src/api/health); `/metrics` behind `METRICS_TOKEN`, the families the
 * database keeps (src/api/metrics/db-metrics.ts: jobs and their wait and run times, the queue, the
 * signing pool, webhook deliveries, storage) — the same numbers every isolate reads. A Worker has no
 * process of its own to report: memory, event-loop lag and per-isolate counters are not served here.
 * @module
 */
import { createMetricsRegistry } from '../../shared/metrics/registry'
import { operatorEndpoints } from '../../shared/observe/operator-endpoints'
import { checkReadiness } from '../health/readiness'
import { createUpstreamProbe } from '../health/upstream-probe'
import { registerDbMetrics } from '../metrics/db-metrics'
import type { WorkerContext } from './worker-env'

/** The handler over the isolate's context: an answer for the three paths, null for any other. */
export function workerOperatorEndpoints(ctx: WorkerContext, token: string | undefined) {
  const registry = createMetricsRegistry()
  const pool = ctx.signingPool
  registerDbMetrics(registry, { sql: ctx.store.sql, storageBudgetBytes: ctx.config.storageBudgetBytes, ...(pool ? { poolCounts: () => pool.manager.counts() } : {}) })
  const { upstream: up } = ctx.config
  const upstream = ctx.signer.kind === 'upstream' && up.origin ? createUpstreamProbe({ origin: up.origin, apiKey: up.apiKey, now: ctx.now }) : undefined
  return operatorEndpoints({
    registry,
    ...(token ? { token } : {}),
    trusted: false,
    readiness: () =>
      checkReadiness({
        sql: ctx.store.sql,
        blobs: ctx.blobs,
        signer: ctx.signer,
        ...(pool ? { pool: { capacity: () => pool.capacity(), counts: () => pool.manager.counts() } } : {}),
        ...(upstream ? { upstream } : {}),
        now: ctx.now,
      }),
  })
}
