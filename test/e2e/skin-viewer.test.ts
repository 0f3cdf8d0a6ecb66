/**
 * The skin page's 3D viewer in real Chromium against the real Bun server (issue 8 point 1): three.js
 * loads only after the page is interactive and the JavaScript before it stays within the 90 KB budget;
 * the canvas paints the skin with the right arm model; the walk toggle pauses and plays, and starts
 * paused under prefers-reduced-motion; keys turn the player; without WebGL (or without JavaScript) the
 * 2D render stays. Screenshots at 390 px and 1280 px go to /tmp/shots/viewer-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { gzipSync } from 'bun'
import { encode } from 'fast-png'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { startBunServer, type RunningServer } from '../support/bun-server'

let server: RunningServer
let browser: Browser
/** A classic and a slim demo skin (uuids). */
const skins = { classic: '', slim: '' }

const SHOTS = '/tmp/shots'
const VIEWER = 'x-island[data-island="skin-viewer"]'
const CANVAS = '.skin-viewer__canvas'
/** Budget of JavaScript before the viewer starts loading (DESIGN.md §4, issue 8). */
const BUDGET_GZIP = 90 * 1024

beforeAll(async () => {
  // Demo skins are slim with p = 0.35 from an unseeded PRNG: 8 of them lacked a slim one 3 % of the
  // time (a CI run met it); 24 lack one with p = 0.65^24 ≈ 3·10⁻⁵.
  server = await startBunServer({ DEMO_SKINS: '24' })
  browser = await launchChromium()
  mkdirSync(SHOTS, { recursive: true })
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=24`)).json()) as { skins: { uuid: string }[] }
  for (const { uuid } of list.skins) {
    const { skin } = (await (await fetch(`${server.origin}/api/v2/skins/${uuid}`)).json()) as { skin: { variant: string } }
    if (skin.variant === 'slim' && !skins.slim) skins.slim = uuid
    if (skin.variant === 'classic' && !skins.classic) skins.classic = uuid
  }
  if (!skins.slim || !skins.classic) throw new Error(`demo skins lack a variant: ${JSON.stringify(skins)}`)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Opens a skin page in a fresh profile; records when the viewer island hydrated (performance.now()). */
async function openSkin(uuid: string, options: BrowserContextOptions & { noWebgl?: boolean } = {}, prefix = '') {
  const { noWebgl, ...contextOptions } = options
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', ...contextOptions })
  await context.addInitScript(() => {
    new MutationObserver((records, observer) => {
      for (const record of records) {
        const target = record.target as HTMLElement
        if (target.dataset.island === 'skin-viewer' && target.hasAttribute('data-hydrated')) {
          ;(window as unknown as { viewerHydratedAt: number }).viewerHydratedAt = performance.now()
          observer.disconnect()
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
  })
  // A browser without WebGL: every WebGL context request fails, as on a GPU blocklist.
  if (noWebgl)
    await context.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        return /webgl/i.test(type) ? null : (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest)
      } as typeof original
    })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('console', (m) => m.text().includes('[island]') && problems.push(m.text()))
  // What the viewer loads: its chunks, the texture and the 2D render.
  page.on('response', (r) => r.status() >= 400 && /\/(assets|textures|render)\//.test(new URL(r.url()).pathname) && problems.push(`${r.status()} ${r.url()}`))
  await page.goto(`${server.origin}${prefix}/skins/${uuid}`)
  return { context, page, problems }
}

/** Waits for the viewer to settle on `state` ('3d' or 'unavailable'). */
const viewerState = (page: Page, state: string) => page.locator(`${VIEWER} .skin-viewer[data-viewer="${state}"]`).waitFor({ timeout: 30_000 })

/** Share of canvas pixels that are not transparent background. */
const paintedShare = (page: Page) =>
  page.evaluate((selector) => {
    const canvas = document.querySelector<HTMLCanvasElement>(selector)!
    const copy = document.createElement('canvas')
    copy.width = canvas.width
    copy.height = canvas.height
    const g = copy.getContext('2d')!
    g.drawImage(canvas, 0, 0)
    const data = g.getImageData(0, 0, copy.width, copy.height).data
    let painted = 0
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++
    return painted / (data.length / 4)
  }, CANVAS)

/** The canvas as a data URL, after `frames` more animation frames. */
const frame = (page: Page, frames = 8) =>
  page.evaluate(
    async ({ selector, frames }) => {
      for (let i = 0; i < frames; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
      return document.querySelector<HTMLCanvasElement>(selector)!.toDataURL()
    },
    { selector: CANVAS, frames },
  )

/** Waits until the canvas shows something other than `before`. */
const changesFrom = (page: Page, before: string) =>
  page.waitForFunction(({ selector, before }) => document.querySelector<HTMLCanvasElement>(selector)!.toDataURL() !== before, { selector: CANVAS, before }, { timeout: 10_000 })

/** A 64×32 cape texture, cyan where the cape is (its back face included), transparent elsewhere. */
function capePng(): Uint8Array {
  const data = new Uint8Array(64 * 32 * 4)
  for (let y = 0; y < 17; y++) for (let x = 0; x < 22; x++) data.set([0, 255, 255, 255], (y * 64 + x) * 4)
  return encode({ width: 64, height: 32, data, channels: 4, depth: 8 })
}
const CAPE_HASH = 'c'.repeat(64)

/** Adds a cape to the viewer's props on the way from the server (demo skins have none), and serves its texture. */
async function withCape(page: Page) {
  await page.route(/\/skins\/[0-9a-f]{32}$/, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(/(data-island="skin-viewer"[\s\S]*?<\/x-island><script type="x-island\/props">\{)/, `$1"capeUrl":"/textures/${CAPE_HASH}",`)
    await route.fulfill({ response, body: html })
  })
  await page.route(`**/textures/${CAPE_HASH}`, (route) => route.fulfill({ contentType: 'image/png', body: Buffer.from(capePng()) }))
}

/** Pixels of the canvas close to the cape's cyan (lit or shaded). */
const capePixels = (page: Page) =>
  page.evaluate((selector) => {
    const canvas = document.querySelector<HTMLCanvasElement>(selector)!
    const copy = document.createElement('canvas')
    copy.width = canvas.width
    copy.height = canvas.height
    const g = copy.getContext('2d')!
    g.drawImage(canvas, 0, 0)
    const data = g.getImageData(0, 0, copy.width, copy.height).data
    let cyan = 0
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! < 40 && data[i + 1]! > 90 && Math.abs(data[i + 1]! - data[i + 2]!) < 30) cyan++
    return cyan
  }, CANVAS)

const walkButton = (page: Page) => page.getByRole('button', { name: 'Walking animation' })

describe('3D skin viewer (issue 8 point 1)', () => {
  test('three.js loads only after the page is interactive, within the JavaScript budget; the canvas paints the classic model over the render box', async () => {
    const { context, page, problems } = await openSkin(skins.classic)
    const box = await page.locator(`${VIEWER} .skin-viewer__image`).boundingBox()
    await viewerState(page, '3d')
    const timing = await page.evaluate(() => ({
      hydratedAt: (window as unknown as { viewerHydratedAt: number }).viewerHydratedAt,
      loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.endsWith('.js'))
        .map((r) => ({ url: r.name, start: r.startTime })),
    }))
    const scripts = await Promise.all(timing.scripts.map(async (s) => ({ ...s, body: new Uint8Array(await (await fetch(s.url)).arrayBuffer()) })))
    const isThree = (body: Uint8Array) => new TextDecoder().decode(body).includes('WebGLRenderer')
    const three = scripts.filter((s) => isThree(s.body))
    expect(three).toHaveLength(1)
    const threeStart = three[0]!.start
    expect(timing.hydratedAt).toBeGreaterThan(0)
    expect(threeStart).toBeGreaterThan(timing.hydratedAt)
    expect(threeStart).toBeGreaterThanOrEqual(timing.loadEnd)
    const before = scripts.filter((s) => s.start < threeStart)
    const gzip = before.reduce((sum, s) => sum + gzipSync(s.body).length, 0)
    console.log(`[skin-viewer] JS before the viewer: ${(gzip / 1024).toFixed(1)} KB gzip in ${before.length} files; three.js chunk: ${(gzipSync(three[0]!.body).length / 1024).toFixed(1)} KB gzip`)
    expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP)

    // Same box as the 2D render: nothing moved.
    const canvasBox = await page.locator(CANVAS).boundingBox()
    expect(canvasBox).toEqual(box)
    expect(await paintedShare(page)).toBeGreaterThan(0.05)
    await expect(page.locator(CANVAS).getAttribute('data-model')).resolves.toBe('default')
    await expect(page.locator(CANVAS).getAttribute('aria-label')).resolves.toMatch(/^3D view of /)
    expect(problems).toEqual([])
    await context.close()
  }, 60_000)

  test('a slim skin gets the slim model; labels are translated (German)', async () => {
    const { context, page, problems } = await openSkin(skins.slim, { locale: 'de-DE' }, '/de')
    await expect(page.locator(`${VIEWER} .skin-viewer`).getAttribute('data-model')).resolves.toBe('slim')
    await viewerState(page, '3d')
    await expect(page.locator(CANVAS).getAttribute('data-model')).resolves.toBe('slim')
    expect(await paintedShare(page)).toBeGreaterThan(0.05)
    await expect(page.locator(CANVAS).getAttribute('aria-label')).resolves.toMatch(/^3D-Ansicht von /)
    await page.getByRole('toolbar', { name: 'Steuerung der 3D-Ansicht' }).waitFor()
    await expect(page.getByRole('button', { name: 'Laufanimation' }).count()).resolves.toBe(1)
    await expect(page.getByRole('button', { name: 'Vergrößern' }).count()).resolves.toBe(1)
    expect(problems).toEqual([])
    await context.close()
  }, 60_000)

  test('the walk toggle pauses and plays; buttons and keys turn and zoom', async () => {
    const { context, page, problems } = await openSkin(skins.classic, { reducedMotion: 'no-preference' })
    await viewerState(page, '3d')
    await expect(walkButton(page).getAttribute('aria-pressed')).resolves.toBe('true')
    // Walking: the picture keeps changing.
    await changesFrom(page, await frame(page))

    await walkButton(page).click()
    await expect(walkButton(page).getAttribute('aria-pressed')).resolves.toBe('false')
    const still = await frame(page)
    expect(await frame(page, 12)).toBe(still)

    // Keyboard: Enter on the focused toggle plays again.
    await walkButton(page).focus()
    await page.keyboard.press('Enter')
    await expect(walkButton(page).getAttribute('aria-pressed')).resolves.toBe('true')
    await changesFrom(page, await frame(page))
    await page.keyboard.press('Space')
    await expect(walkButton(page).getAttribute('aria-pressed')).resolves.toBe('false')

    // Paused, only the controls move the picture: arrow keys on the canvas, then the zoom button.
    const paused = await frame(page)
    await page.locator(CANVAS).focus()
    await page.keyboard.press('ArrowRight')
    const turned = await frame(page)
    expect(turned).not.toBe(paused)
    await page.getByRole('button', { name: 'Zoom in' }).click()
    expect(await frame(page)).not.toBe(turned)
    await page.getByRole('button', { name: 'Reset view' }).click()
    expect(await frame(page)).toBe(paused)
    expect(problems).toEqual([])
    await context.close()
  }, 60_000)

  test('the cape shows when the skin has one', async () => {
    const backView = async (cape: boolean) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
      const page = await context.newPage()
      if (cape) await withCape(page)
      await page.goto(`${server.origin}/skins/${skins.classic}`)
      await viewerState(page, '3d')
      const loaded = await page.locator(CANVAS).getAttribute('data-cape')
      await page.locator(CANVAS).focus()
      for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight')
      await frame(page)
      const pixels = await capePixels(page)
      if (cape) await page.locator(`${VIEWER} .skin-viewer`).screenshot({ path: `${SHOTS}/viewer-cape-back.png` })
      // No route handler may outlive the page (a late one rejects into the next test).
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await context.close()
      return { loaded, pixels }
    }
    const without = await backView(false)
    const withIt = await backView(true)
    expect(without.loaded).toBe('false')
    expect(withIt.loaded).toBe('true')
    expect(withIt.pixels).toBeGreaterThan(without.pixels + 2000)
  }, 60_000)

  test('with prefers-reduced-motion the walk starts paused', async () => {
    const { context, page } = await openSkin(skins.classic, { reducedMotion: 'reduce' })
    await viewerState(page, '3d')
    await expect(walkButton(page).getAttribute('aria-pressed')).resolves.toBe('false')
    await expect(page.locator(`${VIEWER} .skin-viewer`).getAttribute('data-walking')).resolves.toBe('false')
    const still = await frame(page)
    expect(await frame(page, 12)).toBe(still)
    await context.close()
  }, 60_000)

  test('without WebGL the 2D render stays, and without JavaScript it is the view', async () => {
    const { context, page, problems } = await openSkin(skins.classic, { noWebgl: true })
    await viewerState(page, 'unavailable')
    // The probe runs before the download: three.js is never fetched.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((url) => new URL(url).pathname.endsWith('.js')))
    expect(scripts.length).toBeGreaterThan(0)
    for (const url of scripts) expect(await (await fetch(url)).text()).not.toContain('WebGLRenderer')
    await expect(page.locator(CANVAS).count()).resolves.toBe(0)
    await expect(page.locator(`${VIEWER} .skin-viewer__image`).isVisible()).resolves.toBe(true)
    await expect(walkButton(page).count()).resolves.toBe(0)
    expect(problems).toEqual([])
    await context.close()

    const noJs = await openSkin(skins.slim, { javaScriptEnabled: false })
    const image = noJs.page.locator(`${VIEWER} img.skin-viewer__image`)
    await expect(image.isVisible()).resolves.toBe(true)
    await expect(image.getAttribute('src')).resolves.toMatch(/^\/render\/body\/[0-9a-f]+\?.*slim=true/)
    await expect(image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true)
    await noJs.context.close()
  }, 60_000)

  test('screenshots at 390 px and 1280 px', async () => {
    for (const [variant, uuid] of Object.entries(skins)) {
      for (const width of [390, 1280]) {
        const { context, page } = await openSkin(uuid, { viewport: { width, height: 900 }, reducedMotion: 'reduce' })
        await viewerState(page, '3d')
        await frame(page)
        await page.screenshot({ path: `${SHOTS}/viewer-${variant}-${width}.png` })
        await context.close()
      }
    }
  }, 90_000)
})
