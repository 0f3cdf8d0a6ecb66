/**
 * Generation latency as a client sees it, against the real Bun server
 * (production, local RSA-4096 signer):
 * 1. API client: BENCH_JOBS (20) uploads one after another, each a multipart `POST /api/v2/queue`
 *    as an anonymous visitor with its cookie, sent and read as the site does: the submit
 *    with its short `wait` (src/shared/skin/job-polling.ts `LONG_POLL`), which answers a job signed
 *    meanwhile finished; otherwise a long-poll `GET /api/v2/queue/{id}?t=&wait=` at once, then polls
 *    on the SPEC §9 schedule (`pollDelay`) until the job is completed with a skin. Then BENCH_JOBS
 *    more without `wait` and on the schedule alone, as any MineSkin client: its first poll comes
 *    500–1300 ms after queueing. Reported: submit → completed, median and p95, beside the server's
 *    own figure for the same jobs (job row created → finished).
 * 2. Concurrency: BENCH_CONCURRENT_JOBS (100) distinct skins from BENCH_CONCURRENCY (8) visitors at
 *    once, each sending its next upload when the last one completed, read as the site does
 *    (./site-jobs.ts): submit → completed p50/p95 beside the server's own time, jobs/s, and jobs lost or
 *    run twice (from the job rows). workers.bench.ts measures the same under wrangler dev, and
 *    `bun run bench` prints the two side by side.
 * 3. Chromium: BENCH_BROWSER_RUNS (5) times, click Generate on `/` with one
 *    file and time it until the 'completed' snackbar is added, in the page (performance.now), so
 *    Playwright's round trips are not counted.
 * Budgets: click → 'completed' snackbar ≤ 150 ms p50 with the local signer; submit → completed ≤ 150 ms
 * p50 at concurrency 8, with no job lost or run twice; the server-side job budget lives in api.bench.ts.
 * Run: `bun test/bench/generate.bench.ts` (or `bun run bench generate`; needs a client build).
 * @module
 */
import { join } from 'node:path'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer } from '../support/bun-server'
import { writeSkinFiles } from '../support/skin-files'
import { median, percentile, record } from './report'
import { clientJob, concurrentFigures, concurrentJobs, readJobRows, visitorCookie, type ClientJob } from './site-jobs'

const JOBS = Number(process.env.BENCH_JOBS ?? 20)
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5)
const CONCURRENT_JOBS = Number(process.env.BENCH_CONCURRENT_JOBS ?? 100)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)
// The concurrent visitors share one address, whose pending-job cap would otherwise refuse them (as workers.bench.ts raises it).
const server = await startBunServer({ DEMO_SKINS: '0', LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '1000' })

/** ms from the click on Generate until the completed snackbar was shown. */
async function browserJob(browser: Awaited<ReturnType<typeof launchChromium>>, file: string): Promise<number> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${server.origin}/`)
    await hydrated(page)
    await page.locator('input[type=file]').setInputFiles([file])
    await page.locator('.file-preview').first().waitFor()
    await page.evaluate(() => {
      const w = window as unknown as { done: Promise<number> }
      w.done = new Promise((resolve) => {
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes) if (node instanceof HTMLElement && node.classList.contains('snackbar--success')) resolve(performance.now())
        }).observe(document.querySelector('.snackbar-host')!, { childList: true })
      })
    })
    const clickedAt = await page.evaluate(() => {
      const at = performance.now()
      document.querySelector<HTMLButtonElement>('.generate button[type=submit]')!.click()
      return at
    })
    const doneAt = await page.evaluate(() => (window as unknown as { done: Promise<number> }).done)
    return doneAt - clickedAt
  } finally {
    await context.close()
  }
}

try {
  const api = `${server.origin}/api`
  const cookie = await visitorCookie(api)
  const client: ClientJob[] = []
  for (let i = 0; i < JOBS; i++) client.push(await clientJob(api, cookie, 31_000 + i, true))
  const scheduled: ClientJob[] = []
  for (let i = 0; i < JOBS; i++) scheduled.push(await clientJob(api, cookie, 51_000 + i, false))
  const concurrent = await concurrentJobs(api, CONCURRENT_JOBS, CONCURRENCY, 61_000)

  const dbPath = join(server.dataDir, 'skins.db')
  const serverMs = readJobRows(dbPath, client.map((c) => c.id)).flatMap((r) => (r.finishedAt ? [r.finishedAt - r.createdAt] : []))
  const concurrentRows = readJobRows(dbPath, concurrent.done.map((j) => j.id))

  const browserMs: number[] = []
  if (BROWSER_RUNS > 0) {
    const browser = await launchChromium()
    try {
      for (let i = 0; i < BROWSER_RUNS; i++) browserMs.push(await browserJob(browser, writeSkinFiles(['bench.png'], 41_000 + i)[0]!))
    } finally {
      await browser.close()
    }
  }
  const ms = client.map((c) => c.ms)
  record('generate', [
    { figure: `generate, API client submit → completed p50 (${JOBS} jobs, as the site: submit wait, long-poll, schedule)`, value: median(ms), unit: 'ms', note: `p95 ${percentile(ms, 0.95).toFixed(0)} ms; polls p50 ${median(client.map((c) => c.polls))}` },
    {
      figure: `generate, API client submit → completed p50 (${JOBS} jobs, no wait, SPEC §9 schedule, as a MineSkin client)`,
      value: median(scheduled.map((c) => c.ms)),
      unit: 'ms',
      note: `p95 ${percentile(scheduled.map((c) => c.ms), 0.95).toFixed(0)} ms; polls p50 ${median(scheduled.map((c) => c.polls))}`,
    },
    { figure: 'generate, server job created → completed p50', value: median(serverMs), unit: 'ms', note: `p95 ${percentile(serverMs, 0.95).toFixed(0)} ms; ${serverMs.length}/${JOBS} jobs` },
    ...concurrentFigures('', concurrent, concurrentRows, 'Bun, in-process queue'),
    ...(browserMs.length
      ? [{ figure: `generate, Chromium click → 'completed' snackbar p50 (${browserMs.length} runs)`, value: median(browserMs), unit: 'ms' as const, budget: { max: 150 }, note: `p95 ${percentile(browserMs, 0.95).toFixed(0)} ms` }]
      : []),
  ])
} finally {
  await server.stop()
}
