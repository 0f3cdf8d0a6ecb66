/**
 * The queues' default pause (src/api/jobs/queue/job-queue.ts, src/api/cloudflare/queues-job-queue.ts):
 * resolves after `ms`, or at once when `signal` aborts, clearing its timer, so a waiter that settled
 * early or whose client went away (a `?wait=` long-poll) leaves no timer behind. On Bun the timer is
 * unref'd: a pending deadline must not keep the process alive (Workers' timers have no `unref`).
 * @module
 */

/** Resolves after `ms`, or when `signal` aborts. */
export function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    ;(timer as { unref?: () => void }).unref?.()
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}
