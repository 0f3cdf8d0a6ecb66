/**
 * One gate for every credential form: sign-in, sign-up, current-password
 * checks, reset requests and mailed links all pass their rules here before any secret is checked.
 * Each rule's attempt is reserved atomically (counter.ts); a blocked key refuses the attempt with the
 * time to wait, and a key past its `proofAfter` asks for an anti-bot proof (the altcha proof of work
 * the form's script solves, src/islands/accounts/proof-form.ts), so a distributed guesser pays for
 * every try while the owner is never locked out.
 * @module
 */
import type { AntiBotVerifier } from '../../api/antibot/verifier'
import type { Db } from '../../api/store/db'
import { clear, release, reserve } from './counter'
import type { ThrottleRule } from './rules'

/** One rule applied to one subject (an e-mail address, a client address, or both). */
export interface ThrottleCheck {
  rule: ThrottleRule
  subject: string
}

/** An attempt that may go ahead: report how it ended. */
export interface AllowedAttempt {
  ok: true
  /** The secret was right: the reservations are taken back (pair runs forgotten). */
  succeeded(): Promise<void>
  /** Nothing was checked after all (e.g. the form was incomplete): the reservations are taken back. */
  abandon(): Promise<void>
}

/** What the gate decided. */
export type GateResult = AllowedAttempt | { ok: false; reason: 'blocked'; retryAfterSeconds: number } | { ok: false; reason: 'proof' }

/** What the gate needs. */
export interface GateDeps {
  db: Db
  now: number
  antibot: AntiBotVerifier
}

/** Reserves one attempt under every check; see the module comment. `proof` is the form's anti-bot proof, if any. */
export async function guardAttempt(deps: GateDeps, checks: ThrottleCheck[], proof: string | undefined): Promise<GateResult> {
  const reserved: ThrottleCheck[] = []
  const undo = async () => {
    for (const check of reserved) await release(deps.db, check.rule, check.subject)
  }
  let proofNeeded = false
  for (const check of checks) {
    const r = await reserve(deps.db, check.rule, check.subject, deps.now)
    if (!r.ok) {
      await undo()
      return { ok: false, reason: 'blocked', retryAfterSeconds: Math.max(1, Math.ceil((r.retryAt - deps.now) / 1000)) }
    }
    reserved.push(check)
    if (r.count > check.rule.proofAfter) proofNeeded = true
  }
  // A proof is spent only when it is needed, so the one a form solved ahead stays good otherwise.
  if (proofNeeded && !(await deps.antibot.verify(proof)).ok) {
    await undo()
    return { ok: false, reason: 'proof' }
  }
  return {
    ok: true,
    async succeeded() {
      for (const check of reserved) await (check.rule.clearOnSuccess ? clear : release)(deps.db, check.rule, check.subject)
    },
    abandon: undo,
  }
}
