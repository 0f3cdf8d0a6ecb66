/**
 * Debian's Chromium through playwright-core (reference/stack.md §6.5): never downloads a browser.
 * @module
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/**
 * The features Playwright disables itself (playwright-core's chromiumSwitches.ts). Chromium reads only
 * the last `--disable-features` of its command line, so ours repeats them;
 * test/e2e/chromium-flags.test.ts fails when Playwright's own list has one that this one lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * Chrome's own interface that headless Chromium 156 still builds, hidden, for every new page: the
 * omnibox popup (two `chrome://omnibox-popup.top-chrome` pages, each in a renderer of its own) and
 * the WebUI toolbar parts. A test page never shows them; they cost 0.3–0.7 core-seconds per page
 * and more during every navigation (measured with per-process CPU times), the largest single share
 * of the browser tests' CPU after the pages themselves.
 */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI', 'WebUIReloadButton']

/** Flags that keep Chromium off the network it cannot reach here (reference/stack.md §6.5) and without the hidden interface above. */
export const CHROMIUM_ARGS = [
  '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
]

/** What Playwright's client throws for a message about an object it has already let go of. */
const LATE_EVENT = /was not bound in the connection|^Error: Cannot find object to "|^Error: Cannot find parent object /

/**
 * Playwright's client throws when an event arrives for an object it has already disposed: a request
 * of a context that was just closed ("Object with guid request@… was not bound in the connection"), a
 * message on a closed pipe ("Cannot find object to \"message\""). The throw happens where the client
 * reads its connection, outside any call, so bun:test pins it on whichever test runs next (three clean-clone runs
 * of the skin viewer test failed so). Such an event is about something no test holds any more: it is
 * dropped. Replies to calls (messages with an `id`) are left alone, so a real error still surfaces.
 */
function dropLateEvents(browser: Browser): void {
  const connection = (browser as unknown as { _connection: object })._connection
  const proto = Object.getPrototypeOf(connection) as { dispatch(message: { id?: number }): void; lateEventsDropped?: true }
  if (proto.lateEventsDropped) return
  const dispatch = proto.dispatch
  proto.dispatch = function (this: unknown, message: { id?: number }) {
    try {
      dispatch.call(this, message)
    } catch (error) {
      if (message.id === undefined && LATE_EVENT.test(String(error))) return
      throw error
    }
  }
  proto.lateEventsDropped = true
}

/** Launches headless Chromium from /usr/bin/chromium (or CHROMIUM_PATH), with `extraArgs` after ours. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] })
  dropLateEvents(browser)
  return browser
}

/** Waits until every island that hydrates on load has hydrated and the client has started (deferred ones, marked `data-defer`, hydrate when needed). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('x-island:not([data-defer])')].every((el) => el.hasAttribute('data-hydrated')) && document.documentElement.hasAttribute('data-client-started'))

/**
 * Waits until every finite CSS animation and transition has finished (a drawer that slides in stands
 * still) before a screenshot, instead of a fixed pause; endless ones (a progress stripe) are ignored.
 */
export const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity))

/** Makes `context` a browser without WebGL: every WebGL context request fails, as on a GPU blocklist. */
export const withoutWebgl = (context: BrowserContext) =>
  context.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      return /webgl/i.test(type) ? null : (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest)
    } as typeof original
  })
