/**
 * `rateLimit` of generate/queue responses (reference/mineskin-api.md §1.3 "rateLimit"). The Java
 * client crashes when `next` is missing (§6), so it is required here. zod/mini: the generate form
 * reads it in the browser ("N more this minute").
 * @module
 */
import * as z from 'zod/mini'

/** One rate-limit window. */
export const rateLimitWindowSchema = z.object({
  used: z.number(),
  limit: z.number(),
  remaining: z.number(),
  /** Epoch seconds at which the window resets. */
  reset: z.number(),
})
/** One rate-limit window. */
export type RateLimitWindow = z.infer<typeof rateLimitWindowSchema>

/** Rate-limit information returned by `/v2/generate` and `/v2/queue`. */
export const rateLimitInfoSchema = z.object({
  next: z.object({ absolute: z.number(), relative: z.number() }),
  delay: z.object({ millis: z.number(), seconds: z.number() }),
  limit: z.extend(rateLimitWindowSchema, { minute: rateLimitWindowSchema, hour: rateLimitWindowSchema }),
})
/** Rate-limit information. */
export type RateLimitInfo = z.infer<typeof rateLimitInfoSchema>
