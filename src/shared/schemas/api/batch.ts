/**
 * `POST /v2/queue/batch` shapes (reference/mineskin-api.md §1.1: grant `batch_generation`, 1–24
 * url/user items, 202 `{batch:[{success, job?, skin?, errors?}], rateLimit, usage}`).
 * Each item is a `/v2/queue` JSON body; each result stands for the item at the same index.
 * @module
 */
import { z } from 'zod'
import { codeAndMessageSchema, envelopeSchema } from './common'
import { jsonGenerateBodySchema } from './generate'
import { usageInfoSchema } from './usage'
import { jobInfoSchema } from './job-info'
import { rateLimitInfoSchema } from './rate-limit'
import { skinInfoSchema } from './skin'

/** Most items of one batch (reference §1.1). */
export const MAX_BATCH_ITEMS = 24

/**
 * `POST /v2/queue/batch` body: `batch`, 1–24 JSON generate bodies (`{url | user, name?, visibility?,
 * variant?, cape?}`), as MineSkin's published OpenAPI names it (`BatchGenerateBody`).
 */
export const queueBatchRequestSchema = z.object({
  batch: z.array(jsonGenerateBodySchema).min(1).max(MAX_BATCH_ITEMS),
})
/** Batch request body. */
export type QueueBatchRequest = z.infer<typeof queueBatchRequestSchema>

/**
 * The result of one batch item: `success` with its `job` (plus `skin` when an existing skin matched,
 * like `POST /v2/queue`'s 200), or `success: false` with the item's own `errors`.
 */
export const queueBatchItemResultSchema = z.object({
  success: z.boolean(),
  job: z.optional(jobInfoSchema),
  skin: skinInfoSchema.optional(),
  messages: z.array(codeAndMessageSchema).optional(),
  errors: z.array(codeAndMessageSchema).optional(),
})
/** One batch item result. */
export type QueueBatchItemResult = z.infer<typeof queueBatchItemResultSchema>

/** `usage` of generate answers (./usage.ts). */
export const queueBatchUsageSchema = usageInfoSchema

/** `POST /v2/queue/batch` 202 answer: one result per item, in request order. */
export const queueBatchResponseSchema = envelopeSchema.extend({
  batch: z.array(queueBatchItemResultSchema),
  rateLimit: rateLimitInfoSchema,
  usage: queueBatchUsageSchema.optional(),
})
/** Batch answer. */
export type QueueBatchResponse = z.infer<typeof queueBatchResponseSchema>
