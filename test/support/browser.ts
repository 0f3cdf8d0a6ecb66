/**
 * Debian's Chromium through playwright-core (reference/stack.md §6.5): never downloads a browser.
 * @module
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type Page } from 'playwright-core'

/** Flags that keep Chromium off the network it cannot reach here (reference/stack.md §6.5). */
export const CHROMIUM_ARGS = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** Launches headless Chromium from /usr/bin/chromium (or CHROMIUM_PATH). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/** Starts headless Chromium as a server that {@link isolatedContext} connects to (one connection per context). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/**
 * A browser context on a connection of its own to `server`; `close()` ends the connection with it.
 * On one shared connection, an event a closed context still sends (a request finishing after the
 * close) reaches Playwright's client for an object it has dropped and throws "Object with guid
 * request@… was not bound in the connection" into whichever test runs next (two CI runs of the skin
 * viewer test). A closed connection ignores whatever still arrives on it.
 */
export async function isolatedContext(server: BrowserServer, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const browser = await chromium.connect(server.wsEndpoint())
  const context = await browser.newContext(options)
  return { context, close: () => browser.close() }
}

/** Waits until every island that hydrates on load has hydrated and the client has started (deferred ones, marked `data-defer`, hydrate when needed). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('x-island:not([data-defer])')].every((el) => el.hasAttribute('data-hydrated')) && document.documentElement.hasAttribute('data-client-started'))
