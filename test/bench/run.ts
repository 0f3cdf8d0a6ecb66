/**
 * `bun run bench` — runs every `test/bench/*.bench.ts` in turn (speed and memory targets live here,
 * not in timed tests; DESIGN.md §4). Pass names to run a subset: `bun run bench render ssr`.
 * @module
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const DIR = import.meta.dir
const only = process.argv.slice(2)
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort()

let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const result = Bun.spawnSync(['bun', join(DIR, file)], { stdout: 'inherit', stderr: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.exitCode !== 0) failed++
}
process.exit(failed ? 1 : 0)
