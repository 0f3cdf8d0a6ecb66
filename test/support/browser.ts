/**
 * Debian's Chromium through playwright-core (reference/stack.md §6.5): never downloads a browser.
 * @module
 */
import { chromium, type Browser, type Page } from 'playwright-core'

/** Flags that keep Chromium off the network it cannot reach here (reference/stack.md §6.5). */
export const CHROMIUM_ARGS = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** Launches headless Chromium from /usr/bin/chromium (or CHROMIUM_PATH). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/** Waits until every island on the page has hydrated and the client has started. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('x-island')].every((el) => el.hasAttribute('data-hydrated')) && document.documentElement.hasAttribute('data-client-started'))
