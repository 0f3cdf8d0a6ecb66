/**
 * The figures every bench hands to `run.ts` (one table, exit 1 when a budget is
 * missed). A bench calls {@link record} with its figures; they land as JSON in `$BENCH_RESULTS_DIR`
 * (set by run.ts), and a bench run on its own just prints them. run.ts reads them all back, prints
 * one table (plain and Markdown) and writes test-results/bench.json.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A budget: the measured value must be at most `max` and/or at least `min`. */
export interface Budget {
  max?: number
  min?: number
}

/** How a value prints: ms, bytes (as KB), a ratio to a baseline (as 1/N), a factor (as 0.95×), a count, per second, a plain score (as 0.53). */
export type Unit = 'ms' | 's' | 'bytes' | 'ratio' | 'percent' | 'factor' | 'count' | 'per-s' | 'pass' | 'score'

/** One row of the table. `value` null means it could not be measured (counts as missed under a budget). */
export interface Figure {
  bench: string
  figure: string
  value: number | null
  unit: Unit
  budget?: Budget
  /** Extra words printed beside the value (e.g. "p95 1.9 s", "3 non-2xx"). */
  note?: string
  /** Forces a miss even inside the budget (e.g. a load run with non-2xx answers). */
  failed?: boolean
}

/** Formats a value in its unit. */
export function formatValue(value: number | null, unit: Unit): string {
  if (value === null || Number.isNaN(value)) return 'n/a'
  switch (unit) {
    case 'ms':
      return value < 10 ? `${value.toFixed(2)} ms` : `${Math.round(value)} ms`
    case 's':
      return value >= 60 ? `${(value / 60).toFixed(1)} min` : `${value.toFixed(2)} s`
    case 'bytes':
      return `${(value / 1024).toFixed(1)} KB`
    case 'ratio':
      return value > 0 ? `1/${(1 / value).toFixed(1)}` : '0'
    case 'percent':
      return `${(value * 100).toFixed(1)} %`
    case 'factor':
      return `${value.toFixed(2)}×`
    case 'count':
      return String(Math.round(value))
    case 'per-s':
      return `${Math.round(value)}/s`
    case 'pass':
      return value === 1 ? 'pass' : 'FAIL'
    case 'score':
      return value.toFixed(2)
  }
}

/** "≤ 150 ms", "≥ 1/30", or '' without a budget. */
export function formatBudget(figure: Pick<Figure, 'budget' | 'unit'>): string {
  const { budget, unit } = figure
  if (!budget) return ''
  if (unit === 'pass') return 'pass'
  const parts: string[] = []
  if (budget.min !== undefined) parts.push(`≥ ${formatValue(budget.min, unit)}`)
  if (budget.max !== undefined) parts.push(`≤ ${formatValue(budget.max, unit)}`)
  return parts.join(', ')
}

/** ok, MISSED, or '' for a figure without a budget. */
export function verdict(figure: Figure): '' | 'ok' | 'MISSED' {
  if (!figure.budget) return figure.failed ? 'MISSED' : ''
  const { value, budget } = figure
  if (figure.failed || value === null || Number.isNaN(value)) return 'MISSED'
  if (budget.max !== undefined && value > budget.max) return 'MISSED'
  if (budget.min !== undefined && value < budget.min) return 'MISSED'
  return 'ok'
}

/** Prints the figures and, under run.ts, stores them for the closing table. */
export function record(bench: string, figures: Omit<Figure, 'bench'>[]): void {
  const rows = figures.map((f) => ({ bench, ...f }))
  for (const row of rows) {
    const v = verdict(row)
    console.log(`  ${row.figure}: ${formatValue(row.value, row.unit)}${row.note ? ` (${row.note})` : ''}${row.budget ? ` — budget ${formatBudget(row)} ${v}` : ''}`)
  }
  const dir = process.env.BENCH_RESULTS_DIR
  // On its own a bench says a missed budget with its exit code; under run.ts the table does.
  if (!dir) {
    if (rows.some((row) => verdict(row) === 'MISSED')) process.exitCode = 1
    return
  }
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${bench}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`), JSON.stringify(rows))
}

/** Median of a list (NaN when empty). */
export function median(values: number[]): number {
  return percentile(values, 0.5)
}

/** Nearest-rank percentile, `p` in [0, 1]. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!
}

/**
 * How well values tell two samples apart: max(AUC, 1 − AUC), the AUC being the chance that a value
 * of `a` is larger than one of `b` (ties count half; Mann–Whitney U over mid-ranks). 0.5: not at all,
 * 1: every time.
 */
export function separability(a: number[], b: number[]): number {
  const sorted = [...a.map((v) => ({ v, a: true })), ...b.map((v) => ({ v, a: false }))].sort((x, y) => x.v - y.v)
  // Mann–Whitney U from mid-ranks (ties share the mean rank).
  let rankSumA = 0
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j < sorted.length && sorted[j]!.v === sorted[i]!.v) j++
    const rank = (i + 1 + j) / 2
    for (let k = i; k < j; k++) if (sorted[k]!.a) rankSumA += rank
    i = j
  }
  const auc = (rankSumA - (a.length * (a.length + 1)) / 2) / (a.length * b.length)
  return Math.max(auc, 1 - auc)
}
