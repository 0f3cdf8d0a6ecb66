/**
 * The throttle gate as route handlers use it: the rule sets of each kind of
 * credential form, the gate run with this request's clock, address and proof, and the words and
 * status of a refusal.
 * @module
 */
import type { Context } from 'hono'
import { clientAddress } from '../context'
import type { AccountsEnv } from '../env'
import { guardAttempt, type GateResult, type ThrottleCheck } from './gate'
import { RULES } from './rules'
import { addressSubject, pairSubject } from './subjects'

/** A password check of account `email` (sign-in, current password): per pair, per address, per account. */
export const passwordChecks = (c: Context<AccountsEnv>, email: string): ThrottleCheck[] => {
  const address = clientAddress(c)
  return [
    { rule: RULES.passwordPair, subject: pairSubject(email, address) },
    { rule: RULES.passwordAddress, subject: addressSubject(address) },
    { rule: RULES.passwordAccount, subject: email },
  ]
}

/** One check of `rule` on this request's address (sign-up, reset requests, link uses). */
export const addressCheck = (c: Context<AccountsEnv>, rule: ThrottleCheck['rule']): ThrottleCheck[] => [{ rule, subject: addressSubject(clientAddress(c)) }]

/** Runs the gate for this request; the proof is the form's hidden `proof` field. */
export function gateRequest(c: Context<AccountsEnv>, checks: ThrottleCheck[], form: Record<string, string>): Promise<GateResult> {
  const deps = c.get('deps')
  return guardAttempt({ db: deps.db, now: (deps.now ?? Date.now)(), antibot: deps.antibot }, checks, form.proof || undefined)
}

/** A refused attempt as a page answers it: 429 with `Retry-After` when blocked, 403 when a proof is missing. */
export function refusal(c: Context<AccountsEnv>, result: Exclude<GateResult, { ok: true }>): { status: 403 | 429; message: string } {
  const t = c.get('t')
  if (result.reason === 'proof') return { status: 403, message: t('accounts.errors.proof_needed') }
  c.header('Retry-After', String(result.retryAfterSeconds))
  return { status: 429, message: t('accounts.errors.throttled', { minutes: Math.ceil(result.retryAfterSeconds / 60) }) }
}
