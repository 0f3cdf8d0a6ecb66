/**
 * The Mojang signing pool in `/metrics` (SIGNER=mojang): `ssg_pool_accounts{state}` from the account
 * manager's counts (src/api/signing/pool/pool-counts.ts, what the console's signer card shows) and
 * `ssg_pool_account_errors_total{code}`, which a trigger on `accounts` keeps: every error the pool
 * records on an account (a failed skin change, a refused renewal …) sets `last_error_at` and counts once
 * under its stable code (src/api/signing/signer/account-errors.ts, pool/microsoft/errors.ts), whichever
 * process or Worker wrote it.
 * @module
 */
import type { MetricFamily } from '../../shared/metrics/exposition'
import { POOL_ACCOUNT_STATUSES } from '../signing/pool/pool-views'
import type { PoolCounts } from '../signing/pool/pool-counts'
import type { SqlClient } from '../store/sql'
import { boundedSamples, readMetricRows } from './metric-values'

/** The families; `counts` is the account manager's. */
export async function poolFamilies(sql: SqlClient, counts: () => Promise<PoolCounts>): Promise<MetricFamily[]> {
  const [byState, errors] = await Promise.all([counts(), readMetricRows(sql, ['ssg_pool_account_errors_total'])])
  return [
    {
      name: 'ssg_pool_accounts',
      help: 'Signing accounts of the Mojang pool by state (ready, cooling_down = resting, needs_sign_in, out_of_rotation, paused, disabled)',
      type: 'gauge',
      samples: POOL_ACCOUNT_STATUSES.map((state) => ({ labels: { state }, value: byState[state] })),
    },
    {
      name: 'ssg_pool_account_errors_total',
      help: 'Errors the pool recorded on a signing account, by error code; kept by the database',
      type: 'counter',
      samples: boundedSamples(errors, ['code']),
    },
  ]
}
