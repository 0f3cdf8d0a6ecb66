/**
 * The one client entry (reference/stack.md §1.5), kept tiny on purpose: a module
 * script runs once the document is parsed, which on a fast connection is before the first frame, so
 * evaluating React and hydrating here would hold the first paint back. This entry only marks the
 * client as started and loads the client proper (`boot.ts`, preloaded by the server) after the first
 * frame has been produced.
 * @module
 */
import { reloadAfterChunkError } from './chunk-reload'
import { inBatches, isSlowConnection, type ConnectionInfo } from './preload-policy'

/**
 * Calls `then` once the current frame has been painted: a `requestAnimationFrame` callback runs just
 * before the frame is drawn, a task queued from it runs after. A hidden page draws no frames, so it
 * starts at once.
 */
function afterFirstPaint(then: () => void) {
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return void setTimeout(then, 0)
  requestAnimationFrame(() => setTimeout(then, 0))
}

/**
 * Preloads the chunks the server listed on this script (`data-preload`, island-scripts.tsx): the
 * client proper and the islands that hydrate on load, all run before interaction. Added from here,
 * once the parser has requested the stylesheet and images, so they never queue ahead of them; each
 * link carries the script's CSP nonce. None on a slow connection, at most five
 * at once (SPEC §9; preload-policy.ts).
 */
function preloadChunks() {
  if (isSlowConnection((navigator as { connection?: ConnectionInfo }).connection)) return
  const script = document.querySelector<HTMLScriptElement>('script[data-preload]')
  inBatches(script?.dataset.preload?.split(' ').filter(Boolean) ?? [], (name, done) => {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = new URL(name, import.meta.url).href
    link.nonce = script!.nonce
    link.onload = link.onerror = done
    document.head.append(link)
  })
}

preloadChunks()
// The My Skins tab and other client-only parts show once the client has started (SPEC §2); set
// before the first frame so they do not shift the page after it.
document.documentElement.dataset.clientStarted = ''
// A click on a control that wakes a deferred island (`data-wake`: the skin page's "View in 3D") marks
// its island as asked for, from here because this runs before the client proper: a click while that
// is still loading starts the island once its trigger runs (hydrate-when.ts).
document.addEventListener('click', (event) => (event.target as Element).closest?.('[data-wake]')?.closest('x-island')?.setAttribute('data-requested', ''), true)
afterFirstPaint(() => void import('./boot').catch(reloadAfterChunkError))
