/**
 * Debian's Chromium through playwright-core (reference/stack.md §6.5): never downloads a browser.
 * @module
 */
import { chromium, type Browser, type Page } from 'playwright-core'

/** Flags that keep Chromium off the network it cannot reach here (reference/stack.md §6.5). */
export const CHROMIUM_ARGS = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

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

/** Launches headless Chromium from /usr/bin/chromium (or CHROMIUM_PATH). */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  dropLateEvents(browser)
  return browser
}

/** Waits until every island that hydrates on load has hydrated and the client has started (deferred ones, marked `data-defer`, hydrate when needed). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('x-island:not([data-defer])')].every((el) => el.hasAttribute('data-hydrated')) && document.documentElement.hasAttribute('data-client-started'))
