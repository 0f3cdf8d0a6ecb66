/**
 * The operator console's site status (docs/operations.md "Moderation and the operator console"): finished jobs of the last 24 h in
 * 15-minute buckets (completed and failed), jobs finished since counting began with the median wait
 * and run times, the queue right now, the signer and its health, open reports, storage used against
 * the budget, the last backup and the skins generated. It must answer in well under 50 ms on a
 * catalogue of 1 M skins and 100 k reports (test/bench/admin.bench.ts), so nothing here scans a big
 * table: the job chart reads the 96 rows of `job_buckets` and the open reports the rows of
 * `report_queue` (both kept by triggers, migration 0012), the all-time jobs the `metric_values` rows
 * (migration `metric_values`), the queue a range of `jobs_status_idx`, storage and skins are
 * `stat_counters` rows. The all-time jobs, the queue, the pool and storage are read by the same
 * functions the `/metrics` families use (src/api/metrics), so the page and a scrape never disagree.
 * Pure over the SqlClient and injected sources, so it runs on Bun and on D1 alike.
 * @module
 */
import type { PoolCounts } from '../signing/pool/pool-counts'
import type { SqlClient } from '../store/sql'
import { histogramQuantile, type QuantileEstimate } from '../metrics/histogram-quantile'
import { readJobFigures } from '../metrics/job-figures'
import { readQueueDepth, type QueueDepth } from '../metrics/queue-depth'
import { readStorageUse } from '../metrics/storage-figures'

export type { PoolCounts } from '../signing/pool/pool-counts'

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
  /**
   * Jobs finished since counting began (the `ssg_jobs_finished_total` figures) and the medians of
   * their wait and run times, estimated from the `ssg_job_wait_seconds` / `ssg_job_run_seconds` buckets
   * as PromQL's histogram_quantile would (null before any job that ran).
   */
  allTime: { completed: number; failed: number; waitMedian: QuantileEstimate | null; runMedian: QuantileEstimate | null }
  queue: QueueDepth
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
  /** Signing accounts by status (the account manager's `counts`, as `/metrics` reads them); absent without a pool. */
  poolCounts?: () => Promise<PoolCounts>
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
  const [buckets, figures, queue, reports, used, counters, pool, backup] = await Promise.all([
    jobBuckets(sql, now),
    readJobFigures(sql),
    readQueueDepth(sql),
    sql.get<{ open: number | null; skins: number }>('SELECT sum(n) AS open, count(*) AS skins FROM report_queue'),
    readStorageUse(sql),
    sql.all<{ key: string; value: number }>('SELECT key, value FROM stat_counters WHERE key IN (?, ?)', ['generated:total:new', 'generated:total:duplicate']),
    src.signer?.kind === 'mojang' && src.poolCounts ? src.poolCounts() : Promise.resolve(null),
    src.lastBackup(),
  ])
  const counter = (key: string) => counters.find((r) => r.key === key)?.value ?? null
  const completed = buckets.reduce((n, b) => n + b.completed, 0)
  const failed = buckets.reduce((n, b) => n + b.failed, 0)
  const peak = buckets.reduce<JobBucket | null>((best, b) => (b.completed + b.failed > (best ? best.completed + best.failed : 0) ? b : best), null)
  const lastHour = buckets.slice(-4).reduce((s, b) => ({ completed: s.completed + b.completed, failed: s.failed + b.failed }), { completed: 0, failed: 0 })
  return {
    now,
    jobs: { buckets, completed, failed, peak },
    allTime: { ...figures.totals, waitMedian: histogramQuantile(0.5, figures.wait), runMedian: histogramQuantile(0.5, figures.run) },
    queue,
    signer: { kind: src.signer?.kind ?? null, health: signerHealth(pool, lastHour), origin: src.signer?.origin ?? null, pool },
    reports: { open: reports?.open ?? 0, skins: reports?.skins ?? 0 },
    storage: { usedBytes: used, budgetBytes: src.storageBudgetBytes },
    backup,
    skins: { new: counter('generated:total:new') ?? 0, duplicate: counter('generated:total:duplicate') ?? 0 },
  }
}
