/**
 * A signing account's status in plain English for `bun run pool -- list` (the account manager and the
 * console show the translated words from locales/*): what happened, never a raw code — "needs sign-in"
 * only for refused credentials, "resting after N errors" / "out of rotation after N errors" with the
 * reason otherwise (docs/signing.md "Account status").
 * @module
 */
import { ACCOUNT_ERROR_MESSAGES, isAccountErrorCode } from '../signer/account-errors'
import { SIGN_IN_ERROR_MESSAGES } from './microsoft/errors'
import type { PoolAccountView, PoolErrorReason } from './pool-views'

/** The English reason of a stored error code. */
export function reasonWords(reason: PoolErrorReason): string {
  return isAccountErrorCode(reason) ? ACCOUNT_ERROR_MESSAGES[reason] : SIGN_IN_ERROR_MESSAGES[reason].replace(/\.$/, '')
}

const errors = (n: number) => `${n} ${n === 1 ? 'error' : 'errors'}`

/** "ready", "paused", "resting after 2 errors (until in 10 min): Mojang rate limited the skin change", … */
export function statusWords(a: Pick<PoolAccountView, 'status' | 'errorCount' | 'errorReason' | 'coolingDownUntil'>, until: (ms: number) => string): string {
  const reason = a.errorReason ? `: ${reasonWords(a.errorReason)}` : ''
  switch (a.status) {
    case 'needs_sign_in':
      return `needs sign-in${reason}`
    case 'out_of_rotation':
      return `out of rotation after ${errors(a.errorCount)}${reason}`
    case 'cooling_down':
      return `resting${a.errorCount > 0 ? ` after ${errors(a.errorCount)}` : ''}${a.coolingDownUntil ? ` (until ${until(a.coolingDownUntil)})` : ''}${reason}`
    default:
      return a.status
  }
}
