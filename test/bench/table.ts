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

/** The prefix of a Workers row whose Bun counterpart has the same name without it (workers.bench.ts). */
export const WORKERS_PREFIX = 'Workers: '

/** One figure measured on both runtimes. */
export interface RuntimePair {
  figure: string
  bun: Figure
  workers: Figure
}

/** Every Workers row (`Workers: <name>`) whose Bun row `<name>` ran too, in the Workers rows' order. */
export function runtimePairs(figures: Figure[]): RuntimePair[] {
  const bun = new Map(figures.filter((f) => !f.figure.startsWith(WORKERS_PREFIX)).map((f) => [f.figure, f]))
  return figures.flatMap((w) => {
    if (!w.figure.startsWith(WORKERS_PREFIX)) return []
    const name = w.figure.slice(WORKERS_PREFIX.length)
    const b = bun.get(name)
    return b ? [{ figure: name, bun: b, workers: w }] : []
  })
}

/** A measured value with its verdict when it has a budget ("61 ms ok", "396 ms MISSED"). */
const measured = (f: Figure) => `${formatValue(f.value, f.unit)}${verdict(f) ? ` ${verdict(f)}` : ''}`

/** The pairs as aligned text: figure | Bun | Workers. */
export function pairsTextTable(pairs: RuntimePair[]): string {
  const rows = [['figure', 'Bun', 'Workers (wrangler dev)'], ...pairs.map((p) => [p.figure, measured(p.bun), measured(p.workers)])]
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ').trimEnd()).join('\n')
}

/** The pairs as Markdown: figure | Bun | Workers. */
export function pairsMarkdownTable(pairs: RuntimePair[]): string {
  const esc = (s: string) => s.replaceAll('|', '\\|')
  return ['| Figure | Bun | Workers (wrangler dev) |', '|---|---|---|', ...pairs.map((p) => `| ${[p.figure, measured(p.bun), measured(p.workers)].map(esc).join(' | ')} |`)].join('\n')
}
