/**
 * The build check (SPEC §7): asks `/builds/latest.json?t=<unix seconds>` whether a
 * newer build is deployed and, once the answer differs from the build this page was rendered with
 * (`<html data-build>`), makes the next navigation a full page load.
 *
 * Every page of this app is a server-rendered document: following a link to another page already is
 * a full page load, and there is no client-side routing (no `history.pushState`, no navigation
 * interception; `replaceState` only records the gallery's scroll page and the chosen command tab).
 * What stays inside the old document are same-document navigations (`#app-drawer`, `#main`, other
 * fragment links): a stale page turns those into a load of the new URL, so the visitor gets the new
 * build's HTML and chunks instead of the old page. Old chunks that a deploy removed are covered by the
 * chunk-load reload (chunk-reload.ts, SPEC §8).
 *
 * Checked when the page becomes visible again and when the pointer or focus reaches a link (just before
 * a navigation), at most once a minute. boot.ts loads this chunk on the first of those events, so a
 * page that is only looked at runs none of it.
 * @module
 */
import { LATEST_BUILD_PATH } from '../shared/build-check'

/** Least time between two checks, ms. */
export const BUILD_CHECK_INTERVAL_MS = 60_000

/** What the check needs; injected in tests. */
export interface BuildCheckDeps {
  /** The build this page was rendered with. */
  pageBuild: string
  /** The deployed build id, or undefined when it could not be read (then nothing changes). */
  latestBuild: () => Promise<string | undefined>
  now: () => number
  /** Called once, when the deployed build first differs from the page's. */
  onStale: () => void
}

/** A throttled checker; `check()` answers whether the page is stale. */
export function createBuildCheck(deps: BuildCheckDeps) {
  let lastAt = -Infinity
  let stale = false
  let running: Promise<boolean> | undefined
  return {
    get stale() {
      return stale
    },
    check(): Promise<boolean> {
      if (stale) return Promise.resolve(true)
      if (running) return running
      const now = deps.now()
      if (now - lastAt < BUILD_CHECK_INTERVAL_MS) return Promise.resolve(false)
      lastAt = now
      running = deps
        .latestBuild()
        .catch(() => undefined)
        .then((latest) => {
          running = undefined
          if (!latest || latest === deps.pageBuild) return false
          stale = true
          deps.onStale()
          return true
        })
      return running
    },
  }
}

/** Reads the deployed build id (a timestamp query so no cache in between answers; SPEC §7). */
export async function fetchLatestBuild(): Promise<string | undefined> {
  const response = await fetch(`${LATEST_BUILD_PATH}?t=${Math.floor(Date.now() / 1000)}`, { cache: 'no-store' })
  if (!response.ok) return undefined
  const body = (await response.json()) as { buildId?: unknown }
  return typeof body.buildId === 'string' && body.buildId ? body.buildId : undefined
}

/** The same-origin link a DOM event came from, if any. */
const linkOf = (event: Event): HTMLAnchorElement | undefined => {
  const link = (event.target as Element | null)?.closest?.('a[href]')
  return link instanceof HTMLAnchorElement && new URL(link.href).origin === location.origin ? link : undefined
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/** Whether following `href` stays in this document (only the fragment differs). */
export const isSameDocument = (href: string, current: string): boolean => {
  const a = new URL(href)
  const b = new URL(current)
  return a.origin === b.origin && a.pathname === b.pathname && a.search === b.search
}

/** Starts the check on this page; does nothing on a page without a build id. */
export function startBuildCheck(): void {
  const pageBuild = document.documentElement.dataset.build
  if (!pageBuild) return
  const checker = createBuildCheck({
    pageBuild,
    latestBuild: fetchLatestBuild,
    now: () => Date.now(),
    // Marked on the document so boot.ts and tests can see it without importing this chunk.
    onStale: () => (document.documentElement.dataset.buildStale = ''),
  })
  const check = () => void checker.check()
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check())
  window.addEventListener('pageshow', (event) => event.persisted && check())
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) document.addEventListener(type, (event) => linkOf(event) && check(), { capture: true, passive: true })
  // Capture phase: before the drawer's or any island's own handler keeps the navigation in the page.
  document.addEventListener(
    'click',
    (event) => {
      if (!checker.stale || event.defaultPrevented || !isPlainClick(event)) return
      const link = linkOf(event)
      if (!link || link.target || link.hasAttribute('download') || !isSameDocument(link.href, location.href)) return
      event.preventDefault()
      event.stopImmediatePropagation()
      // The fragment is kept: a reload of `#app-drawer` opens the drawer on the new page.
      history.replaceState(history.state, '', link.href)
      location.reload()
    },
    true,
  )
  // Marks the check as listening (tests wait for it), then checks at once: what loaded this chunk
  // (boot.ts) was itself a sign of a coming navigation.
  document.documentElement.dataset.buildCheck = ''
  check()
}
