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
 * 2. Chromium: BENCH_BROWSER_RUNS (5) times, click Generate on `/` with one
 *    file and time it until the 'completed' snackbar is added, in the page (performance.now), so
 *    Playwright's round trips are not counted.
 * One budget: click → 'completed' snackbar ≤ 150 ms p50 with the local signer; the server-side job
 * budget lives in api.bench.ts.
 * Run: `bun test/bench/generate.bench.ts` (or `bun run bench generate`; needs a client build).
 * @module
 */
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { LONG_POLL, pollDelay } from '../../src/shared/skin/job-polling'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer } from '../support/bun-server'
import { paintedSkinPng, writeSkinFiles } from '../support/skin-files'
import { median, percentile, record } from './report'

const JOBS = Number(process.env.BENCH_JOBS ?? 20)
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5)
const server = await startBunServer({ DEMO_SKINS: '0', LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000' })

interface JobAnswer {
  job?: { id: string; status: string; result?: string }
  skin?: { uuid: string }
}

/** One upload as a visitor: submit, then polls until it is completed; `longPoll`: with the site's waits (submit, first poll). */
async function clientJob(cookie: string, seed: number, longPoll: boolean): Promise<{ id: string; ms: number; polls: number }> {
  const form = new FormData()
  form.append('file', new File([paintedSkinPng(seed)], `bench-${seed}.png`, { type: 'image/png' }))
  form.append('visibility', 'public')
  form.append('variant', 'classic')
  const start = performance.now()
  const res = await fetch(`${server.origin}/api/v2/queue${longPoll ? `?wait=${LONG_POLL.submitWaitMs}` : ''}`, { method: 'POST', body: form, headers: { cookie } })
  const answer = (await res.json()) as JobAnswer
  const id = answer.job?.id
  if (!id || res.status >= 300) throw new Error(`queue answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`)
  if (answer.skin) return { id, ms: performance.now() - start, polls: 0 }
  for (let polls = 0; polls < 60; polls++) {
    // Waits like the island does; the count keeps growing here (the island would stop after 6 polls
    // and pick the job up again on the next page load, which would only lengthen these figures).
    const held = longPoll && polls === 0
    if (!held) await Bun.sleep(pollDelay(polls, Math.random))
    const query = `t=${Math.floor(Date.now() / 1000)}${held ? `&wait=${LONG_POLL.waitMs}` : ''}`
    const poll = (await (await fetch(`${server.origin}/api/v2/queue/${id}?${query}`, { headers: { cookie } })).json()) as JobAnswer
    if (poll.job?.status === 'failed') throw new Error(`job ${id} failed`)
    if (poll.job?.status === 'completed' && (poll.job.result || poll.skin)) return { id, ms: performance.now() - start, polls: polls + 1 }
  }
  throw new Error(`job ${id} not completed after 60 polls`)
}

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
  // The visitor's cookie, as the site's first API call gets it.
  const first = await fetch(`${server.origin}/api/v2/queue`)
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const client: { id: string; ms: number; polls: number }[] = []
  for (let i = 0; i < JOBS; i++) client.push(await clientJob(cookie, 31_000 + i, true))
  const scheduled: { id: string; ms: number; polls: number }[] = []
  for (let i = 0; i < JOBS; i++) scheduled.push(await clientJob(cookie, 51_000 + i, false))

  const db = new Database(join(server.dataDir, 'skins.db'), { readonly: true })
  const row = db.query<{ created_at: number; finished_at: number | null }, [string]>('SELECT created_at, finished_at FROM jobs WHERE id = ?')
  const serverMs = client.map((c) => row.get(c.id)).flatMap((r) => (r?.finished_at ? [r.finished_at - r.created_at] : []))
  db.close()

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
    ...(browserMs.length
      ? [{ figure: `generate, Chromium click → 'completed' snackbar p50 (${browserMs.length} runs)`, value: median(browserMs), unit: 'ms' as const, budget: { max: 150 }, note: `p95 ${percentile(browserMs, 0.95).toFixed(0)} ms` }]
      : []),
  ])
} finally {
  await server.stop()
}
