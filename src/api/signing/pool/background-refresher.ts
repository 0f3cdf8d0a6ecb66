/**
 * The background refresher: every round renews the Minecraft token of each signing
 * account in rotation that would otherwise enter its "renew before use" window before the next round,
 * so a job rarely waits for a renewal and an owner whose sign-in was revoked hears it early. Each
 * account is locked while renewed, like a job holds it, so a refresh token is never spent twice.
 * @module
 */
import type { SqlClient } from '../../store/sql'
import { IN_ROTATION_SQL } from './account-row'
import type { DbAccountPool, RotationRules } from './db-account-pool'
import { pruneSignIns } from './sign-in-flow'

/** A running refresher. */
export interface BackgroundRefresher {
  /** One round now; resolves with how many accounts were renewed and how many failed. */
  runOnce(): Promise<{ renewed: number; failed: number }>
  /** Starts rounds every `everyMs` (0: never). */
  start(): void
  /** Stops and waits for a round in progress. */
  stop(): Promise<void>
}

/** Creates the refresher. */
export function createBackgroundRefresher(deps: { sql: SqlClient; pool: DbAccountPool; rules: RotationRules; everyMs: number; now: () => number; report?: (e: unknown) => void }): BackgroundRefresher {
  let timer: ReturnType<typeof setInterval> | null = null
  let round: Promise<{ renewed: number; failed: number }> | null = null

  async function runRound() {
    const now = deps.now()
    const due = await deps.sql.all<{ id: string }>(
      `SELECT id FROM accounts WHERE ${IN_ROTATION_SQL} AND refresh_token IS NOT NULL AND timeout_until <= ?
         AND (token_expires_at IS NULL OR token_expires_at < ?) ORDER BY token_expires_at`,
      [deps.rules.maxErrors, now, now, now + deps.rules.refreshBeforeMs + deps.everyMs],
    )
    let renewed = 0
    let failed = 0
    for (const { id } of due) {
      const row = await deps.pool.lockForRefresh(id, deps.now())
      if (!row) continue // in use: the job renews it itself if needed
      try {
        if ((await deps.pool.renew(row)).ok) renewed++
        else failed++
      } finally {
        await deps.pool.unlock(id, row.lock_id!)
      }
    }
    await pruneSignIns(deps.sql, now)
    return { renewed, failed }
  }

  const runOnce = () => {
    round ??= runRound().finally(() => (round = null))
    return round
  }

  return {
    runOnce,
    start() {
      if (timer || deps.everyMs <= 0) return
      timer = setInterval(() => void runOnce().catch((e) => deps.report?.(e)), deps.everyMs)
      ;(timer as { unref?: () => void }).unref?.()
      void runOnce().catch((e) => deps.report?.(e))
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await round?.catch(() => {})
    },
  }
}
