/**
 * The suite's job order comes from test/durations.json (test/run.ts); `bun test/durations.ts` records
 * it again from JUnit reports (docs/getting-started.md). Both halves, as the docs use them.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { durationsOf } from './durations'
import { ROOT } from './shards'

const dir = mkdtempSync(join(tmpdir(), 'ssg-durations-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('each test file’s time is read from the JUnit reports bun writes, rounded to a tenth of a second', () => {
  const report = join(dir, 'junit-0.xml')
  writeFileSync(
    report,
    `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="bun test" tests="3" failures="0" time="12.5">
  <testsuite name="test/e2e/generate.test.ts" tests="2" time="41.27" file="test/e2e/generate.test.ts">
    <testsuite name="generating from the site" tests="2" time="41.2"><testcase name="a" time="20" /></testsuite>
  </testsuite>
  <testsuite name="src/api/config.test.ts" tests="1" time="0.04" file="src/api/config.test.ts"></testsuite>
</testsuites>`,
  )
  expect(durationsOf([report])).toEqual({ 'test/e2e/generate.test.ts': 41.3, 'src/api/config.test.ts': 0 })
})

test('bun test/durations.ts <out.json> writes the table from the reports in test-results/', () => {
  const out = join(dir, 'durations.json')
  const run = Bun.spawnSync(['bun', 'test/durations.ts', out], { cwd: ROOT })
  expect(run.exitCode, run.stderr.toString()).toBe(0)
  expect(run.stdout.toString()).toContain(`${out}: `)
  const table = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>
  expect(Object.values(table).every((seconds) => typeof seconds === 'number' && seconds >= 0)).toBe(true)
})
