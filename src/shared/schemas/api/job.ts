/**
 * Job and queue shapes (reference/mineskin-api.md §1.5 "Responses", "Job object"; §6 Java client).
 * Every time is an epoch-millisecond number.
 * @module
 */
import { z } from 'zod'
import { envelopeSchema, JOB_ID } from './common'
import { rateLimitInfoSchema } from './rate-limit'
import { skinInfoSchema } from './skin'

/** Job statuses (SPEC §3) plus `unknown` for a missing job (reference §1.5). */
export const jobStatusSchema = z.enum(['waiting', 'processing', 'completed', 'failed', 'unknown'])
/** Job status. */
export type JobStatus = z.infer<typeof jobStatusSchema>

/** The job object. */
export const jobInfoSchema = z.object({
  id: z.string().regex(JOB_ID),
  status: jobStatusSchema,
  /** Creation time, epoch ms. */
  timestamp: z.number(),
  /** Expected completion, epoch ms. */
  eta: z.number().optional(),
  /** Skin uuid once completed. */
  result: z.string().optional(),
})
/** Job object. */
export type JobInfo = z.infer<typeof jobInfoSchema>

/** `POST /v2/queue` answer (202 queued, or 200 with `skin` when an existing skin matched). */
export const queueResponseSchema = envelopeSchema.extend({
  job: jobInfoSchema,
  skin: skinInfoSchema.optional(),
  rateLimit: rateLimitInfoSchema.optional(),
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
  rateLimit: rateLimitInfoSchema.optional(),
})
/** Generate answer. */
export type GenerateResponse = z.infer<typeof generateResponseSchema>
