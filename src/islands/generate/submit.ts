/**
 * Sends the generate form's items (SPEC §7 `POST /v2/queue`, one call per item, in order): each
 * queued job joins the queue store — a duplicate, or a job finished within the submit's short wait
 * (`LONG_POLL.submitWaitMs`), arrives finished and is announced at once — and the
 * answer's `rateLimit` is remembered for "N more this minute". A 429 `job_limit` or
 * `concurrency_limit` (too many of the visitor's jobs pending) waits and tries the item again; a
 * storage refusal (507 `storage_full`, 429 `storage_quota`) refuses the item with its reason
 * and goes on, as images already stored still go through; any other 429 stops the run and remembers
 * when the visitor may try again (`Retry-After`). Loaded when the visitor submits.
 * @module
 */
import { ApiCallError } from '../../shared/api/api-call-error'
import { STORAGE_REFUSALS, storageRefusalText } from '../../shared/api/storage-codes'
import type { ApiClient } from '../../shared/api/client'
import { entryFromQueueAnswer, queueJob, type GenerateItem, type GenerateOptions } from '../../shared/api/generate-api'
import type { I18nValue } from '../../shared/i18n/context'
import { jobFinished, LONG_POLL } from '../../shared/skin/job-polling'
import { rememberRateLimit, rememberRetryAt } from '../../shared/stores/generate-limits'
import { putQueueEntry, type JobSource } from '../../shared/stores/queue'
import { announceJob } from '../job-announce'

/** One item of the form, ready to send. */
export interface PlannedItem {
  /** The form's key of the item (file key, or the URL / player value). */
  key: string
  item: GenerateItem
  source: JobSource
}

/** What a run needs; injected so tests need no browser and no waiting. */
export interface SubmitDeps {
  api: ApiClient
  i18n: I18nValue
  now(): number
  wait(ms: number): Promise<void>
  /** The item was queued: the form lets go of it. */
  onQueued(key: string): void
  /** The server refused the item: the form shows `message` beside it. */
  onRefused(key: string, message: string): void
  /** The submit's short wait, ms; default `LONG_POLL.submitWaitMs`, 0: none. */
  submitWaitMs?: number
}

/** How a run ended. */
export interface SubmitResult {
  queued: number
  /** Set when a 429 stopped the run: epoch ms before which the API takes no new job. */
  retryAt?: number
}

/** 429 codes that mean "too many of your jobs are pending" (anonymous / signed in): waiting helps. */
const PENDING_LIMIT_CODES = new Set(['job_limit', 'concurrency_limit'])

/** Waits between tries while the API answers 429 `job_limit` (about half a minute in all). */
export const JOB_LIMIT_WAITS_MS = [1000, 2000, 4000, 8000, 8000, 8000]

/** When the visitor may try again after a 429: `Retry-After`, else the answer's `rateLimit.next`, else in a minute. */
export function retryAtOf(error: ApiCallError, now: number): number {
  const seconds = Number(error.headers.get('retry-after'))
  if (Number.isFinite(seconds) && seconds > 0) return now + seconds * 1000
  const next = (error.body as { rateLimit?: { next?: { absolute?: unknown } } } | undefined)?.rateLimit?.next?.absolute
  return typeof next === 'number' && next > now ? next : now + 60_000
}

/** Sends `items` one after another with `options`. */
export async function submitItems(items: PlannedItem[], options: GenerateOptions, deps: SubmitDeps): Promise<SubmitResult> {
  let queued = 0
  for (const planned of items) {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await queueJob(deps.api, planned.item, options, deps.submitWaitMs ?? LONG_POLL.submitWaitMs)
        if (!answer) throw new Error('The API sent an empty answer')
        if (answer.rateLimit) rememberRateLimit(answer.rateLimit)
        const entry = entryFromQueueAnswer(answer, planned.source)
        putQueueEntry(entry)
        // A duplicate (200 with an existing skin) goes straight to completed; so does a job finished
        // within the submit's wait, or to failed with its errors.
        if (jobFinished(entry)) announceJob(entry, deps.i18n)
        deps.onQueued(planned.key)
        queued++
        break
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 429 && !STORAGE_REFUSALS.has(error.code)) {
          const wait = PENDING_LIMIT_CODES.has(error.code) ? JOB_LIMIT_WAITS_MS[attempt] : undefined
          if (wait !== undefined) {
            await deps.wait(wait)
            continue
          }
          const retryAt = retryAtOf(error, deps.now())
          rememberRetryAt(retryAt)
          return { queued, retryAt }
        }
        const storage = error instanceof ApiCallError ? storageRefusalText(error.code, deps.i18n.t) : undefined
        deps.onRefused(planned.key, storage ?? (error instanceof Error ? error.message : String(error)))
        break
      }
    }
  }
  return { queued }
}
