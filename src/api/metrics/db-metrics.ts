/**
 * Registers the `/metrics` families the database answers (docs/operations.md "Metrics"): jobs finished
 * and their wait and run histograms, the queue, the signing pool, webhook deliveries and storage. Each
 * is read when a scrape asks, through the same functions the operator console's status uses, over the
 * platform's SqlClient: the same on bun:sqlite and on D1 (the API Worker), with no `node:` import.
 * @module
 */
import type { MetricsRegistry } from '../../shared/metrics/registry'
import type { PoolCounts } from '../signing/pool/pool-counts'
import type { SqlClient } from '../store/sql'
import { jobFamilies } from './job-families'
import { poolFamilies } from './pool-families'
import { queueFamilies } from './queue-depth'
import { storageFamilies } from './storage-figures'
import { webhookFamilies } from './webhook-families'

/** What the database families read. */
export interface DbMetricsDeps {
  /** The API's SQL client (`ctx.store.sql`). */
  sql: SqlClient
  /** `STORAGE_BUDGET_MB` in bytes (config `storageBudgetBytes`; 0 = no limit). */
  storageBudgetBytes: number
  /** SIGNER=mojang: the account manager's `counts` (`signingPool.manager.counts`); absent, no pool families. */
  poolCounts?: () => Promise<PoolCounts>
}

/** Adds the database families to `registry` as scrape-time collectors. */
export function registerDbMetrics(registry: MetricsRegistry, deps: DbMetricsDeps): void {
  const { sql, poolCounts } = deps
  registry.collect(() => jobFamilies(sql))
  registry.collect(() => queueFamilies(sql))
  if (poolCounts) registry.collect(() => poolFamilies(sql, poolCounts))
  registry.collect(() => webhookFamilies(sql))
  registry.collect(() => storageFamilies(sql, deps.storageBudgetBytes))
}
