/**
 * How long each test file took, for ordering the suite's processes longest first (test/run.ts):
 * `test/durations.json`, seconds per file. `bun test/durations.ts [out.json]` writes it (or `out.json`)
 * again from the JUnit reports of the last `bun run test` (test-results/junit-*.xml and unit-*.xml); a file it does not list yet is
 * guessed from its size by the caller.
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './shards'

const FILE = join(ROOT, 'test/durations.json')

/** Seconds per test file from the last recording (empty when there is none). */
export function loadDurations(): Record<string, number> {
  return existsSync(FILE) ? (JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, number>) : {}
}

/** The files' times of JUnit reports: bun writes one `<testsuite name="<file>" time="<s>">` per file. */
export function durationsOf(reports: string[]): Record<string, number> {
  const found: Record<string, number> = {}
  for (const report of reports) {
    for (const m of readFileSync(report, 'utf8').matchAll(/<testsuite name="([^"]+\.test\.tsx?)"[^>]*?\btime="([\d.]+)"/g)) found[m[1]!] = Math.round(Number(m[2]) * 10) / 10
  }
  return found
}

if (import.meta.main) {
  const reports = [...new Bun.Glob('test-results/{junit,unit}-*.xml').scanSync({ cwd: ROOT })].map((f) => join(ROOT, f))
  const found = durationsOf(reports)
  const sorted = Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)))
  const out = Bun.argv[2] ?? FILE
  writeFileSync(out, JSON.stringify(sorted, null, 1) + '\n')
  console.log(`${out}: ${Object.keys(sorted).length} files from ${reports.length} reports`)
}
