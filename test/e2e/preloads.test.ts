/**
 * No page preloads more JavaScript than it runs before interaction, and an anonymous page load is
 * clean. In real Chromium against the real Bun server, for `/`, `/skins`, a skin page, `/my-skins`
 * and a German page: every JavaScript file the page preloads (modulepreload links, script src) is one
 * it fetched and ran after the load event and two idle periods with no input; no request fails and
 * nothing is logged as an error. Prints the JS and LCP figures.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { gzipSync } from 'bun'
import type { Browser, Page } from 'playwright-core'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'

let server: RunningServer
let browser: Browser
let skinPath: string

beforeAll(async () => {
  server = await startBunServer({ DEMO_SKINS: '3' })
  browser = await launchChromium()
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=1`)).json()) as { skins: { uuid: string }[] }
  skinPath = `/skins/${list.skins[0]!.uuid}`
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** V8's precise coverage entry of one script: a function's first range counts its calls. */
interface ScriptCoverage {
  url: string
  functions: { ranges: { startOffset: number; count: number }[] }[]
}

/**
 * What an anonymous load of `path` declared (modulepreload links, script src) and executed, after the
 * load event, hydration and two idle periods, with no input. "Executed" is V8's own record: the
 * module's top-level code (the function at offset 0) ran at least once — a preloaded module is
 * fetched and compiled but only runs when something imports it.
 */
async function load(path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  const page = await context.newPage()
  const problems: string[] = []
  const gzip = new Map<string, number>()
  /** The 3D viewer's chunk (three.js): it loads only when asked for, so none here; reported apart if it ever did. */
  const viewer = new Set<string>()
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().includes('[island]')) problems.push(`console ${m.type()}: ${m.text()} (${m.location().url})`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`))
  page.on('response', async (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`)
    // The body of a late response may be gone once the context closes: its size is then not counted.
    if (r.request().resourceType() !== 'script') return
    const body = new Uint8Array(await r.body().catch(() => Buffer.alloc(0)))
    gzip.set(r.url(), gzipSync(body).length)
    if (new TextDecoder().decode(body).includes('WebGLRenderer')) viewer.add(r.url())
  })
  await page.addInitScript(() => {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => ((window as unknown as { lcp: number }).lcp = e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
  await page.goto(server.origin + path, { waitUntil: 'load' })
  await hydrated(page)
  // What starts on its own after load (the community bar) has been imported and run.
  await idleTwice(page)
  await page.waitForLoadState('networkidle')
  await idleTwice(page)
  const declared = await page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
    ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
  ])
  const lcp = await page.evaluate(() => (window as unknown as { lcp: number }).lcp)
  const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as { result: ScriptCoverage[] }
  const executed = new Set(result.filter((s) => s.functions.some((f) => f.ranges[0]?.startOffset === 0 && f.ranges[0].count > 0)).map((s) => s.url))
  await context.close()
  return { declared: new Set(declared), executed, gzip, viewer, lcp, problems }
}

/** Waits for two idle periods of the page's main thread (what "load, then idle" islands wait for, hydrate-when.ts). */
const idleTwice = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 3000 }), { timeout: 3000 })))

describe('what a page preloads, it runs before interaction', () => {
  const pages = () => ['/', '/skins', skinPath, '/my-skins', `/de${skinPath}`]

  test('every preloaded or script-loaded JS file is fetched and run before any input; no failing request or console error', async () => {
    for (const path of pages()) {
      const { declared, executed, gzip, viewer, lcp, problems } = await load(path)
      expect(declared.size, path).toBeGreaterThan(1)
      for (const url of declared) expect(executed.has(url), `${path}: ${url} is preloaded but did not run before interaction`).toBe(true)
      expect(problems, path).toEqual([])
      const kb = (urls: string[]) => (urls.reduce((sum, url) => sum + (gzip.get(url) ?? 0), 0) / 1024).toFixed(1)
      const run = [...executed].filter((url) => url.endsWith('.js'))
      const before = run.filter((url) => !viewer.has(url))
      console.log(`[preloads] ${path.padEnd(46)} ${declared.size} declared; ${before.length} JS files run before interaction, ${kb(before)} KB gzip (+ 3D viewer ${kb(run.filter((url) => viewer.has(url)))} KB); LCP ${lcp.toFixed(0)} ms`)
    }
  }, 120_000)
})
