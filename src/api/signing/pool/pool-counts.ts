/**
 * Signing accounts by status, counted from the non-secret columns with the one status rule
 * (./account-row.ts `accountStatus`). The account manager's `counts()`, the operator console's signer
 * card and the `/metrics` gauge `ssg_pool_accounts{state}` all come from {@link countPoolAccounts}.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import { accountStatus, viewColumns, type StatusRules, type ViewRow } from './account-row'
import type { PoolAccountStatus, PoolCounts } from './pool-views'

export type { PoolCounts } from './pool-views'

/** Counts statuses (keys in the order the console lists them: usable ones first). */
export function countStatuses(statuses: readonly PoolAccountStatus[]): PoolCounts {
  const counts: PoolCounts = { ready: 0, cooling_down: 0, needs_sign_in: 0, out_of_rotation: 0, paused: 0, disabled: 0 }
  for (const s of statuses) counts[s]++
  return counts
}

/** Every signing account's status now, counted (one read of the `accounts` table, a few rows per lender). */
export async function countPoolAccounts(sql: SqlClient, rules: StatusRules, now: number): Promise<PoolCounts> {
  const rows = await sql.all<ViewRow>(`SELECT ${viewColumns()} FROM accounts`)
  return countStatuses(rows.map((r) => accountStatus(r, now, rules)))
}
