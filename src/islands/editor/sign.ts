/**
 * "Sign this skin": the editor's PNG goes through the same queue as the generate form (SPEC §7
 * `POST /v2/queue`, multipart, with name, visibility, variant and our `remixOf`), the job joins the
 * queue store so the job drawer shows its progress (the page's job watcher polls it), and the island
 * follows the entry until it finishes. A 429 for too many pending jobs waits and tries again, as the
 * generate form does; a storage refusal or any other refusal comes back worded for the visitor.
 * Loaded when the visitor signs.
 * @module
 */
import { ApiCallError } from '../../shared/api/api-call-error'
import type { ApiClient } from '../../shared/api/client'
import { entryFromQueueAnswer, queueJob, type GenerateOptions } from '../../shared/api/generate-api'
import { storageRefusalText } from '../../shared/api/storage-codes'
import type { I18nValue } from '../../shared/i18n/context'
import { jobFinished, LONG_POLL } from '../../shared/skin/job-polling'
import { rememberRateLimit, rememberRetryAt } from '../../shared/stores/generate-limits'
import { $queue, putQueueEntry, type QueueEntry } from '../../shared/stores/queue'
import { announceJob } from '../job-announce'
import { JOB_LIMIT_WAITS_MS, retryAtOf } from '../generate/submit'

/** The file name the editor's PNG is sent (and downloaded) as. */
export const SKIN_FILE_NAME = 'skin.png'

/** What signing needs; injected so tests need no browser and no waiting. */
export interface SignDeps {
  api: ApiClient
  i18n: I18nValue
  now(): number
  wait(ms: number): Promise<void>
  /** The submit's short wait, ms; default `LONG_POLL.submitWaitMs`. */
  submitWaitMs?: number
}

/** How sending ended. */
export type SignOutcome =
  /** Queued (or already finished: a duplicate, or done within the submit's wait). */
  | { kind: 'queued'; entry: QueueEntry }
  /** Too many requests: the API takes no new job before `retryAt` (epoch ms). */
  | { kind: 'limited'; retryAt: number }
  /** Refused, with the visitor's words for why. */
  | { kind: 'refused'; message: string; code?: string }

/** 429 codes that mean "too many of your jobs are pending": waiting helps. */
const PENDING_LIMIT_CODES = new Set(['job_limit', 'concurrency_limit'])

/** Sends `png` to be signed with `options`; `name` is what the job list calls it. */
export async function sendForSigning(png: Uint8Array, options: GenerateOptions, name: string, deps: SignDeps): Promise<SignOutcome> {
  const file = new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' })
  const source = { type: 'upload' as const, content: SKIN_FILE_NAME, name: name || SKIN_FILE_NAME }
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await queueJob(deps.api, { type: 'upload', file, fileName: SKIN_FILE_NAME }, options, deps.submitWaitMs ?? LONG_POLL.submitWaitMs)
      if (!answer) throw new Error('The API sent an empty answer')
      if (answer.rateLimit) rememberRateLimit(answer.rateLimit)
      const entry = entryFromQueueAnswer(answer, source)
      putQueueEntry(entry)
      if (jobFinished(entry)) announceJob(entry, deps.i18n)
      return { kind: 'queued', entry }
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 429 && PENDING_LIMIT_CODES.has(error.code)) {
        const wait = JOB_LIMIT_WAITS_MS[attempt]
        if (wait !== undefined) {
          await deps.wait(wait)
          continue
        }
      }
      if (error instanceof ApiCallError && error.status === 429 && !storageRefusalText(error.code, deps.i18n.t)) {
        const retryAt = retryAtOf(error, deps.now())
        rememberRetryAt(retryAt)
        return { kind: 'limited', retryAt }
      }
      const code = error instanceof ApiCallError ? error.code : undefined
      const message = (error instanceof ApiCallError ? storageRefusalText(error.code, deps.i18n.t) : undefined) ?? (error instanceof Error ? error.message : String(error))
      return { kind: 'refused', message, code }
    }
  }
}

/**
 * Calls `done` once job `id` has finished (completed or failed) in the queue store — at once when it
 * already has. Returns the unsubscribe function.
 */
export function whenJobFinished(id: string, done: (entry: QueueEntry) => void): () => void {
  let called = false
  const check = (entries: Record<string, QueueEntry>) => {
    const entry = entries[id]
    if (called || !entry || !jobFinished(entry)) return
    called = true
    done(entry)
  }
  const stop = $queue.subscribe(check)
  return stop
}
