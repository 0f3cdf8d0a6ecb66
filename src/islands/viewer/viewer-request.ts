/**
 * When the 3D viewer starts: only when the visitor asks for it — the "View in 3D" button on
 * the render, or a drag on the render — never on idle time, hover or focus, so a skin page that is
 * only looked at runs none of the viewer's code and never downloads three.js. Either request marks the
 * island `data-requested` (the attribute the stylesheet shows the loading state by and the island
 * reads when it hydrates). A click on the button is marked by the client entry (`client.ts`, any
 * `[data-wake]` control), which runs before this module has loaded, so an early click is not lost.
 * With Save-Data nothing changes: nothing is fetched before the visitor asks.
 * @module
 */

/** Marks an island whose visitor asked for it; set once, never removed. */
export const REQUESTED_ATTRIBUTE = 'data-requested'

/** How far (CSS px) a press on the render has to move to count as a drag (a click or a tap does not). */
export const DRAG_THRESHOLD_PX = 6

/** True once the visitor has asked for the viewer in `island`. */
export const isRequested = (island: Element | null | undefined): boolean => !!island?.hasAttribute(REQUESTED_ATTRIBUTE)

/**
 * Calls `onRequest` once the viewer in `island` is asked for: at once when it already was (a click
 * before this ran), when the button marks it, or on a drag that starts on the render.
 */
export function whenViewerRequested(island: HTMLElement, onRequest: () => void): void {
  if (isRequested(island)) return onRequest()
  let press: { id: number; x: number; y: number } | null = null
  const onDown = (event: PointerEvent) => {
    // The render's box (its stage lies over the image), not the button.
    const onRender = event.target instanceof Element && !event.target.closest('button')
    press = onRender && event.isPrimary && event.button === 0 ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null
  }
  const onMove = (event: PointerEvent) => {
    if (press?.id !== event.pointerId || Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD_PX) return
    island.setAttribute(REQUESTED_ATTRIBUTE, '')
  }
  const onEnd = () => {
    press = null
  }
  const observer = new MutationObserver(() => {
    if (!isRequested(island)) return
    observer.disconnect()
    island.removeEventListener('pointerdown', onDown)
    window.removeEventListener('pointermove', onMove)
    window.removeEventListener('pointerup', onEnd)
    window.removeEventListener('pointercancel', onEnd)
    onRequest()
  })
  observer.observe(island, { attributes: true, attributeFilter: [REQUESTED_ATTRIBUTE] })
  island.addEventListener('pointerdown', onDown, { passive: true })
  // On the window: a fast drag soon leaves the render's box.
  window.addEventListener('pointermove', onMove, { passive: true })
  window.addEventListener('pointerup', onEnd, { passive: true })
  window.addEventListener('pointercancel', onEnd, { passive: true })
}
