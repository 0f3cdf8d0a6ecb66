/**
 * Job events (docs/webhooks.md): when a job completes or fails, one delivery per receiving URL — the
 * webhook URL of the job's API key and the job's own `callback` (the same URL once) — with the body
 * `{ type: 'job.completed' | 'job.failed', timestamp, data: { job, skin? , errors? } }`, job and skin
 * in their v2 shapes. Also the check of a request's `callback`, since it is signed with the key's secret.
 * @module
 */
import type { CodeAndMessage } from '../../shared/schemas/api'
import { ApiError } from '../errors'
import type { JobRow } from '../jobs/queue/job-queue'
import { jobErrors, toJobInfo } from '../jobs/routes/job-json'
import { skinInfoFor } from '../skins/services/remix-link'
import { loadSkinRecord } from '../skins/services/skin-record'
import type { Store } from '../store/db'
import type { Identity } from '../users/identity'
import type { NewDelivery } from './deliveries'
import type { WebhookDispatcher } from './dispatcher'
import { checkWebhookUrl, type WebhookUrlRules } from './webhook-url'

/** What the generator and the queue call. */
export interface JobWebhooks {
  /** Checks a request's `callback` (null when absent); throws a 400 the caller sees. */
  checkCallback(raw: string | undefined, who: Identity): Promise<string | null>
  /** A job finished (completed or failed): adds its deliveries. Never throws. */
  finished(jobId: string): Promise<void>
}

/** The event body the receivers get (docs/webhooks.md "Events"). */
export interface WebhookEvent {
  type: 'job.completed' | 'job.failed' | 'test'
  /** When the event happened, ISO 8601. */
  timestamp: string
  data: Record<string, unknown>
}

/** The stored `callback` of a job's options, if any. */
const callbackOf = (job: JobRow): string | null => {
  try {
    const v = (JSON.parse(job.options) as { callback?: unknown }).callback
    return typeof v === 'string' && v ? v : null
  } catch {
    return null
  }
}

/** A finished job's eta is never asked for; toJobInfo only needs this of the queue. */
const noEta = { eta: () => undefined }

/** Builds the job events over the store and the delivery loop. */
export function createJobWebhooks(deps: { store: Store; dispatcher: Pick<WebhookDispatcher, 'enqueue'>; rules: WebhookUrlRules; now: () => number; report: (e: unknown) => void }): JobWebhooks {
  const { sql, db } = deps.store
  const keyOf = (id: string) =>
    sql.get<{ user_id: string | null; webhook_url: string | null; webhook_secret: string | null; revoked_at: number | null }>(
      'SELECT user_id, webhook_url, webhook_secret, revoked_at FROM api_keys WHERE id = ?',
      [id],
    )

  const eventOf = async (job: JobRow): Promise<WebhookEvent> => {
    const info = toJobInfo(job, noEta as never)
    const data: Record<string, unknown> = { job: info }
    if (job.status === 'completed' && job.result) {
      const rec = await loadSkinRecord(db, job.result)
      if (rec && rec.skin.deletedAt === null) data.skin = await skinInfoFor(db, rec, null, { duplicate: job.duplicate !== null })
    }
    if (job.status === 'failed') data.errors = jobErrors(job) satisfies CodeAndMessage[]
    return { type: job.status === 'completed' ? 'job.completed' : 'job.failed', timestamp: new Date(job.finished_at ?? deps.now()).toISOString(), data }
  }

  return {
    async checkCallback(raw, who) {
      if (raw === undefined) return null
      if (!who.apiKeyId) throw new ApiError('callback_requires_key', 'A callback is signed with an API key’s webhook secret: send the request with an API key', 400)
      const key = await keyOf(who.apiKeyId)
      if (!key?.webhook_secret) throw new ApiError('webhook_secret_missing', 'This API key has no webhook secret yet: create one on the account site’s API keys page', 400)
      return (await checkWebhookUrl(raw, deps.rules)).url.href
    },

    async finished(jobId) {
      try {
        const job = await sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [jobId])
        if (!job || (job.status !== 'completed' && job.status !== 'failed') || !job.api_key_id) return
        const key = await keyOf(job.api_key_id)
        if (!key || key.revoked_at !== null || !key.webhook_secret) return
        const urls = [...new Set([key.webhook_url, callbackOf(job)].filter((u): u is string => !!u))]
        if (!urls.length) return
        const event = await eventOf(job)
        const body = JSON.stringify(event)
        const rows: NewDelivery[] = urls.map((url) => ({ apiKeyId: job.api_key_id!, userId: key.user_id, url, type: event.type, jobId: job.id, body }))
        await deps.dispatcher.enqueue(rows)
      } catch (e) {
        deps.report(e)
      }
    },
  }
}
