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

/** Islands with a trigger; every other island hydrates as soon as the page has loaded. */
export const hydrateWhen: Partial<Record<IslandName, Trigger>> = { 'app-drawer': whenDrawerNeeded }
