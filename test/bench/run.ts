/**
 * `bun run bench` (DESIGN.md §4: speed targets live here, not in timed tests):
 * installs what is missing (wrk, Chromium; with apt-get when root), builds the production client,
 * runs every `test/bench/*.bench.ts` in turn, then prints one table — figure | measured | budget |
 * ok/MISSED — as text and as Markdown, then each figure measured on both runtimes side by side (a
 * Workers row `Workers: <name>` beside the Bun row `<name>`: ./table.ts `runtimePairs`), writes it
 * with the machine's description to test-results/bench.json and test-results/bench.md, and exits 1
 * when a budget is missed or a bench did not finish. Pass names to run a subset: `bun run bench ssr pages`.
 * Defaults keep the whole run under 15 minutes on 2 cores; the env overrides raise them
 * (BENCH_API_LARGE, BENCH_API_SECONDS, BENCH_LOAD_JOBS, FUZZ_RUNS, BENCH_LOADS, BENCH_JOBS,
 * BENCH_WRK_SECONDS, ...; each bench's doc comment names its own). A full run took 9–12 minutes on
 * the 2-core machine of the README while other work ran on it (pages ~5.5 min, api ~1.5–2.5 min).
 * @module
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import type { Figure } from './report'
import { verdict } from './report'
import { markdownTable, pairsMarkdownTable, pairsTextTable, runtimePairs, textTable } from './table'
import { ensureWrk } from './wrk'

const DIR = import.meta.dir
const ROOT = join(DIR, '../..')
/** Where bench.json and bench.md go; BENCH_OUT moves them (the docs-commands test keeps a developer's results). */
const OUT = process.env.BENCH_OUT ?? join(ROOT, 'test-results')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Run order: quick ones first, the long data-integrity runs last; new benches go after these. */
const ORDER = ['render', 'ssr', 'pages', 'editor', 'generate', 'api', 'pool', 'wear', 'load-crash', 'fuzz', 'workers']
/** Defaults sized for 15 minutes on 2 cores; any of them set in the environment wins. */
const DEFAULTS: Record<string, string> = {
  // api.bench.ts alone defaults to 1 000 000 catalogue rows and 10 s at 100 jobs/s (4–5 more minutes here).
  BENCH_API_LARGE: '200000',
  BENCH_API_SECONDS: '5',
}

const only = process.argv.slice(2)
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
function rank(file: string) {
  const i = ORDER.indexOf(file.replace('.bench.ts', ''))
  return i < 0 ? ORDER.length : i
}

/** Debian's Chromium, installed like test/run.ts does when missing and root. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() !== 0 || !Bun.which('apt-get')) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`)
    process.exit(1)
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const cmd of [['apt-get', 'update'], ['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']])
    if (Bun.spawnSync(cmd, { stdout: 'inherit', stderr: 'inherit', env }).exitCode !== 0) {
      console.error('Installing chromium with apt-get failed.')
      process.exit(1)
    }
}

/** nproc, CPU model, RAM, Bun and Chromium versions: docs/performance.md states them beside the figures. */
function machine() {
  const cpuModel = /model name\s*:\s*(.+)/.exec(existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '')?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown'
  const chromium = existsSync(CHROMIUM) ? new TextDecoder().decode(Bun.spawnSync([CHROMIUM, '--version']).stdout).trim() : 'not installed'
  return { nproc: navigator.hardwareConcurrency, cpu: cpuModel, ramGiB: +(totalmem() / 2 ** 30).toFixed(1), bun: Bun.version, chromium }
}

if (files.some((f) => f.startsWith('ssr'))) ensureWrk()
if (files.some((f) => f.startsWith('pages') || f.startsWith('generate') || f.startsWith('editor'))) ensureChromium()
// The benches measure the production client build, so build it first (like `bun run start`).
if (Bun.spawnSync(['bun', 'src/islands/build.ts'], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' }).exitCode !== 0) {
  console.error('client build failed')
  process.exit(1)
}

const resultsDir = mkdtempSync(join(tmpdir(), 'ssg-bench-results-'))
const env: Record<string, string | undefined> = { ...DEFAULTS, ...process.env, NODE_ENV: 'production', BENCH_RESULTS_DIR: resultsDir }
const started = performance.now()
const runs: { bench: string; exitCode: number; seconds: number }[] = []
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const t0 = performance.now()
  const child = Bun.spawn(['bun', join(DIR, file)], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit', env })
  const exitCode = await child.exited
  runs.push({ bench: file.replace('.bench.ts', ''), exitCode, seconds: (performance.now() - t0) / 1000 })
}
const totalSeconds = (performance.now() - started) / 1000

const recorded: Figure[] = readdirSync(resultsDir)
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(resultsDir, f), 'utf8')) as Figure[])
rmSync(resultsDir, { recursive: true, force: true })
const figures: Figure[] = []
for (const run of runs) {
  figures.push(...recorded.filter((f) => f.bench === run.bench))
  figures.push({ bench: run.bench, figure: `${run.bench} bench ran to completion`, value: run.exitCode === 0 ? 1 : 0, unit: 'pass', budget: { min: 1 }, note: `${run.seconds.toFixed(0)} s${run.exitCode ? `, exit code ${run.exitCode}` : ''}` })
}
if (only.length === 0) figures.push({ bench: 'run', figure: 'whole `bun run bench`', value: totalSeconds, unit: 's', budget: { max: 15 * 60 } })

const missed = figures.filter((f) => verdict(f) === 'MISSED')
const info = { date: new Date().toISOString(), machine: machine(), totalSeconds: +totalSeconds.toFixed(1), settings: Object.fromEntries(Object.entries(env).filter(([k]) => k in DEFAULTS || (/^(BENCH_|FUZZ_)/.test(k) && k !== 'BENCH_RESULTS_DIR'))) }
const pairs = runtimePairs(figures)
const markdown = [
  `Measured ${info.date.slice(0, 10)} on ${info.machine.nproc} × ${info.machine.cpu}, ${info.machine.ramGiB} GiB RAM, Bun ${info.machine.bun}, ${info.machine.chromium}; \`bun run bench\` took ${(totalSeconds / 60).toFixed(1)} min.`,
  '',
  markdownTable(figures),
  ...(pairs.length ? ['', 'Bun and Workers side by side:', '', pairsMarkdownTable(pairs)] : []),
].join('\n')
console.log(`\n=== results (${(totalSeconds / 60).toFixed(1)} min) ===\n${textTable(figures)}`)
if (pairs.length) console.log(`\n=== Bun and Workers side by side ===\n${pairsTextTable(pairs)}`)
else if (runs.some((r) => r.bench === 'workers')) console.log('\n(the Workers rows\' Bun counterparts come from the generate and ssr benches: `bun run bench generate ssr workers` prints them side by side)')
console.log(`\n--- Markdown ---\n${markdown}`)
mkdirSync(OUT, { recursive: true })
writeFileSync(join(OUT, 'bench.json'), JSON.stringify({ ...info, runs, figures: figures.map((f) => ({ ...f, verdict: verdict(f) })) }, null, 2))
writeFileSync(join(OUT, 'bench.md'), `${markdown}\n`)
console.log(`\n${missed.length ? `${missed.length} budget(s) MISSED: ${missed.map((f) => f.figure).join('; ')}` : 'every budget met'} (${join(OUT, 'bench.json')}, ${join(OUT, 'bench.md')})`)
process.exit(missed.length ? 1 : 0)
