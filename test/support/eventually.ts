/**
 * Waiting for a condition the way tests should (never a fixed sleep): poll it, give up at a
 * deadline with a message that says what did not happen.
 * @module
 */

/**
 * Resolves once `holds()` is true; throws `${what} within ${timeoutMs} ms` at the deadline (`what` may
 * be a function, to describe the state at that moment, e.g. a server's output so far).
 */
export async function eventually(holds: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 5000, intervalMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`${typeof what === 'function' ? what() : what} within ${timeoutMs} ms`)
    await Bun.sleep(intervalMs)
  }
}
