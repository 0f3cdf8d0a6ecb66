/**
 * Reads the `metric_values` rows the database's triggers keep (migration `metric_values`,
 * src/api/store/schema.ts `metricValues`) and bounds what a family shows of them. One indexed read
 * per scrape (the primary key starts with the name), the same on bun:sqlite and D1.
 * @module
 */
import { OVERFLOW_LABEL } from '../../shared/metrics/registry'
import type { Sample } from '../../shared/metrics/exposition'
import type { SqlClient } from '../store/sql'

/** One row, its labels parsed. */
export interface MetricRow {
  name: string
  labels: Record<string, string>
  value: number
}

/** Label sets one database-kept family shows at most; the rest are summed under `_other`. */
export const MAX_DB_SERIES = 50

/** Labels as the triggers write them (a JSON object of strings); an unreadable value reads as no labels. */
function parseLabels(text: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(text)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]))
  } catch {
    return {}
  }
}

/** The rows of the metrics named `names`, in name then label order. */
export async function readMetricRows(sql: SqlClient, names: readonly string[]): Promise<MetricRow[]> {
  if (!names.length) return []
  const rows = await sql.all<{ name: string; labels: string; value: number }>(
    `SELECT name, labels, value FROM metric_values WHERE name IN (${names.map(() => '?').join(', ')}) ORDER BY name, labels`,
    names,
  )
  return rows.map((r) => ({ name: r.name, labels: parseLabels(r.labels), value: r.value }))
}

/**
 * The samples of one family's rows with exactly `labelNames` (missing labels read as ""): the `max`
 * largest label sets (ties by their labels, so the choice is stable), and the rest summed into one set
 * whose every label is `_other` (the in-process registry's convention for the same overflow).
 */
export function boundedSamples(rows: readonly MetricRow[], labelNames: readonly string[], max = MAX_DB_SERIES): Sample[] {
  const own = rows.map((r) => ({ labels: Object.fromEntries(labelNames.map((l) => [l, r.labels[l] ?? ''])), value: r.value }))
  if (own.length <= max) return own
  const key = (s: { labels: Record<string, string> }) => labelNames.map((l) => s.labels[l]).join('\u0000')
  const ranked = [...own].sort((a, b) => b.value - a.value || key(a).localeCompare(key(b)))
  const kept = ranked.slice(0, max)
  const other = ranked.slice(max).reduce((n, s) => n + s.value, 0)
  return [...kept, { labels: Object.fromEntries(labelNames.map((l) => [l, OVERFLOW_LABEL])), value: other }]
}
