/**
 * `bun run test` — sets up and runs every test (README): makes sure Debian's Chromium is there
 * (installs it with apt when running as root), builds the client, type-checks, then runs all
 * bun:test suites (units beside the code, test/e2e in Chromium, test/worker under wrangler dev), one
 * `bun test` per core at a time (at most 2), taking jobs longest first: each browser or Worker file
 * alone, the unit files in four batches (test/shards.ts `runQueue`), and prints one closing line
 * `N passed, N failed` read from the jobs' JUnit reports.
 * @module
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { loadDurations } from './durations'
import { deal, runQueue, runShards, testFiles } from './shards'

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
 * The suite as `bun test` jobs, longest first (test/durations.json; a heavy file it does not list yet
 * counts as the longest): each heavy file alone, the unit files in four batches.
 */
function suiteJobs(): string[][] {
  const durations = loadDurations()
  const seconds = (file: string) => durations[file] ?? (isHeavy(file) ? 1e6 : 0.5)
  const files = testFiles()
  const jobs = [...files.filter(isHeavy).map((f) => [f]), ...deal(files.filter((f) => !isHeavy(f)), 4, seconds)]
  const length = (job: string[]) => job.reduce((n, f) => n + seconds(f), 0)
  return jobs.sort((a, b) => length(b) - length(a))
}

ensureChromium()
mkdirSync(join(ROOT, 'test-results'), { recursive: true })
// Reports of an earlier run would be read as this run's by test/durations.ts.
for (const old of new Bun.Glob('test-results/junit-*.xml').scanSync({ cwd: ROOT })) rmSync(join(ROOT, old))
const steps = [
  ['bun', 'src/islands/build.ts'],
  ['bunx', 'tsc', '--noEmit', '-p', 'tsconfig.json'],
]
let setupFailed = 0
for (const step of steps) if (run(step) !== 0) setupFailed++
// `bun run test -- <paths or flags>` runs what was asked in one process; no arguments: everything.
const asked = process.argv.slice(2)
const runOptions = {
  args: ['--timeout', '30000', ...asked],
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  reportName: 'junit',
}
const results = asked.length ? await runShards([[]], runOptions) : await runQueue(suiteJobs(), Math.min(2, availableParallelism()), runOptions)
const failed = results.reduce((n, r) => n + r.failed, 0)
const passed = results.reduce((n, r) => n + r.tests, 0) - failed
const failures = results.flatMap((r) => failureSummary(r.report))
if (failures.length) console.log(`Failed tests (from test-results/junit-*.xml):\n${failures.join('\n')}`)
// The build and the type check count as one check each, so a broken build can never look green.
const totalFailed = failed + setupFailed
console.log(`${passed + steps.length - setupFailed} passed, ${totalFailed} failed`)
process.exit(totalFailed === 0 ? 0 : 1)
