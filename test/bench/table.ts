/**
 * The closing table of `bun run bench`: figure | measured | budget | ok/MISSED,
 * as aligned text for the terminal and as Markdown for the table in docs/performance.md.
 * @module
 */
import { formatBudget, formatValue, verdict, type Figure } from './report'

/** One printable row. */
const cells = (f: Figure) => [f.figure, `${formatValue(f.value, f.unit)}${f.note ? ` (${f.note})` : ''}`, formatBudget(f), verdict(f)]

/** Aligned plain-text table. */
export function textTable(figures: Figure[]): string {
  const rows = [['figure', 'measured', 'budget', 'ok'], ...figures.map(cells)]
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ').trimEnd()).join('\n')
}

/** Markdown table (pipes inside cells escaped). */
export function markdownTable(figures: Figure[]): string {
  const esc = (s: string) => s.replaceAll('|', '\\|')
  return ['| Figure | Measured | Budget | |', '|---|---|---|---|', ...figures.map((f) => `| ${cells(f).map(esc).join(' | ')} |`)].join('\n')
}
