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

/** Waits until every island that hydrates on load has hydrated and the client has started (deferred ones, marked `data-defer`, hydrate when needed). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('x-island:not([data-defer])')].every((el) => el.hasAttribute('data-hydrated')) && document.documentElement.hasAttribute('data-client-started'))
