/**
 * Closing a browser context only once its page is quiet. Closing a context mid-request lets a late
 * response event reach Playwright after its context is gone ("Object with guid response@… was not
 * bound", "Cannot find parent object request@…"), which fails whichever test runs next.
 * `networkidle` alone is not enough once islands fetch their strings after idle time or on a hover.
 * @module
 */
import type { BrowserContext, Page } from 'playwright-core'

/** Requests of each tracked page still in flight, counted from {@link trackRequests}. */
const inFlight = new WeakMap<Page, Set<unknown>>()

/** Starts counting `page`'s requests in flight; call it before the page's first navigation. */
export function trackRequests(page: Page): Page {
  const open = new Set<unknown>()
  inFlight.set(page, open)
  page.on('request', (r) => open.add(r))
  page.on('requestfinished', (r) => open.delete(r))
  page.on('requestfailed', (r) => open.delete(r))
  return page
}

/** A new page of `context` whose requests are tracked. */
export const trackedPage = async (context: BrowserContext) => trackRequests(await context.newPage())

/** Closes `context` (or a page) once `page` has had no request in flight for 300 ms, or after 10 s. */
export async function closeQuietly(context: BrowserContext | Page, page: Page): Promise<void> {
  const open = inFlight.get(page) ?? new Set()
  const deadline = Date.now() + 10_000
  let quietSince = open.size === 0 ? Date.now() : Infinity
  while (Date.now() < deadline && !(open.size === 0 && Date.now() - quietSince >= 300)) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (open.size > 0) quietSince = Infinity
    else if (quietSince === Infinity) quietSince = Date.now()
  }
  await context.close()
}
