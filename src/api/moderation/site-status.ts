/**
 * The operator console's site status (issue 22 point 4): finished jobs of the last 24 h in
 * 15-minute buckets (completed and failed), the queue right now, the signer and its health, open
 * reports, storage used against the budget, the last backup and the skins generated. It must answer
 * in well under 50 ms on a catalogue of 1 M skins and 100 k reports (test/bench/admin.bench.ts), so
 * nothing here scans a big table: the job chart reads the 96 rows of `job_buckets` and the open
 * reports the rows of `report_queue` (both kept by triggers, migration 0012), the queue a range of
 * `jobs_status_idx`, storage and skins are `stat_counters` rows.
 * Pure over the SqlClient and injected sources, so it runs on Bun and on D1 alike.
 * @module
 */
import type { PoolAccountStatus } from '../signing/pool/pool-views'
import type { SqlClient } from '../store/sql'
import { TOTAL_KEY as STORAGE_TOTAL_KEY } from '../services/storage/storage-counters'

/** Width of one chart bar: the 900 000 ms the `job_buckets` triggers of migration 0012 round to. */
export const BUCKET_MS = 15 * 60_000
/** Bars of the chart: 24 h of {@link BUCKET_MS}. */
export const BUCKETS = 96

/** Finished jobs of one bucket. */
export interface JobBucket {
  /** Start of the bucket (epoch ms, on a 15-minute boundary). */
  start: number
  completed: number
  failed: number
}

/** Which signer makes the signatures (config `SIGNER`). */
export type SignerKind = 'local' | 'mojang' | 'upstream'

/** Signing accounts of the Mojang pool by status. */
export type PoolCounts = Record<PoolAccountStatus, number>

/**
 * Health of the signer: `ok`; `degraded` (the pool has accounts that need their owner — a sign-in, or a
 * Resume after too many errors — or over a
 * quarter of the last hour's jobs failed); `down` (the pool has no account that can sign).
 */
export type SignerHealth = 'ok' | 'degraded' | 'down'

/** The newest verified snapshot (`bun run backup`). */
export interface BackupInfo {
  /** When it was made (epoch ms). */
  at: number
  /** Its file name. */
  file: string
}

/** Everything the status page shows. */
export interface SiteStatus {
  now: number
  jobs: {
    buckets: JobBucket[]
    completed: number
    failed: number
    /** The busiest bucket (null when no job finished in 24 h). */
    peak: JobBucket | null
  }
  queue: { waiting: number; processing: number }
  signer: {
    kind: SignerKind | null
    health: SignerHealth
    /** Upstream API origin (SIGNER=upstream). */
    origin: string | null
    /** Pool accounts by status (SIGNER=mojang). */
    pool: PoolCounts | null
  }
  reports: { open: number; skins: number }
  /** Bytes stored (null before the meter counted anything) and the budget (0 = no limit, null = not reported). */
  storage: { usedBytes: number | null; budgetBytes: number | null }
  backup: BackupInfo | null
  skins: { new: number; duplicate: number }
}

/** What the status reads besides the database. */
export interface SiteStatusSources {
  sql: SqlClient
  now: number
  /** The configured signer; null when the site does not know it (the account site without the API's config). */
  signer: { kind: SignerKind; origin?: string | null } | null
  /** Statuses of every signing account (the pool manager's admin list); absent without a pool. */
  poolStatuses?: () => Promise<readonly PoolAccountStatus[]>
  /** `STORAGE_BUDGET_MB` in bytes; 0 = no limit, null = not known here. */
  storageBudgetBytes: number | null
  /** The newest snapshot, or null. */
  lastBackup: () => Promise<BackupInfo | null>
}

/** Buckets of the 24 h ending with the bucket that holds `now` (the last one is still filling). */
export function bucketStarts(now: number): number[] {
  const last = Math.floor(now / BUCKET_MS) * BUCKET_MS
  return Array.from({ length: BUCKETS }, (_, i) => last - (BUCKETS - 1 - i) * BUCKET_MS)
}

/** The chart's buckets: the 96 rows of `job_buckets` (kept by triggers on `jobs`, migration 0012). */
export async function jobBuckets(sql: SqlClient, now: number): Promise<JobBucket[]> {
  const starts = bucketStarts(now)
  const from = starts[0]!
  const rows = await sql.all<{ start: number; completed: number; failed: number }>('SELECT start, completed, failed FROM job_buckets WHERE start >= ? AND start <= ?', [from, starts.at(-1)!])
  const byStart = new Map(rows.map((r) => [r.start, r]))
  return starts.map((start): JobBucket => ({ start, completed: byStart.get(start)?.completed ?? 0, failed: byStart.get(start)?.failed ?? 0 }))
}

/** Counts pool statuses. */
export function countPool(statuses: readonly PoolAccountStatus[]): PoolCounts {
  const counts: PoolCounts = { ready: 0, cooling_down: 0, needs_sign_in: 0, out_of_rotation: 0, paused: 0, disabled: 0 }
  for (const s of statuses) counts[s]++
  return counts
}

/** The signer's health from the pool and the last hour of jobs. */
export function signerHealth(pool: PoolCounts | null, lastHour: { completed: number; failed: number }): SignerHealth {
  if (pool && pool.ready + pool.cooling_down === 0) return 'down'
  if (pool && pool.needs_sign_in + pool.out_of_rotation > 0) return 'degraded'
  const finished = lastHour.completed + lastHour.failed
  return finished >= 4 && lastHour.failed * 4 > finished ? 'degraded' : 'ok'
}

/** Reads the whole status. */
export async function siteStatus(src: SiteStatusSources): Promise<SiteStatus> {
  const { sql, now } = src
  const [buckets, queueRows, reports, counters, statuses, backup] = await Promise.all([
    jobBuckets(sql, now),
    sql.all<{ status: string; n: number }>(`SELECT status, count(*) AS n FROM jobs WHERE status IN ('waiting', 'processing') GROUP BY status`),
    sql.get<{ open: number | null; skins: number }>('SELECT sum(n) AS open, count(*) AS skins FROM report_queue'),
    sql.all<{ key: string; value: number }>('SELECT key, value FROM stat_counters WHERE key IN (?, ?, ?)', [
      STORAGE_TOTAL_KEY,
      'generated:total:new',
      'generated:total:duplicate',
    ]),
    src.signer?.kind === 'mojang' && src.poolStatuses ? src.poolStatuses() : Promise.resolve(null),
    src.lastBackup(),
  ])
  const counter = (key: string) => counters.find((r) => r.key === key)?.value ?? null
  const completed = buckets.reduce((n, b) => n + b.completed, 0)
  const failed = buckets.reduce((n, b) => n + b.failed, 0)
  const peak = buckets.reduce<JobBucket | null>((best, b) => (b.completed + b.failed > (best ? best.completed + best.failed : 0) ? b : best), null)
  const lastHour = buckets.slice(-4).reduce((s, b) => ({ completed: s.completed + b.completed, failed: s.failed + b.failed }), { completed: 0, failed: 0 })
  const pool = statuses ? countPool(statuses) : null
  return {
    now,
    jobs: { buckets, completed, failed, peak },
    queue: { waiting: queueRows.find((r) => r.status === 'waiting')?.n ?? 0, processing: queueRows.find((r) => r.status === 'processing')?.n ?? 0 },
    signer: { kind: src.signer?.kind ?? null, health: signerHealth(pool, lastHour), origin: src.signer?.origin ?? null, pool },
    reports: { open: reports?.open ?? 0, skins: reports?.skins ?? 0 },
    storage: { usedBytes: counter(STORAGE_TOTAL_KEY), budgetBytes: src.storageBudgetBytes },
    backup,
    skins: { new: counter('generated:total:new') ?? 0, duplicate: counter('generated:total:duplicate') ?? 0 },
  }
}
