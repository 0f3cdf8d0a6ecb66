/**
 * The job drawer follows unfinished jobs over the API's event stream (docs/api.md "Job events") in
 * real Chromium: a job queued from the form completes on the page through `/api/v2/queue/events`,
 * with no long-poll of the job; where the API refuses the stream (the API Worker's 501) the page falls
 * back to long-polling and the job completes all the same. The web app and the embedded API run in
 * this process (as src/server/bun.ts wires them), so the test decides when the queue runs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { startTestApi, type TestApi } from '../../src/api/testing/api-harness'
import type { Backend } from '../../src/server/app-options'
import { servedAnswer } from '../../src/server/static/served-answer'
import { staticFiles } from '../../src/server/static/static-files'
import { hydrated, launchChromium } from '../support/browser'
import { writeSkinFiles } from '../support/skin-files'
import { createTestApp } from '../support/web-app'

const DIST = join(import.meta.dir, '../../dist/client')
let browser: Browser
let cleanup: (() => Promise<void>)[] = []

beforeAll(async () => {
  browser = await launchChromium()
}, 60_000)
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c()
})

/** The site on a test API whose queue waits for the test; `refuseStream` answers the stream as the API Worker does. */
async function site(refuseStream: boolean): Promise<{ origin: string; t: TestApi }> {
  const t = await startTestApi({ noStart: true, env: { LIMIT_ANONYMOUS_PER_MINUTE: '500', LIMIT_ANONYMOUS_PER_HOUR: '5000' } })
  cleanup.push(() => t.close())
  // The page drops jobs older than two days by its own clock: the API's must be today.
  t.clock.now = Date.now()
  const api: Backend = {
    inProcess: true,
    fetch: (request) =>
      refuseStream && new URL(request.url).pathname === '/v2/queue/events'
        ? Promise.resolve(Response.json({ success: false, errors: [{ code: 'events_unavailable', message: 'not here' }] }, { status: 501 }))
        : t.api.fetch(request),
  }
  const statics = staticFiles({ root: DIST, dev: false })
  const app = createTestApp({ api, staticFiles: [statics.handler] })
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => servedAnswer(request, { fetch: (r) => app.fetch(r), isStatic: (p) => statics.has(p) }) })
  cleanup.push(async () => void server.stop(true))
  return { origin: `http://127.0.0.1:${server.port}`, t }
}

/** Queues one upload from the home page's form and lets the queue run once the page follows the job; returns the API paths the page asked. */
async function generateOne(origin: string, t: TestApi, followed: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  cleanup.push(() => context.close())
  const page = await context.newPage()
  const asked: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/v2/queue')) asked.push(`${r.method()} ${url.pathname}${url.search}`)
  })
  await page.goto(origin + '/')
  await hydrated(page)
  await page.locator('input[type=file]').setInputFiles(writeSkinFiles(['streamed.png'], 9601))
  const following = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith(followed), { timeout: 20_000 })
  await page.getByRole('button', { name: 'Generate', exact: true }).click()
  await following
  // On a loaded machine the stream's request can still be on its way: start the queue once the server
  // holds the stream (or, where the stream is refused, once the page long-polls).
  for (let i = 0; i < 400 && followed.endsWith('/events') && t.api.services.events!.hub!.open() === 0; i++) await Bun.sleep(25)
  // The page follows the waiting job now: let the queue run it.
  await t.api.start()
  await page.locator('.generate__jobs .job-item--completed').first().waitFor({ timeout: 20_000 })
  return asked
}

describe('the job drawer and the event stream', () => {
  test('a job completes on the page through the event stream, without a long-poll', async () => {
    const { origin, t } = await site(false)
    const asked = await generateOne(origin, t, '/api/v2/queue/events')
    expect(asked).toContain('GET /api/v2/queue/events')
    expect(asked.filter((a) => /^GET \/api\/v2\/queue\/[0-9a-f]{24}\?.*wait=/.test(a))).toEqual([])
  })

  test('where the stream is refused, the page long-polls the job and it completes all the same', async () => {
    const { origin, t } = await site(true)
    const asked = await generateOne(origin, t, '/api/v2/queue/')
    expect(asked).toContain('GET /api/v2/queue/events')
    expect(asked.filter((a) => /^GET \/api\/v2\/queue\/[0-9a-f]{24}\?.*wait=/.test(a)).length).toBeGreaterThan(0)
  })
})
