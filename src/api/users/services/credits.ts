/**
 * The credit ledger (SPEC §3 credit types and periods). Each row is one grant of
 * credits that generation spends down.
 *
 * - Balance = sum of the balances of the rows that count now: not past `expiresAt`, and for
 *   periodic rows (`year`, `month`, `day`) only the row of the current UTC period.
 * - Refills are new rows: a periodic grant is a series of rows sharing (type, period, total,
 *   expiresAt). When the newest row of a series belongs to a past period and the series has not
 *   ended (`expiresAt`), reading the ledger adds the row of the current period with a full balance.
 *   The old rows stay as history for the account pages.
 * - Spending takes the row that stops counting first (oldest-expiring first), then the oldest row.
 * @module
 */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import { randomHex } from '../../ids'
import type { Db } from '../../store/db'
import { credits } from '../../store/schema'

/** Credit types (SPEC §3). */
export const CREDIT_TYPES = ['free', 'paid', 'reward', 'internal', 'auto'] as const
/** One credit type. */
export type CreditType = (typeof CREDIT_TYPES)[number]
/** Credit periods (SPEC §3). */
export const CREDIT_PERIODS = ['year', 'month', 'day', 'once'] as const
/** One credit period. */
export type CreditPeriod = (typeof CREDIT_PERIODS)[number]

/** One ledger row. */
export type CreditRow = typeof credits.$inferSelect

/** Start (epoch ms, UTC) of the period containing `t`. */
export function periodStart(period: Exclude<CreditPeriod, 'once'>, t: number): number {
  const d = new Date(t)
  if (period === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  if (period === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
  return Date.UTC(d.getUTCFullYear(), 0, 1)
}

/** Start of the period after the one containing `t`. */
export function periodEnd(period: Exclude<CreditPeriod, 'once'>, t: number): number {
  const d = new Date(periodStart(period, t))
  if (period === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
  if (period === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
  return Date.UTC(d.getUTCFullYear() + 1, 0, 1)
}

/** When the row stops counting (Infinity = never). */
export function effectiveExpiry(row: Pick<CreditRow, 'period' | 'createdAt' | 'expiresAt'>): number {
  const end = row.expiresAt ?? Number.POSITIVE_INFINITY
  return row.period === 'once' ? end : Math.min(end, periodEnd(row.period, row.createdAt))
}

/** Whether the row counts at `now`. */
export const countsAt = (row: CreditRow, now: number): boolean => effectiveExpiry(row) > now

/** Balance summary (the `/v2/me/credits` shape, reference §1.8). */
export interface CreditSummary {
  /** The row spent next; null when nothing is left. */
  current: { type: CreditType; balance: number; total: number } | null
  all: { balance: number; total: number }
}

/** Creates the ledger service over `db`. */
export function createCreditLedger(db: Db) {
  const rowsOf = async (userId: string): Promise<CreditRow[]> =>
    await db.select().from(credits).where(eq(credits.userId, userId)).orderBy(asc(credits.createdAt), asc(credits.id)).all()

  /** Adds the current period's row to every running periodic series whose newest row is stale. */
  const refill = async (userId: string, now: number) => {
    const newest = new Map<string, CreditRow>()
    for (const r of await rowsOf(userId)) {
      if (r.period === 'once') continue
      newest.set(`${r.type}|${r.period}|${r.total}|${r.expiresAt ?? ''}`, r)
    }
    for (const r of newest.values()) {
      if (r.period === 'once') continue
      if (r.expiresAt !== null && r.expiresAt <= now) continue
      if (periodStart(r.period, r.createdAt) === periodStart(r.period, now)) continue
      await db
        .insert(credits)
        .values({ id: randomHex(12), userId, type: r.type, period: r.period, total: r.total, balance: r.total, createdAt: now, expiresAt: r.expiresAt })
        .run()
    }
  }

  /** Rows that count now, in spending order. */
  const live = async (userId: string, now: number): Promise<CreditRow[]> => {
    await refill(userId, now)
    return (await rowsOf(userId))
      .filter((r) => countsAt(r, now))
      .sort((a, b) => effectiveExpiry(a) - effectiveExpiry(b) || a.createdAt - b.createdAt)
  }

  const summarise = (rows: CreditRow[]): CreditSummary => {
    const next = rows.find((r) => r.balance > 0) ?? null
    return {
      current: next ? { type: next.type, balance: next.balance, total: next.total } : null,
      all: { balance: rows.reduce((n, r) => n + r.balance, 0), total: rows.reduce((n, r) => n + r.total, 0) },
    }
  }

  return {
    /** Grants `amount` credits (admin CLI, subscriptions). */
    async add(opts: { userId: string; amount: number; type?: CreditType; period?: CreditPeriod; now: number; expiresAt?: number | null }): Promise<CreditRow> {
      const row: CreditRow = {
        id: randomHex(12),
        userId: opts.userId,
        type: opts.type ?? 'free',
        period: opts.period ?? 'once',
        total: opts.amount,
        balance: opts.amount,
        createdAt: opts.now,
        expiresAt: opts.expiresAt ?? null,
      }
      await db.insert(credits).values(row).run()
      return row
    },
    /** Balance summary at `now`. */
    async summary(userId: string, now: number): Promise<CreditSummary> {
      return summarise(await live(userId, now))
    },
    /** Every row of the user (history included), newest first, with whether it counts now. */
    async history(userId: string, now: number): Promise<(CreditRow & { live: boolean })[]> {
      await refill(userId, now)
      return (await rowsOf(userId))
        .reverse()
        .map((r) => ({ ...r, live: countsAt(r, now) }))
    },
    /**
     * Spends one credit from the row that expires first. Returns the row id (for {@link refund})
     * and the balances before and after, or null when nothing is left.
     */
    async spend(userId: string, now: number): Promise<{ rowId: string; before: number; after: number; total: number } | null> {
      // Read, then a guarded write instead of a transaction (D1 has none): the
      // decrement only applies while the row still has a credit, else the rows are read again.
      for (let attempt = 0; attempt < 8; attempt++) {
        const rows = await live(userId, now)
        const row = rows.find((r) => r.balance > 0)
        if (!row) return null
        const s = summarise(rows)
        const r = await db.update(credits).set({ balance: sql`${credits.balance} - 1` }).where(and(eq(credits.id, row.id), gt(credits.balance, 0))).returning({ id: credits.id }).all()
        if (r.length === 1) return { rowId: row.id, before: s.all.balance, after: s.all.balance - 1, total: s.all.total }
      }
      return null
    },
    /** Gives back a credit taken by {@link spend} (the request was refused after all). */
    async refund(rowId: string): Promise<void> {
      await db.update(credits).set({ balance: sql`${credits.balance} + 1` }).where(and(eq(credits.id, rowId), lt(credits.balance, credits.total))).run()
    },
  }
}

/** The ledger service. */
export type CreditLedger = ReturnType<typeof createCreditLedger>
