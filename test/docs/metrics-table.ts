/**
 * The metric families docs/operations.md documents: the first column of the tables under its
 * "Health and metrics" heading, one or more `name`s in backticks a row. One home for the list: the dashboard's
 * test and the scrape test read it from there.
 * @module
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const DOC = join(import.meta.dir, '../../docs/operations.md')

/** The documented family names. */
export function documentedFamilies(): Set<string> {
  const text = readFileSync(DOC, 'utf8')
  const start = text.indexOf('## Health and metrics')
  if (start < 0) throw new Error('docs/operations.md has no "Health and metrics" section')
  const end = text.indexOf('\n## ', start + 1)
  const section = text.slice(start, end < 0 ? undefined : end)
  // Each row's first cell: one or more names in backticks.
  const cells = [...section.matchAll(/^\| (`[a-z_:][a-z0-9_:]*`(?:, `[a-z_:][a-z0-9_:]*`)*) \|/gm)].map((m) => m[1]!)
  return new Set(cells.flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)))
}
