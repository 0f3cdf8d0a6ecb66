/**
 * When the 3D viewer may start loading (issue 8: three.js loads only after the page is interactive,
 * DESIGN.md §4): once the page has loaded and the browser is idle — or at once when the visitor
 * reaches for the viewer (pointer, touch or keyboard focus), since then they are waiting for it. With
 * Save-Data on, only reaching for it starts the download.
 * @module
 */

/** Longest wait for an idle moment after `load`, so a busy page still gets its viewer. */
const IDLE_TIMEOUT_MS = 2000

/** Calls `start` once, after load and idle or on the first interaction with `element`; returns a cancel function. */
export function startWhenIdle(element: HTMLElement, start: () => void): () => void {
  let done = false
  let idle: (() => void) | undefined
  const events = ['pointerenter', 'touchstart', 'focusin'] as const
  const go = () => {
    if (done) return
    cancel()
    done = true
    start()
  }
  const onLoad = () => {
    // Safari has no requestIdleCallback: a short timeout after load stands in for it.
    if (typeof window.requestIdleCallback === 'function') {
      const id = requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS })
      idle = () => cancelIdleCallback(id)
    } else {
      const id = setTimeout(go, 200)
      idle = () => clearTimeout(id)
    }
  }
  const cancel = () => {
    done = true
    window.removeEventListener('load', onLoad)
    for (const type of events) element.removeEventListener(type, go)
    idle?.()
  }
  for (const type of events) element.addEventListener(type, go, { passive: true })
  // A visitor who asked to save data downloads three.js only by reaching for the viewer.
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return cancel
  if (document.readyState === 'complete') onLoad()
  else window.addEventListener('load', onLoad, { once: true })
  return cancel
}
