/**
 * Idle-time slicing for work that must never block the page (the anti-bot solve runs in a
 * worker or in idle time). Bun.build does not bundle `new Worker(new URL(…))` chunks (checked with
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

/** Events that show a person is at the page (a fetch-and-render bot sends none of them). */
const ENGAGEMENT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'scroll', 'touchstart'] as const

/**
 * Resolves once the page has loaded, the visitor has interacted with it (moved the pointer, touched,
 * scrolled or pressed a key) and the page has then been idle twice. Work that needs the anti-bot
 * solver, such as counting a view, waits for this: the solver (altcha-lib and the API client) is
 * then never part of the JavaScript a page runs before interaction (DESIGN.md §4), and a view is
 * counted only for a visitor who shows they are there (SPEC §6).
 */
export async function afterEngagement(): Promise<void> {
  if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  await new Promise<void>((resolve) => {
    const done = () => {
      for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, done, true)
      resolve()
    }
    for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, done, { capture: true, passive: true })
  })
  await nextIdle()
  await nextIdle()
}
