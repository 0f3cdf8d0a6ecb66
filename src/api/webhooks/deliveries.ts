/**
 * The `webhook_deliveries` rows (src/api/store/schema.ts): adding events, claiming a due one, and
 * recording an attempt. Plain SQL over the SqlClient, so bun:sqlite and D1 share it.
 * @module
 */
import { randomHex } from '../ids'
import type { SqlClient } from '../store/sql'

/** A delivery row as the loop reads it. */
export interface DeliveryRow {
  id: string
  api_key_id: string
  user_id: string | null
  url: string
  type: string
  job_id: string | null
  body: string
  status: 'pending' | 'delivered' | 'dropped'
  attempts: number
  next_attempt_at: number
  lease_until: number | null
  last_status: number | null
  last_error: string | null
  created_at: number
  updated_at: number
}

/** A delivery as the keys page lists it. */
export interface DeliveryView {
  id: string
  createdAt: number
  url: string
  type: string
  status: DeliveryRow['status']
  attempts: number
  lastStatus: number | null
  lastError: string | null
  nextAttemptAt: number | null
}

/** One event for one URL, to be added. */
export interface NewDelivery {
  apiKeyId: string
  userId: string | null
  url: string
  type: string
  jobId: string | null
  body: string
}

/** Most deliveries the keys page lists. */
export const LISTED_DELIVERIES = 50

/** A `webhook-id`: `msg_` and 24 random hex digits, the same on every attempt of one delivery. */
export const newMessageId = (): string => `msg_${randomHex(12)}`

/** Adds deliveries, due at once; returns their ids. */
export async function addDeliveries(sql: SqlClient, rows: readonly NewDelivery[], now: number): Promise<string[]> {
  if (!rows.length) return []
  const ids = rows.map(() => newMessageId())
  await sql.batch(
    rows.map((r, i) => ({
      sql: `INSERT INTO webhook_deliveries (id, api_key_id, user_id, url, type, job_id, body, status, attempts, next_attempt_at, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
      params: [ids[i]!, r.apiKeyId, r.userId, r.url, r.type, r.jobId, r.body, now, now, now],
    })),
  )
  return ids
}

/**
 * Claims the most overdue pending delivery, holding it until `leaseUntil` and counting the attempt:
 * one atomic UPDATE … RETURNING, so two loops never send the same attempt.
 */
export const claimDue = (sql: SqlClient, now: number, leaseUntil: number) =>
  sql.get<DeliveryRow>(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, lease_until = ?, updated_at = ?
     WHERE id = (SELECT id FROM webhook_deliveries INDEXED BY webhook_deliveries_due_idx
                 WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
                 ORDER BY next_attempt_at, id LIMIT 1)
     RETURNING *`,
    [leaseUntil, now, now, now],
  )

/** The earliest time a pending delivery is due, or null when none is pending. */
export const nextDue = async (sql: SqlClient): Promise<number | null> =>
  (await sql.get<{ t: number | null }>(`SELECT min(next_attempt_at) AS t FROM webhook_deliveries WHERE status = 'pending'`))?.t ?? null

/** Records an attempt's outcome: delivered, retried at `next`, or dropped. */
export async function recordAttempt(
  sql: SqlClient,
  id: string,
  outcome: { status: DeliveryRow['status']; httpStatus: number | null; error: string | null; next: number | null },
  now: number,
): Promise<void> {
  await sql.run(
    `UPDATE webhook_deliveries SET status = ?, last_status = ?, last_error = ?, next_attempt_at = coalesce(?, next_attempt_at), lease_until = NULL, updated_at = ? WHERE id = ?`,
    [outcome.status, outcome.httpStatus, outcome.error, outcome.next, now, id],
  )
}

/** Releases every lease (at start: attempts a crash cut short are retried, like the job queue's requeue). */
export const releaseLeases = (sql: SqlClient) => sql.run(`UPDATE webhook_deliveries SET lease_until = NULL WHERE status = 'pending' AND lease_until IS NOT NULL`)

/** The last {@link LISTED_DELIVERIES} deliveries of `userId`'s keys, newest first. */
export async function listDeliveries(sql: SqlClient, userId: string): Promise<DeliveryView[]> {
  const rows = await sql.all<DeliveryRow>(
    `SELECT * FROM webhook_deliveries WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ${LISTED_DELIVERIES}`,
    [userId],
  )
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    url: r.url,
    type: r.type,
    status: r.status,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
  }))
}

/** Claims one pending delivery by id when it is due and not held (the Queues consumer's message names it). */
export const claimById = (sql: SqlClient, id: string, now: number, leaseUntil: number) =>
  sql.get<DeliveryRow>(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, lease_until = ?, updated_at = ?
     WHERE id = ? AND status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
     RETURNING *`,
    [leaseUntil, now, id, now, now],
  )

/** A delivery's row (status and due time), or null. */
export const deliveryById = (sql: SqlClient, id: string) => sql.get<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ?', [id])

/** Pending deliveries due before `before` and not held: ones whose wake-up was lost (the Queues sweep). */
export const overdueDeliveries = (sql: SqlClient, before: number, limit = 100) =>
  sql.all<{ id: string }>(
    `SELECT id FROM webhook_deliveries INDEXED BY webhook_deliveries_due_idx
     WHERE status = 'pending' AND next_attempt_at < ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_attempt_at LIMIT ?`,
    [before, before, limit],
  )
