/**
 * `rateLimit` of generate/queue responses (reference/mineskin-api.md §1.3 "rateLimit"). The Java
 * client crashes when `next` is missing (§6), so it is required here.
 * @module
 */
import { z } from 'zod'

const windowSchema = z.object({
  used: z.number(),
  limit: z.number(),
  remaining: z.number(),
  /** Epoch seconds at which the window resets. */
  reset: z.number(),
})

/** Rate-limit information returned by `/v2/generate` and `/v2/queue`. */
export const rateLimitInfoSchema = z.object({
  next: z.object({ absolute: z.number(), relative: z.number() }),
  delay: z.object({ millis: z.number(), seconds: z.number() }),
  limit: windowSchema.extend({ minute: windowSchema, hour: windowSchema }),
})
/** Rate-limit information. */
export type RateLimitInfo = z.infer<typeof rateLimitInfoSchema>
