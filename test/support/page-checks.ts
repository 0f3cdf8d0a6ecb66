/**
 * Checks of a page in Chromium that several walk-throughs make.
 * @module
 */
import { expect } from 'bun:test'
import type { Locator, Page } from 'playwright-core'

/** Fails when the page is wider than the viewport (something to scroll sideways, at 390 px above all). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }))
  expect(scroll).toBeLessThanOrEqual(width)
}

/** Share of the pixels of the canvas `selector` that are not transparent background. */
export const canvasPaintedShare = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const canvas = document.querySelector<HTMLCanvasElement>(sel)!
    const copy = document.createElement('canvas')
    copy.width = canvas.width
    copy.height = canvas.height
    const g = copy.getContext('2d')!
    g.drawImage(canvas, 0, 0)
    const data = g.getImageData(0, 0, copy.width, copy.height).data
    let painted = 0
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++
    return painted / (data.length / 4)
  }, selector)

/**
 * {@link canvasPaintedShare} once it passes `least`, read again each animation frame until then or the
 * deadline: software WebGL may take a few frames (and a preserved-drawing-buffer flip) to show a drawing.
 */
export async function canvasPaintedSoon(page: Page, selector: string, least: number, deadlineMs = 10_000): Promise<number> {
  const end = Date.now() + deadlineMs
  for (;;) {
    const share = await canvasPaintedShare(page, selector)
    if (share > least || Date.now() > end) return share
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  }
}

/**
 * Clicks `link` until the page reaches a URL matching `url` (three tries, 10 s each). A list that
 * re-renders its items as jobs finish (the generate page's job list) can swap the anchor between
 * Playwright's hit test and its click, which then lands on nothing; a visitor clicks again, and so does this.
 */
export async function followLink(page: Page, link: Locator, url: RegExp): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await Promise.all([page.waitForURL(url, { timeout: 10_000 }), link.click({ timeout: 10_000 })])
      return
    } catch (e) {
      if (url.test(page.url())) return
      if (attempt === 3) throw e
    }
  }
}

