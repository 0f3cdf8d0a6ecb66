/**
 * The API's in-process counters: what only the process that did it sees. `ssg_rate_limit_refusals_total`
 * counts every answer the API gives with status 429 (src/api/app.ts's error handler sees each one with the
 * caller's identity: `rate_limit`, `job_limit`, `concurrency_limit`, `storage_quota`, `too_many_streams`,
 * `report_limit` …) by the caller's tier and the code; `ssg_webhook_attempts_total` counts webhook
 * attempts by outcome (src/api/webhooks/deliver-one.ts). They start at 0 with the process, as
 * Prometheus counters may (a restart is a counter reset, which `rate()` handles).
 * @module
 */
import type { MetricsRegistry } from '../../shared/metrics/registry'
import type { IdentityKind } from '../users/identity/identity'

/** Outcome of one webhook attempt. */
export type WebhookAttemptOutcome = 'delivered' | 'failed'

/** The hooks the API's code calls. */
export interface ApiCounters {
  /** The API answered 429 with `code` to a caller of `tier`. */
  refused(tier: IdentityKind, code: string): void
  /** One webhook attempt ended (a 2xx: delivered; anything else: failed). */
  webhookAttempt(outcome: WebhookAttemptOutcome): void
}

/** Counters that count nothing (no registry wired). */
export const NO_API_COUNTERS: ApiCounters = { refused: () => {}, webhookAttempt: () => {} }

/** Declares the counters on `registry`. */
export function createApiCounters(registry: MetricsRegistry): ApiCounters {
  const refusals = registry.counter({
    name: 'ssg_rate_limit_refusals_total',
    help: 'Requests the API answered with 429, by caller tier (anonymous, user, apikey) and error code; counted by this process',
    labelNames: ['tier', 'code'],
  })
  const attempts = registry.counter({
    name: 'ssg_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (delivered: a 2xx answer; failed: any other answer or none); counted by this process',
    labelNames: ['outcome'],
  })
  return {
    refused: (tier, code) => refusals.inc({ tier, code }),
    webhookAttempt: (outcome) => attempts.inc({ outcome }),
  }
}
