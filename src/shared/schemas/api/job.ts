/**
 * Job and queue shapes (reference/mineskin-api.md §1.5 "Responses", "Job object"; §6 Java client).
 * Every time is an epoch-millisecond number.
 * @module
 */
import { z } from 'zod'
import { JOB_WAIT_MAX_MS } from '../../api/job-wait'
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

/**
 * The `wait` parameter, ms (our long-poll extension, docs/api.md; MineSkin has none). Read as
 * MineSkin reads numbers (`z.coerce.number()`, like `size` on the lists): not a number or negative
 * → 400 `validation_error`; a fraction is cut; more than the cap is clamped to it, as
 * `/v2/generate` clamps `timeout`, so a client asking for "as long as you allow" gets the cap
 * instead of an error. Absent or 0: no wait.
 */
const waitParam = (description: string) =>
  z.coerce
    .number()
    .min(0)
    .transform((ms) => Math.min(JOB_WAIT_MAX_MS, Math.trunc(ms)))
    // `prefault`: the default is an input, so the OpenAPI parameter (io 'input') still shows it.
    .prefault(0)
    .meta({ description: `Extension (not in MineSkin). ${description} A fraction is cut; more than ${JOB_WAIT_MAX_MS} counts as ${JOB_WAIT_MAX_MS}; not a number or negative is 400 \`validation_error\`.` })

/**
 * Query of `GET /v2/queue/{id}`: `wait` holds the answer until the job is completed or failed (a
 * long-poll). Other parameters (the site's `t` cache buster) pass.
 */
export const jobQuerySchema = z.object({
  wait: waitParam('Wait up to this many ms for the job to be completed or failed before answering (a long-poll); 0 or absent answers at once.'),
})
/** Job read query. */
export type JobQuery = z.infer<typeof jobQuerySchema>

/**
 * The `wait` of `POST /v2/queue`: a short wait on the submit, for signers that finish in
 * milliseconds. The answer is held only when the job is expected (its `eta`) to finish within
 * `wait`, so a slow signer's job is still answered at once; `checkOnly` is read by the submit itself.
 */
export const queueSubmitQuerySchema = z.object({
  wait: waitParam('When the new job is expected (`eta`) to finish within this many ms, hold the answer until it is completed or failed (then 200 with the job read\'s `skin` or `errors`), at most this long; otherwise, and with 0 or absent, answer at once.'),
})

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
