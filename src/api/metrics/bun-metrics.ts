/**
 * Everything the embedded API adds to a metrics registry on Bun: the database families
 * (./db-metrics.ts), the store's file sizes (./sqlite-files.ts), the job event streams this process
 * holds, and the in-process counters (./api-counters.ts) whose hooks the API's code calls. The wiring
 * (src/api/wiring.ts) calls it when `EmbeddedApiDeps.metrics` is given.
 * @module
 */
import type { MetricsRegistry } from '../../shared/metrics/registry'
import { createApiCounters, type ApiCounters } from './api-counters'
import { registerDbMetrics, type DbMetricsDeps } from './db-metrics'
import { sqliteFileFamilies } from './sqlite-files'

/** What the Bun families read besides the database. */
export interface ApiMetricsDeps extends DbMetricsDeps {
  /** `DATA_DIR`, where `skins.db` and its WAL are. */
  dataDir: string
  /** Job event streams open in this process (the hub's `open()`); absent where none are held. */
  eventStreamsOpen?: () => number
}

/** Registers the families and declares the counters; returns the counters' hooks. */
export function registerApiMetrics(registry: MetricsRegistry, deps: ApiMetricsDeps): ApiCounters {
  registerDbMetrics(registry, deps)
  registry.collect(() => sqliteFileFamilies(deps.dataDir))
  const open = deps.eventStreamsOpen
  if (open) registry.collect(() => [{ name: 'ssg_event_streams_open', help: 'Job event streams (GET /v2/queue/events) this process holds open', type: 'gauge', samples: [{ labels: {}, value: open() }] }])
  return createApiCounters(registry)
}
