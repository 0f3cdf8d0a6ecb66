/**
 * The Worker invocation being served, for code that was built once per isolate and origin
 * (./per-origin-builds.ts) and so cannot be handed it as an argument: the API Worker runs each
 * request (and each queue batch) inside {@link inInvocation}, and the job queue reads the request's
 * `waitUntil` through {@link currentInvocation} when a submit announces a job (docs/cloudflare.md
 * "A job starts at once"). AsyncLocalStorage (node:async_hooks, with the Worker's `nodejs_compat`)
 * follows every await of the invocation, and only of it.
 *
 * The scope object is also the invocation's identity: work of one invocation may wait on a promise of
 * the same invocation, never on another's (a Worker may not await one request's I/O from another; the
 * generator's wait for a texture being signed elsewhere polls instead, src/api/jobs/generate/generator.ts).
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks'

/** What an invocation offers the code it runs. */
export interface Invocation {
  /** Keeps the invocation alive until `promise` settles (a request's `ctx.waitUntil`); absent for queue batches. */
  waitUntil?: (promise: Promise<unknown>) => void
}

const storage = new AsyncLocalStorage<Invocation>()

/** Runs `fn` as `invocation`: everything it awaits sees that invocation. */
export function inInvocation<T>(invocation: Invocation, fn: () => T): T {
  return storage.run(invocation, fn)
}

/** The invocation being served, or undefined outside one. */
export function currentInvocation(): Invocation | undefined {
  return storage.getStore()
}
