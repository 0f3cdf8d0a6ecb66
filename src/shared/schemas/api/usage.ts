/**
 * `usage` of generate answers (reference/mineskin-api.md §1.3 "usage", MineSkin types
 * `src/usage/*.ts`; issue 21 point 2): credits spent by a credit-spending key, and the caller's
 * delay and next allowed request. MineSkin marks `credits` and `metered` deprecated; no payment
 * provider runs here, so `metered` is never sent.
 * @module
 */
import { z } from 'zod'

/** The usage of one generate request. */
export const usageInfoSchema = z.object({
  credits: z.object({ type: z.string().optional(), used: z.number(), remaining: z.number() }).optional(),
  metered: z.object({ used: z.number() }).optional(),
  rate: z
    .object({
      delay: z.number().meta({ description: 'Delay between generate requests of this caller, in ms.' }),
      next: z.number().meta({ description: 'Epoch ms of the next allowed generate request.' }),
    })
    .optional(),
})
/** Usage of a generate answer. */
export type UsageInfo = z.infer<typeof usageInfoSchema>
