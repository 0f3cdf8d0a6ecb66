/**
 * The fuzz suites with thousands of cases: runs `test/fuzz/*.test.ts` with
 * `FUZZ_RUNS` cases per property (default 3000; the README test command runs a bounded few hundred).
 * Run: `bun run bench fuzz`, or `FUZZ_RUNS=20000 bun run bench fuzz`; replay a failure's seed with
 * `FUZZ_SEED=<seed> FUZZ_RUNS=<n> bun test test/fuzz/<suite>.test.ts`.
 */
import { join } from 'node:path'
import { record } from './report'

const ROOT = join(import.meta.dir, '../..')
const runs = process.env.FUZZ_RUNS ?? '3000'
console.log(`fuzz: ${runs} cases per property`)
const started = performance.now()
const result = Bun.spawnSync(['bun', 'test', '--timeout', String(60 * 60_000), 'test/fuzz/'], {
  cwd: ROOT,
  stdout: 'inherit',
  stderr: 'inherit',
  // The suites build the web app in-process; tests run under NODE_ENV=test like the README command.
  env: { ...process.env, NODE_ENV: 'test', FUZZ_RUNS: runs },
})
console.log(`fuzz: ${result.exitCode === 0 ? 'no failures' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
record('fuzz', [{ figure: `fuzz suites, ${runs} cases per property`, value: result.exitCode === 0 ? 1 : 0, unit: 'pass', budget: { min: 1 }, note: `${((performance.now() - started) / 1000).toFixed(0)} s` }])
process.exit(result.exitCode ?? 1)
