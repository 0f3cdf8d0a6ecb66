/**
 * The pending-job caps of a submit (reference/mineskin-api.md §2.1 step 2): an anonymous caller with
 * `concurrency` jobs waiting or processing gets 429 `job_limit`, a key or user 429 `concurrency_limit`.
 * Its own module because a batch checks it per item after its storage was
 * reserved, while a single submit checks it before its input is downloaded.
 * @module
 */
import { and, count, eq, gte, inArray, or, type SQL } from 'drizzle-orm'
import { ApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import type { Db } from '../../store/db'
import { jobs } from '../../store/schema'

const PENDING = ['waiting', 'processing'] as const
/** Pending jobs older than this no longer count towards the caps (they are stuck, not pending). */
const PENDING_WINDOW_MS = 24 * 3_600_000

/** Pending jobs of the caller: by key, else user, else (anonymous) client cookie or address. */
async function pendingOf(db: Db, who: Identity, now: number): Promise<number> {
  let owner: SQL | undefined
  if (who.apiKeyId) owner = eq(jobs.apiKeyId, who.apiKeyId)
  else if (who.userId) owner = eq(jobs.userId, who.userId)
  else {
    const parts = [who.clientId ? eq(jobs.clientId, who.clientId) : undefined, who.ip ? eq(jobs.ip, who.ip) : undefined].filter(
      (p): p is SQL => p !== undefined,
    )
    owner = parts.length ? or(...parts) : undefined
  }
  if (!owner) return 0
  const r = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(owner, inArray(jobs.status, [...PENDING]), gte(jobs.createdAt, now - PENDING_WINDOW_MS)))
    .get()
  return r?.n ?? 0
}

/** Throws the 429 of the caps when the caller has as many pending jobs as its grant `concurrency`. */
export async function checkPendingCap(db: Db, who: Identity, now: number): Promise<void> {
  const pending = await pendingOf(db, who, now)
  if (who.kind === 'anonymous' && pending >= who.grants.concurrency) {
    throw new ApiError('job_limit', `Too many pending jobs (${pending}); wait for them to finish`, 429)
  }
  if (who.kind !== 'anonymous' && pending >= who.grants.concurrency) {
    throw new ApiError('concurrency_limit', `Too many pending jobs (${pending} of ${who.grants.concurrency})`, 429)
  }
}
