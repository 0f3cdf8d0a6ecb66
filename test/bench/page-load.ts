/**
 * One cold page load in Chromium, measured from outside: a fresh browser context
 * (own HTTP cache, own sockets) with the cache disabled too, optional CPU throttling and network
 * emulation over CDP, then the page is left alone until it has been quiet (no request in flight, no
 * long task) for `quietMs`. Collected: every request with its decoded and transferred bytes (CDP
 * Network events; script bodies are read back to gzip them and to tell the 3D viewer apart), FCP,
 * LCP (PerformanceObserver 'largest-contentful-paint', buffered), TBT (long tasks observed from the
 * document's start: the part of each over 50 ms after FCP, up to the end of the quiet window), and
 * console errors and failed requests.
 * @module
 */
import { gzipSync } from 'bun'
import type { Browser } from 'playwright-core'

/** CPU and network conditions of a load. */
export interface LoadProfile {
  name: string
  cpu: number
  /** Network.emulateNetworkConditions: bytes per second and round-trip ms. */
  network?: { downloadBps: number; uploadBps: number; latencyMs: number }
  /** The window's size (Playwright's default, 1280×720, when absent). */
  viewport?: { width: number; height: number }
}

/** What one cold load measured (bytes, ms). */
export interface LoadResult {
  requests: number
  htmlRaw: number
  htmlTransferred: number
  jsRaw: number
  jsGzip: number
  jsTransferred: number
  viewerRaw: number
  viewerGzip: number
  fcp: number
  lcp: number
  /** The largest paint's element (`tag.class`, or the image's file name): what LCP waited for. */
  lcpElement: string
  /** Total blocking time: every long task after FCP, the 3D viewer's included. */
  tbt: number
  errors: string[]
  /** Every script loaded, with its gzip size and whether it is (part of) the 3D viewer. */
  scripts: { url: string; gzip: number; viewer: boolean }[]
}

interface Req {
  url: string
  type: string
  status?: number
  decoded: number
  transferred: number
  done: boolean
  failed?: string
}

/** A script that is (part of) the 3D viewer: three.js / skinview3d are the only code that makes a WebGL renderer. */
const isViewer = (body: string) => body.includes('WebGLRenderer')

/** Installed before any page script: long tasks must be observed as they happen. */
const OBSERVE = () => {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] }
  w.__longTasks = []
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // No longtask support: TBT reads as 0 and the bench says so through a missing FCP/LCP.
  }
}

/** Loads `url` cold under `profile` and measures it. */
export async function coldLoad(browser: Browser, url: string, profile: LoadProfile, quietMs: number, maxWaitMs = 30_000): Promise<LoadResult> {
  const context = await browser.newContext(profile.viewport ? { viewport: profile.viewport } : {})
  try {
    await context.addInitScript(OBSERVE)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const reqs = new Map<string, Req>()
    const errors: string[] = []
    let lastNetwork = performance.now()
    /** Script bodies read as they finish, to spot the viewer while the page is still running. */
    const viewerUrls = new Set<string>()
    const bodies = new Map<string, Promise<Buffer | null>>()
    const touch = () => (lastNetwork = performance.now())
    cdp.on('Network.requestWillBeSent', (e) => {
      touch()
      if (e.request.url.startsWith('data:')) return
      // A redirect reuses the request id: the new hop replaces the old one, so count it apart.
      const previous = reqs.get(e.requestId)
      if (previous && e.redirectResponse) reqs.set(`${e.requestId}:${reqs.size}`, { ...previous, done: true })
      reqs.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', decoded: 0, transferred: 0, done: false })
    })
    cdp.on('Network.responseReceived', (e) => {
      touch()
      const r = reqs.get(e.requestId)
      if (r) {
        r.status = e.response.status
        r.type = e.type
      }
    })
    cdp.on('Network.dataReceived', (e) => {
      touch()
      const r = reqs.get(e.requestId)
      if (r) r.decoded += e.dataLength
    })
    cdp.on('Network.loadingFinished', (e) => {
      touch()
      const r = reqs.get(e.requestId)
      if (r) {
        r.transferred = e.encodedDataLength
        r.done = true
        if (r.type === 'Script')
          bodies.set(
            e.requestId,
            cdp
              .send('Network.getResponseBody', { requestId: e.requestId })
              .then(({ body, base64Encoded }) => {
                const bytes = base64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8')
                if (isViewer(bytes.toString('utf8'))) viewerUrls.add(r.url)
                return bytes
              })
              .catch(() => null),
          )
      }
    })
    cdp.on('Network.loadingFailed', (e) => {
      touch()
      const r = reqs.get(e.requestId)
      if (r) {
        r.done = true
        r.failed = e.errorText
      }
    })
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text().slice(0, 200)}`)
    })
    page.on('pageerror', (e) => errors.push(`page error: ${e.message.slice(0, 200)}`))
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu })
    if (profile.network)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.network.latencyMs,
        downloadThroughput: profile.network.downloadBps,
        uploadThroughput: profile.network.uploadBps,
      })

    await page.goto(url, { waitUntil: 'load', timeout: maxWaitMs })
    // Quiet window: nothing in flight, no network event and no long task for quietMs. Once the 3D
    // viewer runs, its frames may be long tasks for ever under software WebGL (headless, no GPU):
    // from then on only the network has to be quiet; its blocking time is reported apart.
    const deadline = performance.now() + maxWaitMs
    for (;;) {
      const { longTaskEnd, now } = await page.evaluate(() => {
        const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
        const last = tasks.at(-1)
        return { longTaskEnd: last ? last.start + last.duration : 0, now: performance.now() }
      })
      const inFlight = [...reqs.values()].some((r) => !r.done)
      const quietFor = Math.min(performance.now() - lastNetwork, now - longTaskEnd)
      const networkQuiet = performance.now() - lastNetwork
      if ((!inFlight && (quietFor >= quietMs || (viewerUrls.size > 0 && networkQuiet >= quietMs))) || performance.now() > deadline) break
      await page.waitForTimeout(Math.max(50, Math.min(250, quietMs - quietFor)))
    }

    await Promise.all(bodies.values())
    const timings = await page.evaluate(
      (viewer) =>
        new Promise<{ fcp: number; lcp: number; lcpElement: string; viewerAt: number; tasks: { start: number; duration: number }[] }>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
          const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
          const starts = viewer.map((url) => performance.getEntriesByName(url)[0]?.startTime ?? Infinity)
          const viewerAt = Math.min(Infinity, ...starts)
          const finish = (lcp: number, lcpElement = '') => resolve({ fcp, lcp, lcpElement, viewerAt, tasks })
          // The buffered LCP entries arrive in the first callback; the last one is the largest.
          const timer = setTimeout(() => finish(NaN), 1000)
          new PerformanceObserver((list) => {
            clearTimeout(timer)
            const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null; url?: string }) | undefined
            const element = last?.element
            const name = last?.url ? last.url.slice(last.url.lastIndexOf('/') + 1, last.url.lastIndexOf('/') + 13) : ''
            finish(last?.startTime ?? NaN, element ? `${element.tagName.toLowerCase()}${element.classList[0] ? `.${element.classList[0]}` : ''}${name ? ` ${name}` : ''}` : '')
          }).observe({ type: 'largest-contentful-paint', buffered: true })
        }),
      [...viewerUrls],
    )
    // Lighthouse's rule: the part of a long task after FCP, less 50 ms; every task counts, the 3D viewer's too.
    const blocking = (t: { start: number; duration: number }) => Math.max(0, t.start + t.duration - Math.max(t.start, timings.fcp) - 50)
    const tbt = timings.tasks.reduce((sum, t) => sum + blocking(t), 0)

    const all = [...reqs.entries()]
    for (const [, r] of all) {
      if (r.failed && r.failed !== 'net::ERR_ABORTED') errors.push(`failed: ${r.url} ${r.failed}`)
      else if (r.status !== undefined && r.status >= 400) errors.push(`HTTP ${r.status}: ${r.url}`)
    }
    const doc = all.find(([, r]) => r.type === 'Document' && r.url.startsWith(url.split('#')[0]!))?.[1] ?? all.find(([, r]) => r.type === 'Document')?.[1]
    const result: LoadResult = {
      requests: all.length,
      htmlRaw: doc?.decoded ?? NaN,
      htmlTransferred: doc?.transferred ?? NaN,
      jsRaw: 0,
      jsGzip: 0,
      jsTransferred: 0,
      viewerRaw: 0,
      viewerGzip: 0,
      fcp: timings.fcp,
      lcp: timings.lcp,
      lcpElement: timings.lcpElement,
      tbt,
      errors,
      scripts: [],
    }
    for (const [id, r] of all) {
      if (r.type !== 'Script' || !r.done || r.failed) continue
      const bytes = await bodies.get(id)
      if (!bytes) continue
      const gz = gzipSync(new Uint8Array(bytes)).length
      result.scripts.push({ url: r.url, gzip: gz, viewer: viewerUrls.has(r.url) })
      if (viewerUrls.has(r.url)) {
        result.viewerRaw += bytes.length
        result.viewerGzip += gz
      } else {
        result.jsRaw += bytes.length
        result.jsGzip += gz
        result.jsTransferred += r.transferred
      }
    }
    return result
  } finally {
    await context.close()
  }
}
