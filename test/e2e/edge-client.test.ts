/**
 * Edge behaviour in the browser (docs/architecture.md "Edge behaviour"), real Chromium against the
 * web app served by a Bun server in this process (the built client files, a manifest whose build id
 * the test changes as a deploy would):
 * - build check (SPEC §7): once `/builds/latest.json` names another build, the next navigation —
 *   here a same-document link, the only kind that would stay in the old page — is a full page load;
 *   with the same build it stays in the page;
 * - chunk-load errors (SPEC §8): an island chunk answering 404 reloads the page exactly once;
 * - preloads (SPEC §9): none on a slow connection (a Chromium that reports 2g), and at most five
 *   in flight at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import type { ClientManifest } from '../../src/shared/client-manifest'
import { staticFiles } from '../../src/server/static/static-files'
import { hydrated, launchChromium } from '../support/browser'
import { createTestApp, loadTestManifest } from '../support/web-app'

const DIST = join(import.meta.dir, '../../dist/client')

let browser: Browser
let server: ReturnType<typeof Bun.serve>
let origin: string
const built = loadTestManifest()
/** What the server serves now; a test swaps `buildId` to play a deploy. */
let current: ClientManifest = built

beforeAll(async () => {
  const app = createTestApp({ manifest: async () => current, staticFiles: [staticFiles({ root: DIST }).handler] })
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => app.fetch(request) })
  origin = `http://127.0.0.1:${server.port}`
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  server?.stop(true)
})

/** A fresh context and page; the caller closes the context. */
async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  return { context, page: await context.newPage() }
}

/** Marks the current document, so a full page load (a new document) can be told apart. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 13))
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 13)

describe('build check (SPEC §7)', () => {
  test('after a deploy the next navigation is a full page load of the new build', async () => {
    current = built
    const { context, page } = await open()
    try {
      await page.goto(`${origin}/apikey`)
      await hydrated(page)
      expect(await page.getAttribute('html', 'data-build')).toBe(built.buildId)
      // Untouched, the page has not loaded the check (no JavaScript before interaction for it).
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-build-check'))).toBe(false)
      await mark(page)
      current = { ...built, buildId: 'deployed0013' }
      const asked = page.waitForRequest((r) => /\/builds\/latest\.json\?t=\d+$/.test(r.url()))
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      await asked
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-build-stale'))
      // The skip link only moves focus inside the page; on a stale page it loads the new build.
      const loaded = page.waitForEvent('load')
      await page.keyboard.press('Tab')
      await page.locator('a.skip-link').click()
      await loaded
      expect(await marked(page)).toBe(false)
      expect(new URL(page.url()).hash).toBe('#main')
      expect(await page.getAttribute('html', 'data-build')).toBe('deployed0013')
    } finally {
      current = built
      await context.close()
    }
  }, 60_000)

  test('with the same build, in-page navigation stays in the page', async () => {
    current = built
    const { context, page } = await open()
    try {
      await page.goto(`${origin}/apikey`)
      await hydrated(page)
      await mark(page)
      const answered = page.waitForResponse((r) => r.url().includes('/builds/latest.json?t='))
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      expect(await (await answered).json()).toEqual({ buildId: built.buildId })
      await page.keyboard.press('Tab')
      await page.locator('a.skip-link').click()
      await page.waitForURL(/#main$/)
      expect(await marked(page)).toBe(true)
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-build-stale'))).toBe(false)
    } finally {
      await context.close()
    }
  }, 60_000)
})

describe('chunk-load errors (SPEC §8)', () => {
  test('an island chunk that 404s reloads the page exactly once', async () => {
    const { context, page } = await open()
    try {
      const chunk = built.islands['snackbar-host']!.file
      await page.route(`**${chunk}`, (route) => route.fulfill({ status: 404, body: 'gone' }))
      let loads = 0
      page.on('load', () => loads++)
      let failures = 0
      const twice = new Promise<void>((resolve) =>
        page.on('console', (message) => {
          if (message.text().includes('[island] chunk failed to load') && ++failures === 2) resolve()
        }),
      )
      await page.goto(`${origin}/apikey`)
      await twice
      // The second failure came on the reloaded page, within 10 s of the first: no further reload.
      await page.waitForLoadState('load')
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))
      expect(loads).toBe(2)
      expect(failures).toBe(2)
      const record = await page.evaluate(() => JSON.parse(sessionStorage.getItem('ssg:chunk-reload') ?? 'null') as { path: string; at: number })
      expect(record.path).toBe('/apikey')
    } finally {
      await context.close()
    }
  }, 60_000)
})

describe('preloads (SPEC §9)', () => {
  /**
   * The entry's own preload links. Bun's chunk loader adds `crossorigin` modulepreload links for the
   * static imports of a chunk being imported right now — loads the page needs, not preloads.
   */
  const OWN = 'link[rel="modulepreload"]:not([crossorigin])'

  /** Chunks the entry is told to preload on `path`. */
  const preloadList = async (path: string) => /data-preload="([^"]*)"/.exec(await (await fetch(origin + path)).text())![1]!.split(' ').filter(Boolean)

  test('skipped on a slow connection (Chromium reports 2g); made on a fast one', async () => {
    // A browser of its own that reports 2g: Chromium's --force-effective-connection-type sets what
    // navigator.connection says on every version. CDP network emulation (Network.emulateNetworkConditions
    // with an RTT above 1400 ms) changes effectiveType only from Chromium 156 on; Debian's 150 keeps "4g".
    const slow = await launchChromium(['--force-effective-connection-type=2G'])
    try {
      const page = await (await slow.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
      await page.goto(`${origin}/apikey`)
      await hydrated(page)
      expect(await page.evaluate(() => (navigator as unknown as { connection: { effectiveType: string } }).connection.effectiveType)).toBe('2g')
      expect(await page.locator(OWN).count()).toBe(0)
    } finally {
      await slow.close()
    }
    const { context, page } = await open()
    try {
      await page.goto(`${origin}/apikey`)
      await hydrated(page)
      await page.waitForLoadState('networkidle')
      expect(await page.evaluate(() => (navigator as unknown as { connection: { effectiveType: string } }).connection.effectiveType)).toBe('4g')
      expect(await page.locator(OWN).count()).toBe((await preloadList('/apikey')).length)
    } finally {
      await context.close()
    }
  }, 90_000)

  test('at most five in flight at once; all are made in the end', async () => {
    const names = await preloadList('/apikey')
    expect(names.length).toBeGreaterThan(5)
    const { context, page } = await open()
    try {
      const held: Route[] = []
      let release = false
      await page.route('**/assets/*.js', (route) => {
        const name = new URL(route.request().url()).pathname.split('/').pop()!
        if (release || !names.includes(name)) return route.continue()
        held.push(route)
      })
      await page.goto(`${origin}/apikey`, { waitUntil: 'domcontentloaded' })
      await page.waitForFunction((own) => document.querySelectorAll(own).length >= 5, OWN)
      // Nothing has finished: no sixth preload has been added.
      expect(await page.locator(OWN).count()).toBe(5)
      release = true
      for (const route of held.splice(0)) await route.continue()
      await page.waitForFunction(([own, total]) => document.querySelectorAll(own as string).length === total, [OWN, names.length] as const)
      await hydrated(page)
    } finally {
      await context.close()
    }
  }, 60_000)
})
