/**
 * `bun run test:unit` — the developers' fast lane (docs/getting-started.md "Test it"): every test
 * except the browser (test/e2e) and Worker (test/worker) suites, in one `bun test` process per core
 * (at most 4; files dealt out by size). Extra arguments go to each `bun test`. Ends with one line
 * `N passed, N failed`.
 * @module
 */
import { availableParallelism } from 'node:os'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { deal, ROOT, runShards, sizeOf, testFiles } from './shards'

// A report of an earlier run would be counted as this run's by test/run.ts.
for (const old of new Bun.Glob('test-results/unit-*.xml').scanSync({ cwd: ROOT })) rmSync(join(ROOT, old))
const files = testFiles([/^test\/e2e\//, /^test\/worker\//])
const results = await runShards(deal(files, Math.min(4, availableParallelism()), sizeOf), { args: ['--timeout', '30000', ...process.argv.slice(2)], reportName: 'unit' })
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${results.reduce((n, r) => n + r.tests, 0) - failed} passed, ${failed} failed`)
process.exit(results.every((r) => r.exitCode === 0) ? 0 : 1)
