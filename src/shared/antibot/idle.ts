/**
 * Idle-time slicing for work that must never block the page (issue 8: the anti-bot solve runs "in a
 * worker or idle time"). Bun.build does not bundle `new Worker(new URL(…))` chunks (checked with
 * Bun 1.4: the worker URL is left pointing at the `.ts` source), so the solver runs on the main
 * thread in short slices, each started by `requestIdleCallback` (a timer where that is missing).
 * @module
 */

/** Longest stretch of work between two yields, ms (well under the 50 ms of a long task). */
export const SLICE_MS = 8

/**
 * Longest wait for an idle period, ms: a page that is never idle (the 3D viewer animates every frame)
 * still gets a slice of work done this often.
 */
export const IDLE_TIMEOUT_MS = 100

/** Longest slice taken from a generous idle period, ms (an idle period lasts at most 50 ms). */
export const MAX_SLICE_MS = 40

/**
 * Resolves in the browser's next idle period (or on the next timer tick) with how long the work
 * may run: what the idle period has left, at least `SLICE_MS` (also when it came by timeout).
 */
export function nextIdle(): Promise<number> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback((deadline) => resolve(Math.min(MAX_SLICE_MS, Math.max(SLICE_MS, deadline.timeRemaining()))), { timeout: IDLE_TIMEOUT_MS })
    } else setTimeout(() => resolve(SLICE_MS), 0)
  })
}

/**
 * A yielder for a loop: call it before each step; once the current slice has used its time it
 * waits for the next idle period, whose length sets the next slice.
 */
export function createYielder(now: () => number = () => performance.now()): () => Promise<void> {
  let sliceEnd = now() + SLICE_MS
  return async () => {
    if (now() < sliceEnd) return
    const budget = await nextIdle()
    sliceEnd = now() + budget
  }
}

/**
 * Resolves once the page has loaded and then been idle twice: later than anything the page starts
 * at "load, then idle" (the 3D viewer), so background work such as counting a view never competes
 * with what the visitor came for, nor counts toward the JavaScript loaded before it (DESIGN.md §4).
 */
export async function afterLoadAndIdle(): Promise<void> {
  if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  await nextIdle()
  await nextIdle()
}
