/**
 * `bun run test:unit` — the developers' fast lane (issue 25 point 3): every test beside the code and
 * under test/ except the browser (test/e2e) and Worker (test/worker) suites, split across the CPUs in
 * parallel `bun test` processes (one per core, at most 4; the files are dealt out largest first so the
 * shards take about as long). Extra arguments go to each `bun test`. Exits 1 when a shard fails and
 * ends with one line `N passed, N failed`.
 * @module
 */
import { availableParallelism } from 'node:os'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..')
const EXCLUDED = [/^test\/e2e\//, /^test\/worker\//, /^node_modules\//, /^dist\//]

const files = [...new Bun.Glob('**/*.test.{ts,tsx}').scanSync({ cwd: ROOT })]
  .filter((f) => !EXCLUDED.some((re) => re.test(f)))
  .map((f) => ({ f, size: statSync(join(ROOT, f)).size }))
  .sort((a, b) => b.size - a.size)

const shardCount = Math.max(1, Math.min(4, availableParallelism(), files.length))
const shards: { files: string[]; size: number }[] = Array.from({ length: shardCount }, () => ({ files: [], size: 0 }))
for (const { f, size } of files) {
  const lightest = shards.reduce((a, b) => (b.size < a.size ? b : a))
  lightest.files.push(`./${f}`)
  lightest.size += size
}

mkdirSync(join(ROOT, 'test-results'), { recursive: true })
const results = await Promise.all(
  shards.map(async (shard, i) => {
    const report = join(ROOT, `test-results/unit-${i}.xml`)
    const child = Bun.spawn(['bun', 'test', '--timeout', '30000', '--reporter=junit', `--reporter-outfile=${report}`, ...process.argv.slice(2), ...shard.files], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
    })
    // Each shard's output is printed whole when it ends, so the shards' lines do not interleave.
    const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
    process.stdout.write(out)
    process.stderr.write(err)
    let tests = 0
    let failed = code === 0 ? 0 : 1
    try {
      const root = /<testsuites\b[^>]*>/.exec(readFileSync(report, 'utf8'))?.[0] ?? ''
      const attr = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root)?.[1] ?? 0)
      tests = attr('tests') - attr('skipped')
      failed = Math.max(failed, attr('failures') + attr('errors'))
    } catch {}
    return { code, passed: tests - (code === 0 ? 0 : failed), failed }
  }),
)
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(results.every((r) => r.code === 0) ? 0 : 1)
