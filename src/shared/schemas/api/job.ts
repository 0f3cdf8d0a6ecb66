/**
 * Job and queue shapes (reference/mineskin-api.md §1.5 "Responses", "Job object"; §6 Java client).
 * Every time is an epoch-millisecond number.
 * @module
 */
import { z } from 'zod'
import { envelopeSchema } from './common'
import { jobInfoSchema } from './job-info'
import { rateLimitInfoSchema } from './rate-limit'
import { skinInfoSchema } from './skin'
import { usageInfoSchema } from './usage'

export { jobInfoSchema, jobStatusSchema, type JobInfo, type JobStatus } from './job-info'

/** `POST /v2/queue` answer (202 queued, or 200 with `skin` when an existing skin matched). */
export const queueResponseSchema = envelopeSchema.extend({
  job: jobInfoSchema,
  skin: skinInfoSchema.optional(),
  rateLimit: z.optional(rateLimitInfoSchema),
})
/** Queue submit answer. */
export type QueueResponse = z.infer<typeof queueResponseSchema>

/** `GET /v2/queue/{id}` answer. */
export const jobResponseSchema = envelopeSchema.extend({
  job: jobInfoSchema,
  skin: skinInfoSchema.optional(),
})
/** Job answer. */
export type JobResponse = z.infer<typeof jobResponseSchema>

/** `GET /v2/queue` answer: the caller's jobs of the last 3 hours. */
export const jobListResponseSchema = envelopeSchema.extend({ jobs: z.array(jobInfoSchema) })
/** Job list answer. */
export type JobListResponse = z.infer<typeof jobListResponseSchema>

/** `POST /v2/generate` answer. */
export const generateResponseSchema = envelopeSchema.extend({
  skin: skinInfoSchema,
  rateLimit: z.optional(rateLimitInfoSchema),
  /** Present when a job ran for this request (not for an existing skin), like MineSkin's. */
  usage: usageInfoSchema.optional(),
})
/** Generate answer. */
export type GenerateResponse = z.infer<typeof generateResponseSchema>
