/**
 * The Grafana dashboard in docs/ (docs/grafana-dashboard.json, docs/operations.md "Health and
 * metrics"): every query parses as PromQL (Prometheus's own Lezer grammar, @prometheus-io/lezer-promql),
 * every metric it reads is one the server writes (the families table of docs/operations.md, which
 * test/e2e/observability-http.test.ts holds to a real scrape), and the panels lie on the grid without
 * overlapping. Grafana variables (`$job`) are valid PromQL strings as they stand.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parser } from '@prometheus-io/lezer-promql'
import { documentedFamilies } from './metrics-table'

const ROOT = join(import.meta.dir, '../..')
interface Panel {
  type: string
  title: string
  gridPos: { x: number; y: number; w: number; h: number }
  targets?: { expr: string }[]
}
const dashboard = JSON.parse(readFileSync(join(ROOT, 'docs/grafana-dashboard.json'), 'utf8')) as { uid: string; panels: Panel[] }
const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })))

/** The metric names a query selects, and whether it parsed without an error node. */
function read(expr: string): { names: string[]; errors: number } {
  const names: string[] = []
  let errors = 0
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) errors++
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') names.push(expr.slice(node.from, node.to))
    },
  })
  return { names, errors }
}

/** A histogram's series names come from its family's: `_bucket`, `_sum`, `_count`. */
const familyOf = (name: string, known: Set<string>) => (known.has(name) ? name : name.replace(/_(bucket|sum|count)$/, ''))

describe('the Grafana dashboard', () => {
  test('has panels with queries, and every query parses as PromQL', () => {
    expect(queries.length).toBeGreaterThan(20)
    for (const q of queries) expect({ panel: q.panel, errors: read(q.expr).errors }).toEqual({ panel: q.panel, errors: 0 })
  })

  test('every metric a query reads is a family the server writes', () => {
    const known = documentedFamilies()
    for (const q of queries) for (const name of read(q.expr).names) expect({ panel: q.panel, family: familyOf(name, known), known: known.has(familyOf(name, known)) }).toMatchObject({ known: true })
  })

  test('panels lie on the 24-column grid without overlapping', () => {
    const cells = new Map<string, string>()
    for (const p of dashboard.panels) {
      const { x, y, w, h } = p.gridPos
      expect(x + w).toBeLessThanOrEqual(24)
      for (let i = x; i < x + w; i++) for (let j = y; j < y + h; j++) {
        const cell = `${i},${j}`
        expect({ cell, taken: cells.get(cell) ?? null, by: p.title }).toMatchObject({ taken: null })
        cells.set(cell, p.title)
      }
    }
  })
})
