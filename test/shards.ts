/**
 * Runs test files in parallel `bun test` processes: the files are dealt out, heaviest
 * first, to the shard with the least work so far, and each shard writes its own JUnit report, read
 * back for the counts. Used by `bun run test` (test/run.ts) and `bun run test:unit` (test/unit.ts).
 * @module
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const ROOT = join(import.meta.dir, '..')

/** When this run began: each job's header says when it ended, to see how the processes were kept busy. */
const BEGAN = performance.now()
/** ` (ended at 123 s)`. */
const endedAt = () => ` (ended at ${Math.round((performance.now() - BEGAN) / 1000)} s)`
/**
 * The CPU a finished job used with the descendants it reaped (what `time` counts; a process reaped by
 * no one of them, as some browser helpers are, is missing): the suite is CPU-bound on two cores, so
 * this, more than its wall time, says which job to make cheaper.
 */
const cpuOf = (child: { resourceUsage(): { cpuTime: { total: number | bigint } } | undefined }) => {
  const total = child.resourceUsage()?.cpuTime.total
  return total === undefined ? '' : `, ${(Number(total) / 1e6).toFixed(0)} CPU s`
}

/** The test files under the repository, relative paths, without the excluded ones. */
export function testFiles(exclude: RegExp[] = []): string[] {
  return [...new Bun.Glob('**/*.test.{ts,tsx}').scanSync({ cwd: ROOT })].filter((f) => !/^(node_modules|dist)\//.test(f) && !exclude.some((re) => re.test(f))).sort()
}

/** Deals `files` to `count` shards by `weight` (heaviest first, each to the lightest shard). */
export function deal(files: string[], count: number, weight: (file: string) => number): string[][] {
  const shards = Array.from({ length: Math.max(1, count) }, () => ({ files: [] as string[], load: 0 }))
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((a, b) => (b.load < a.load ? b : a))
    lightest.files.push(file)
    lightest.load += weight(file)
  }
  return shards.filter((s) => s.files.length > 0).map((s) => s.files)
}

/** A file's size in bytes: longer test files tend to take longer. */
export const sizeOf = (file: string) => statSync(join(ROOT, file)).size

/** What one shard did. */
export interface ShardResult {
  exitCode: number
  tests: number
  failed: number
  /** The JUnit report it wrote. */
  report: string
}

/** Reads tests (not skipped) and failures from a JUnit report. */
export function junitCounts(report: string): { tests: number; failed: number } | null {
  if (!existsSync(report)) return null
  const root = /<testsuites\b[^>]*>/.exec(readFileSync(report, 'utf8'))?.[0] ?? ''
  const attr = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root)?.[1] ?? 0)
  return { tests: attr('tests') - attr('skipped'), failed: attr('failures') + attr('errors') }
}

/** How {@link runShards} and {@link runQueue} run each `bun test`. */
export interface RunOptions {
  /** Arguments of every `bun test` before its files. */
  args: string[]
  env?: Record<string, string | undefined>
  /** JUnit reports are `test-results/<reportName>-<n>.xml`. */
  reportName: string
}

/**
 * Runs each shard as `bun test <args> <files>` at the same time; a shard's output is printed whole when
 * it ends, so lines of different shards never interleave.
 */
export async function runShards(shards: string[][], opts: RunOptions): Promise<ShardResult[]> {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true })
  return Promise.all(shards.map((files, i) => runOne(files, i, shards.length, opts)))
}

/** One job of {@link runQueue}: runs as process number `index` of `count` and says what it did. */
export type QueuedJob = (index: number, count: number) => Promise<ShardResult[]>

/** A queued `bun test` of `files` (see {@link runQueue}). */
export const bunTestJob =
  (files: string[], opts: RunOptions): QueuedJob =>
  async (index, count) => [await runOne(files, index, count, opts)]

/**
 * Runs `jobs` with at most `parallel` at a time, in the order given: each process that ends takes the
 * next job. Given the longest jobs first, the processes end close together whatever the guesses of
 * their lengths were worth (a static deal left one of two shards idle for 90 s), and each browser or
 * Worker file gets a process of its own, so nothing one file leaves behind (a Playwright connection,
 * a port, a global) reaches another.
 */
export async function runQueue(jobs: QueuedJob[], parallel: number): Promise<ShardResult[]> {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true })
  const results: ShardResult[][] = []
  let next = 0
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) results[i] = await jobs[i]!(i, jobs.length)
  }
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker))
  return results.flat()
}

/**
 * Runs `cmd` in the repository with its output kept back, then prints it whole under a `=== title ===`
 * header saying when it ended, so the output of jobs side by side never interleaves. Resolves with
 * the exit code.
 */
export async function runPrinted(cmd: string[], title: string, env: Record<string, string | undefined> = process.env): Promise<number> {
  const child = Bun.spawn(cmd, { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe' })
  const [out, err, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  process.stdout.write(`\n=== ${title}${endedAt()}${cpuOf(child)} ===\n${out}`)
  process.stderr.write(err)
  return exitCode
}

/** One `bun test` of `files` writing report number `i`; its output is printed whole when it ends. */
async function runOne(files: string[], i: number, count: number, opts: RunOptions): Promise<ShardResult> {
  const report = join(ROOT, `test-results/${opts.reportName}-${i}.xml`)
  const cmd = ['bun', 'test', ...opts.args, '--reporter=junit', `--reporter-outfile=${report}`, ...files.map((f) => `./${f}`)]
  const exitCode = await runPrinted(cmd, `${i + 1}/${count}: ${files.length === 1 ? files[0] : `${files.length} files`}`, opts.env)
  const counts = junitCounts(report)
  // A shard that ended badly without a report (a crash) counts as one failure.
  return { exitCode, report, tests: counts?.tests ?? 0, failed: counts ? counts.failed + (exitCode !== 0 && counts.failed === 0 ? 1 : 0) : 1 }
}
