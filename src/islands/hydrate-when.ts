/**
 * Islands that wait for a signal before they load and hydrate (Astro's `client:` directives are the
 * model): until then the server's HTML stands, which works without JavaScript. The right drawer is
 * closed on every page load, so its code loads when it is first opened — or when the pointer or focus
 * reaches a control that opens it, which makes the first open feel immediate — instead of with every
 * page (DESIGN.md §4: JavaScript before interaction).
 * @module
 */
import { $drawerOpen } from '../shared/stores/drawer'
import type { IslandName } from './registry'
import { whenViewerRequested } from './viewer/viewer-request'

/** Calls `start` once the island is needed. */
type Trigger = (start: () => void) => void

/** Starts `start` when the drawer opens (store, or a followed `#app-drawer` link) or an opener is approached. */
const whenDrawerNeeded: Trigger = (start) => {
  if (location.hash === '#app-drawer' || $drawerOpen.get()) return start()
  const events = ['pointerover', 'focusin', 'touchstart', 'hashchange'] as const
  const go = (event?: Event) => {
    const near = event?.type === 'hashchange' ? location.hash === '#app-drawer' : !event || (event.target instanceof Element && event.target.closest('[data-drawer-opener]'))
    if (!near) return
    stop()
    for (const type of events) window.removeEventListener(type, go, true)
    start()
  }
  const stop = $drawerOpen.listen((open) => open && go())
  for (const type of events) window.addEventListener(type, go, { capture: true, passive: true })
}

/**
 * Starts `start` after the page has loaded and been idle twice: for an island that is not what the
 * visitor came for but has work on every visit (the skin page's community bar counts the view),
 * or whose strings would weigh on the page (the owner's edit dialogs: HTML ≤ 30 KB a page).
 * It loads outside the JavaScript budget before interaction (DESIGN.md §4); its server HTML
 * stands until then.
 */
const whenLoadedAndIdle: Trigger = (start) => {
  const idle = (then: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then, 200))
  const go = () => idle(() => idle(start))
  if (document.readyState === 'complete') go()
  else window.addEventListener('load', go, { once: true })
}

/**
 * Starts `start` once the visitor has scrolled and the island's own spot is within a screen height of
 * the viewport (the gallery's infinite scroll). Waiting for a scroll keeps its code out of a
 * page load that never scrolls — the grid's end is near on a tall window — so it is not JavaScript run
 * before interaction (DESIGN.md §4); the Next link stands until then and works without it.
 */
const whenNear =
  (name: IslandName): Trigger =>
  (start) => {
    // x-island is `display: contents` (no box of its own): watch what it rendered.
    const spot = document.querySelector(`x-island[data-island="${name}"]`)?.firstElementChild
    if (!spot || typeof IntersectionObserver !== 'function') return start()
    let near = false
    let scrolled = false
    const go = () => {
      if (!near || !scrolled) return
      observer.disconnect()
      start()
    }
    const observer = new IntersectionObserver(
      (entries) => {
        near = entries.some((e) => e.isIntersecting)
        go()
      },
      { rootMargin: '0px 0px 100% 0px' },
    )
    observer.observe(spot)
    window.addEventListener(
      'scroll',
      () => {
        scrolled = true
        go()
      },
      { once: true, passive: true },
    )
  }

/**
 * Starts the skin page's 3D viewer when the visitor asks for the 3D view (its button or a
 * drag on the render, `viewer/viewer-request.ts`). Until then its server HTML — the 2D render and the
 * button — is the view, and none of its code runs.
 */
const whenViewerAsked: Trigger = (start) => {
  const island = document.querySelector<HTMLElement>('x-island[data-island="skin-viewer"]')
  if (!island) return start()
  whenViewerRequested(island, start)
}

/** Islands with a trigger; every other island hydrates as soon as the page has loaded. */
export const hydrateWhen: Partial<Record<IslandName, Trigger>> = {
  'gallery-scroll': whenNear('gallery-scroll'),
  'app-drawer': whenDrawerNeeded,
  'skin-community': whenLoadedAndIdle,
  'skin-owner': whenLoadedAndIdle,
  'skin-viewer': whenViewerAsked,
}
