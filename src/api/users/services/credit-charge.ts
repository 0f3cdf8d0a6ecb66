/**
 * Credits spent by generation (reference §1.8 `useCredits`): a request through a
 * key that opts in takes one credit from its owner's ledger before the job is accepted; with none
 * left it is refused with 429 `insufficient_credits` and nothing is queued. A request that creates
 * no job (`checkOnly`) or fails gets its credit back. Crossing the low-balance mark creates one
 * notification.
 * @module
 */
import { eq } from 'drizzle-orm'
import { ApiError } from '../../errors'
import type { Identity } from '../identity'
import type { Db } from '../../store/db'
import { apiKeys } from '../../store/schema'
import { createCreditLedger } from './credits'
import { createNotification } from './notifications'

/** The balance at or below which the owner is told credits run low: 10, or 10 % when more. */
export const lowCreditMark = (total: number): number => Math.max(10, Math.floor(total / 10))

/** A credit taken for one request. */
export interface CreditHold {
  rowId: string
  /** Credits left after this one (`usage.credits.remaining` of the answer). */
  remaining: number
}

/** Creates the charger used by the generate/queue routes. */
export function createCreditCharger(db: Db, now: () => number) {
  const ledger = createCreditLedger(db)
  return {
    /** Takes one credit when the caller's key spends credits; null when it does not. Throws when empty. */
    async charge(who: Identity): Promise<CreditHold | null> {
      if (!who.apiKeyId || !who.userId) return null
      const key = await db.select({ useCredits: apiKeys.useCredits }).from(apiKeys).where(eq(apiKeys.id, who.apiKeyId)).get()
      if (!key?.useCredits) return null
      const t = now()
      const spent = await ledger.spend(who.userId, t)
      if (!spent) throw new ApiError('insufficient_credits', 'No credits left for this API key; add credits or turn off "use credits"', 429)
      const mark = lowCreditMark(spent.total)
      if (spent.after === 0 || (spent.before > mark && spent.after <= mark)) {
        await createNotification(db, {
          userId: who.userId,
          title: spent.after === 0 ? 'Credits used up' : 'Credits running low',
          message:
            spent.after === 0
              ? 'Your API key spent your last credit; generation with credits is refused until you get more.'
              : `${spent.after} of ${spent.total} credits left.`,
          level: spent.after === 0 ? 'error' : 'warning',
          links: [{ title: 'Credits', url: '/accounts/credits' }],
          now: t,
        })
      }
      return { rowId: spent.rowId, remaining: spent.after }
    },
    /** Gives the credit back (the request created no job). */
    async refund(hold: CreditHold | null): Promise<void> {
      if (hold) await ledger.refund(hold.rowId)
    },
  }
}
