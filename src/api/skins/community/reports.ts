/**
 * Filing a report (reference/mineskin-api.md §1.7 `POST /v2/skins/{uuid}/report`; the queue reads
 * them in src/api/moderation/report-queue.ts). Who reports is a person as far as we can tell one:
 * the signed-in user, else the address the request came from — never the anonymous `ssg_client`
 * cookie alone, which a script renews at will. So:
 * - a skin has one report per reporter (409 `already_reported`), and its count in the queue is its
 *   number of distinct reporters: fresh cookies from one address are still one reporter;
 * - a reporter, and an address whoever sends from it, file at most `perHour` reports an hour
 *   (429 `report_limit`, with the seconds to wait).
 * Only where no address is known (a front end that forwards none) does an API key or the cookie
 * stand in for it.
 * @module
 */
import { ApiError } from '../../errors'
import type { SqlClient } from '../../store/sql'
import type { Identity } from '../../users/identity'

/** The hour the report limit counts over. */
const HOUR = 3_600_000

/** Who files a report: the stored reporter key and the address the limit also counts. */
export interface ReportFiler {
  /** `user:<id>`, `ip:<address>`, and only without an address `key:<id>` or `client:<id>`. */
  reporter: string
  /** The request's address, null when unknown. */
  address: string | null
}

/**
 * The filer of a report by `who`, or null when nothing names them. `cookieIssued` says the client
 * cookie was handed out by this very request, so it names nobody yet.
 */
export function reportFiler(who: Pick<Identity, 'userId' | 'apiKeyId' | 'clientId' | 'ip'>, cookieIssued: boolean): ReportFiler | null {
  const address = who.ip
  if (who.userId) return { reporter: `user:${who.userId}`, address }
  if (address) return { reporter: `ip:${address}`, address }
  if (who.apiKeyId) return { reporter: `key:${who.apiKeyId}`, address }
  if (who.clientId && !cookieIssued) return { reporter: `client:${who.clientId}`, address }
  return null
}

/** 429 `report_limit`, with the wait in seconds. */
export class ReportLimitError extends ApiError {
  constructor(
    perHour: number,
    /** Seconds until another report is accepted. */
    readonly retryAfter: number,
  ) {
    super('report_limit', `At most ${perHour} reports per hour; try again in ${retryAfter} s`, 429)
  }
}

/** What {@link fileReport} stores. */
export interface ReportInput {
  skinRowId: number
  filer: ReportFiler
  reason: 'skin' | 'name' | 'tags'
  /** Reports a reporter (and an address) may file per hour; 0 or less: no limit. */
  perHour: number
  /** Epoch ms. */
  now: number
}

/** Reports of the last hour by `column` = `value`, counting at most `cap`. */
const inWindow = (column: 'reporter' | 'address') => `(SELECT count(*) FROM (SELECT 1 FROM skin_reports WHERE ${column} = ? AND created_at > ? LIMIT ?))`

/**
 * Stores a report, or throws 409 `already_reported` (this reporter reported the skin before,
 * whatever became of that report) or 429 `report_limit`. The limits are checked by the insert
 * itself, so reports sent at the same moment cannot slip past them together.
 */
export async function fileReport(sql: SqlClient, r: ReportInput): Promise<void> {
  const { reporter, address } = r.filer
  const since = r.now - HOUR
  const cap = r.perHour > 0 ? r.perHour : Number.MAX_SAFE_INTEGER
  const inserted = await sql.run(
    `INSERT INTO skin_reports (skin_id, reporter, address, reason, created_at)
     SELECT ?, ?, ?, ?, ? WHERE ${inWindow('reporter')} < ? AND (? IS NULL OR ${inWindow('address')} < ?)
     ON CONFLICT DO NOTHING`,
    [r.skinRowId, reporter, address, r.reason, r.now, reporter, since, cap, cap, address, address, since, cap, cap],
  )
  if (inserted.changes > 0) return
  if (await sql.get('SELECT 1 AS x FROM skin_reports WHERE skin_id = ? AND reporter = ?', [r.skinRowId, reporter])) {
    throw new ApiError('already_reported', 'You already reported this skin', 409)
  }
  throw new ReportLimitError(r.perHour, await secondsToWait(sql, r.filer, since, r.perHour, r.now))
}

/** Seconds until the oldest report of the full window (the reporter's or the address's) leaves it. */
async function secondsToWait(sql: SqlClient, filer: ReportFiler, since: number, perHour: number, now: number): Promise<number> {
  const oldest = async (column: 'reporter' | 'address', value: string) => {
    const rows = await sql.all<{ created_at: number }>(`SELECT created_at FROM skin_reports WHERE ${column} = ? AND created_at > ? ORDER BY created_at LIMIT ?`, [value, since, perHour])
    return rows.length >= perHour ? rows[0]!.created_at : null
  }
  const full = [await oldest('reporter', filer.reporter), filer.address ? await oldest('address', filer.address) : null].filter((t): t is number => t !== null)
  const at = full.length ? Math.max(...full) : now
  return Math.max(1, Math.ceil((at + HOUR - now) / 1000))
}
