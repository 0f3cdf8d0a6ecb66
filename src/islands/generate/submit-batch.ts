/**
 * Sends the generate form's URLs or players as one batch (`POST /v2/queue/batch`)
 * when the caller holds the grant `batch_generation`: up to 24 items per call, in form order. Each
 * accepted item joins the queue store like a single `/v2/queue` answer (a duplicate arrives completed
 * and is announced), each refused one keeps its own error beside its field. A storage refusal of the
 * whole batch (507 `storage_full`, 429 `storage_quota`) puts its reason beside
 * each of its items; another 429 stops the run and remembers when the visitor may try again; a 403
 * (the grant is gone) falls back to one call per item.
 * Loaded when the visitor submits.
 * @module
 */
import * as z from 'zod/mini'
import { ApiCallError } from '../../shared/api/api-call-error'
import { codeMessageSchema } from '../../shared/api/envelope'
import { STORAGE_REFUSALS, storageRefusalText } from '../../shared/api/storage-codes'
import { entryFromQueueAnswer, queueAnswerSchema, type GenerateItem, type GenerateOptions } from '../../shared/api/generate-api'
import { jobFinished } from '../../shared/skin/job-polling'
import { rememberRateLimit, rememberRetryAt } from '../../shared/stores/generate-limits'
import { putQueueEntry } from '../../shared/stores/queue'
import { announceJob } from '../job-announce'
import { BATCH_SIZE } from '../../shared/stores/generate-limits'
import { retryAtOf, submitItems, type PlannedItem, type SubmitDeps, type SubmitResult } from './submit'

/** The parts of a batch answer the browser reads (full schema: `queueBatchResponseSchema`). */
const batchAnswerSchema = z.object({
  batch: z.array(
    z.object({
      success: z.boolean(),
      job: z.optional(queueAnswerSchema.shape.job),
      skin: queueAnswerSchema.shape.skin,
      errors: z.optional(z.array(codeMessageSchema)),
    }),
  ),
  rateLimit: queueAnswerSchema.shape.rateLimit,
})

/** The JSON item of a URL or player. */
function itemBody(item: GenerateItem, options: GenerateOptions): Record<string, string> {
  const body: Record<string, string> = { visibility: options.visibility, variant: options.variant }
  if (options.name) body.name = options.name
  if (item.type === 'url') {
    if (options.cape) body.cape = options.cape
    body.url = item.url
  } else if (item.type === 'user') body.user = item.user
  return body
}

/** Sends `items` in batches of at most 24. */
export async function submitBatch(items: PlannedItem[], options: GenerateOptions, deps: SubmitDeps): Promise<SubmitResult> {
  let queued = 0
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    const chunk = items.slice(start, start + BATCH_SIZE)
    let answer: z.infer<typeof batchAnswerSchema> | null
    try {
      answer = await deps.api.call('/v2/queue/batch', batchAnswerSchema, {
        method: 'POST',
        body: { batch: chunk.map((p) => itemBody(p.item, options)) },
        silent: true,
      })
    } catch (error) {
      if (error instanceof ApiCallError && STORAGE_REFUSALS.has(error.code)) {
        const reason = storageRefusalText(error.code, deps.i18n.t) ?? error.message
        for (const planned of chunk) deps.onRefused(planned.key, reason)
        continue
      }
      if (error instanceof ApiCallError && error.status === 429) {
        const retryAt = retryAtOf(error, deps.now())
        rememberRetryAt(retryAt)
        return { queued, retryAt }
      }
      if (error instanceof ApiCallError && error.status === 403 && error.code === 'insufficient_grants') {
        const rest = await submitItems(items.slice(start), options, deps)
        return { ...rest, queued: queued + rest.queued }
      }
      throw error
    }
    if (!answer) throw new Error('The API sent an empty answer')
    if (answer.rateLimit) rememberRateLimit(answer.rateLimit)
    chunk.forEach((planned, i) => {
      const result = answer.batch[i]
      if (result?.success && result.job) {
        const entry = entryFromQueueAnswer({ job: result.job, skin: result.skin }, planned.source)
        putQueueEntry(entry)
        if (jobFinished(entry)) announceJob(entry, deps.i18n)
        deps.onQueued(planned.key)
        queued++
      } else deps.onRefused(planned.key, result?.errors?.[0]?.message ?? 'The item was not queued')
    })
  }
  return { queued }
}
