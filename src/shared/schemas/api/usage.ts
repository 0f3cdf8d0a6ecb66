/**
 * `usage` of generate answers (reference/mineskin-api.md §1.3 "usage", MineSkin types
 * `src/usage/*.ts`): credits spent by a credit-spending key, and the caller's
 * delay and next allowed request. MineSkin marks `credits` and `metered` deprecated; no payment
 * provider runs here, so `metered` is never sent.
 * @module
 */
import { z } from 'zod'
import { envelopeSchema } from './common'

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

/**
 * `GET /v2/usage` (MineSkin `routes/v2/usage.ts`, `models/v2/usage.ts`): the signed-in user's credits
 * (`remaining` = balance of the credits that count now, `used` = what was spent of them) and the
 * caller's delay and next allowed generate request.
 */
export const usageResponseSchema = envelopeSchema.extend({
  usage: z.object({
    credits: z.object({ used: z.number().int(), remaining: z.number().int() }),
    rate: usageInfoSchema.shape.rate.unwrap(),
  }),
})
/** Usage answer. */
export type UsageResponse = z.infer<typeof usageResponseSchema>
