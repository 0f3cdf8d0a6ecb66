/**
 * Checks of a page in Chromium that several walk-throughs make.
 * @module
 */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'

/** Fails when the page is wider than the viewport (something to scroll sideways, at 390 px above all). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }))
  expect(scroll).toBeLessThanOrEqual(width)
}
