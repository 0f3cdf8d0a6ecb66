/**
 * What a readiness check answers (`GET /readyz`, docs/operations.md "Metrics"): ok, or not with the
 * reason in words an operator can act on, and how to bound a check in time so a hung dependency is a
 * failed check rather than a hung probe.
 * @module
 */

/** One check's answer. */
export interface Check {
  ok: boolean
  /** Why it is not ok (the underlying error's own words where there is one). */
  reason?: string
}

/** A passed check. */
export const OK: Check = { ok: true }

/** A failed check with the message of `e`. */
export const failed = (e: unknown): Check => ({ ok: false, reason: e instanceof Error ? e.message : String(e) })

/** Resolves after `ms` (injectable, so tests decide when a check has hung). */
export type Wait = (ms: number) => Promise<void>

/** `run`'s answer, or a failed check once `ms` passed without one; a rejection is a failed check too. */
export async function withDeadline(run: () => Promise<Check>, ms: number, wait?: Wait): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = wait ? wait(ms) : new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  try {
    return await Promise.race([
      run().catch(failed),
      expired.then((): Check => ({ ok: false, reason: `no answer within ${ms} ms` })),
    ])
  } finally {
    if (timer) clearTimeout(timer)
  }
}
