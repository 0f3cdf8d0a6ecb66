/**
 * Blob storage used against the budget (docs/operations.md "Storage budget and quotas"): the storage
 * meter's running total (`stat_counters` row `storage:bytes`, src/api/services/storage) and
 * `STORAGE_BUDGET_MB`. The `/metrics` gauges and the console's storage card read it through
 * {@link readStorageUse}.
 * @module
 */
import type { MetricFamily } from '../../shared/metrics/exposition'
import { TOTAL_KEY } from '../services/storage/storage-counters'
import type { SqlClient } from '../store/sql'

/** Bytes stored as the meter counted them; null before it counted anything. */
export async function readStorageUse(sql: SqlClient): Promise<number | null> {
  return (await sql.get<{ value: number }>('SELECT value FROM stat_counters WHERE key = ?', [TOTAL_KEY]))?.value ?? null
}

/** `ssg_storage_used_bytes` (no sample before the meter counted) and `ssg_storage_budget_bytes` (0 = no limit). */
export async function storageFamilies(sql: SqlClient, budgetBytes: number): Promise<MetricFamily[]> {
  const used = await readStorageUse(sql)
  return [
    { name: 'ssg_storage_used_bytes', help: 'Bytes of skin PNGs stored, as the storage meter counts them', type: 'gauge', samples: used === null ? [] : [{ labels: {}, value: used }] },
    { name: 'ssg_storage_budget_bytes', help: 'Bytes the instance may store (STORAGE_BUDGET_MB); 0 means no limit', type: 'gauge', samples: [{ labels: {}, value: budgetBytes }] },
  ]
}
