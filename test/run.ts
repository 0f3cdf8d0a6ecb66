/**
 * `bun run test` — sets up and runs every test (README): makes sure Debian's Chromium is there
 * (installs it with apt when running as root), runs `bun run build`, then `bun run typecheck` beside
 * all bun:test suites (units beside the code, test/e2e in Chromium, test/worker under wrangler dev) as a
 * queue of jobs, one more at a time than the cores (at most 3), longest first: each browser or Worker
 * file in a `bun test` of its own, and `bun run test:unit` for the rest (test/shards.ts `runQueue`);
 * prints one closing line `N passed, N failed` read from the jobs' JUnit reports.
 * @module
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadDurations } from './durations'
import { bunTestJob, junitCounts, runPrinted, runQueue, runShards, testFiles, type QueuedJob } from './shards'
import { WRANGLER_TEST_ENV } from './worker/wrangler-dev'

const ROOT = join(import.meta.dir, '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function run(cmd: string[], env: Record<string, string | undefined> = process.env): number {
  console.log(`$ ${cmd.join(' ')}`)
  return Bun.spawnSync(cmd, { cwd: ROOT, stdout: 'inherit', stderr: 'inherit', env }).exitCode ?? 1
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  const root = process.getuid?.() === 0
  if (!root || !Bun.which('apt-get')) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`)
    process.exit(1)
  }
  if (run(['apt-get', 'update']) !== 0 || run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium'], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }) !== 0) {
    console.error('Installing chromium with apt-get failed.')
    process.exit(1)
  }
}

/** Decodes the XML entities bun writes into attributes and text. */
const unescapeXml = (s: string) =>
  s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')

/**
 * Each failed test as `file › name: message` with the first lines of its error, read from the JUnit
 * report. CI keeps only the end of the log, where bun's own list names a failed hook "(unnamed)"
 * without its file: this list, printed last, says which file and why.
 */
function failureSummary(report: string): string[] {
  if (!existsSync(report)) return []
  const xml = readFileSync(report, 'utf8')
  const lines: string[] = []
  for (const m of xml.matchAll(/<testcase\b([^>]*)>\s*<(failure|error)\b[^>]*>([\s\S]*?)<\/\2>/g)) {
    const attr = (name: string) => unescapeXml(new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '')
    const name = attr('name') === '(unnamed)' ? '(a beforeAll/afterAll hook)' : attr('name')
    const detail = unescapeXml(m[3]!).trim().split("\n").slice(0, 12).map((l) => `    ${l.slice(0, 300)}`)
    lines.push(`  ${attr('file')} › ${name}`, ...detail)
  }
  return lines
}

/** Browser (test/e2e) and Worker (test/worker) files: each starts servers, so each gets a process. */
const isHeavy = (file: string) => /^test\/(e2e|worker)\//.test(file)

/**
 * `bun run test:unit`, the developers' fast lane, run as they run it (every command of the docs is
 * run by a test or by CI): every other test file, in its own processes, reports in
 * test-results/unit-*.xml.
 */
const unitLane: QueuedJob = async (index, count) => {
  const exitCode = await runPrinted(['bun', 'run', 'test:unit'], `${index + 1}/${count}: bun run test:unit`, runOptions.env)
  const results = reportsNamed('unit').map((report) => ({ exitCode, report, ...(junitCounts(report) ?? { tests: 0, failed: 1 }) }))
  // A lane that failed without a failure in its reports (a crash) counts as one failure.
  if (exitCode !== 0 && !results.some((r) => r.failed > 0)) results.push({ exitCode, report: '', tests: 1, failed: 1 })
  return results
}

/** test-results/<name>-*.xml. */
const reportsNamed = (name: string) => [...new Bun.Glob(`test-results/${name}-*.xml`).scanSync({ cwd: ROOT })].map((f) => join(ROOT, f))

/**
 * The suite as jobs, longest first (test/durations.json; a heavy file it does not list yet counts as
 * the longest): each heavy file alone, and the unit lane as one job (its files' time over its processes).
 */
function suiteJobs(): QueuedJob[] {
  const durations = loadDurations()
  const seconds = (file: string) => durations[file] ?? (isHeavy(file) ? 1e6 : 0.5)
  const files = testFiles()
  const units = files.filter((f) => !isHeavy(f))
  const jobs = [
    ...files.filter(isHeavy).map((f) => ({ seconds: seconds(f), run: bunTestJob([f], runOptions) })),
    { seconds: units.reduce((n, f) => n + seconds(f), 0) / Math.min(4, availableParallelism()), run: unitLane },
  ]
  return jobs.sort((a, b) => b.seconds - a.seconds).map((job) => job.run)
}

// `bun run test -- <paths or flags>` runs what was asked in one process; no arguments: everything.
const asked = process.argv.slice(2)
const runOptions = {
  args: ['--timeout', '30000', ...asked],
  // NODE_COMPILE_CACHE: Node keeps the compiled code of wrangler's 10 MB CLI between the suite's
  // twenty-odd wrangler runs (0.3 core-seconds less each).
  // WRANGLER_TEST_ENV: offline, and without wrangler dev's local trace collector (test/worker/wrangler-dev.ts).
  env: { ...process.env, ...WRANGLER_TEST_ENV, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'ssg-node-compile-cache') },
  reportName: 'junit',
}

ensureChromium()
mkdirSync(join(ROOT, 'test-results'), { recursive: true })
// Reports of an earlier run would be read as this run's (here and by test/durations.ts).
for (const old of [...reportsNamed('junit'), ...reportsNamed('unit')]) rmSync(old)
// The docs' own commands, run as the docs write them (test/docs/commands.test.ts). The type check
// needs nothing built and runs beside the build and the first tests; the browser tests need the
// build first.
const typecheck = runPrinted(['bun', 'run', 'typecheck'], '$ bun run typecheck')
const built = run(['bun', 'run', 'build']) === 0
/**
 * Jobs at a time: one more than the cores, at most 3. Many jobs spend part of their time waiting (a
 * long-poll's 9 s, wrangler starting, a page reloading itself): the extra process keeps both cores busy
 * through those waits. TEST_PROCESSES overrides it.
 */
const processes = Number(process.env.TEST_PROCESSES) || Math.min(3, availableParallelism() + 1)
const results = asked.length ? await runShards([[]], runOptions) : await runQueue(suiteJobs(), processes)
const failed = results.reduce((n, r) => n + r.failed, 0)
const passed = results.reduce((n, r) => n + r.tests, 0) - failed
const typed = (await typecheck) === 0
const failures = results.flatMap((r) => (r.report ? failureSummary(r.report) : ['  bun run test:unit ended badly without a failing test in its reports (see its output above)']))
if (!built) failures.push('  bun run build failed (see its output above)')
if (!typed) failures.push('  bun run typecheck failed (see its output above)')
if (failures.length) console.log(`Failed tests (from test-results/junit-*.xml and unit-*.xml):\n${failures.join('\n')}`)
// The build and the type check count as one check each, so a broken build can never look green.
const setupFailed = Number(!built) + Number(!typed)
const totalFailed = failed + setupFailed
console.log(`${passed + 2 - setupFailed} passed, ${totalFailed} failed`)
process.exit(totalFailed === 0 ? 0 : 1)
