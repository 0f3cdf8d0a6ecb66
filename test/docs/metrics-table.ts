/**
 * The metric families docs/operations.md documents: the first column of the tables under its
 * "Health and metrics" heading, each a `name` in backticks. One home for the list: the dashboard's
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
  const names = [...section.matchAll(/^\| `([a-z_:][a-z0-9_:]*)` \|/gm)].map((m) => m[1]!)
  return new Set(names)
}
