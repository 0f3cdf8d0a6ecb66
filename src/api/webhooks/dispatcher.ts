/**
 * The webhook delivery loop on Bun (docs/webhooks.md): like the job queue
 * (src/api/jobs/queue/job-queue.ts) it claims due `webhook_deliveries` rows atomically, sends each
 * attempt (./send-attempt.ts) and records the outcome: delivered on a 2xx, else retried with
 * exponential back-off (./retry-schedule.ts) until 24 h after the event, then dropped with a
 * notification to the key's owner (./drop-notice.ts). Every row is in the database before it is
 * sent (./deliver-one.ts does one attempt), and `start()` releases the leases a crash left, so a restart loses no delivery. Nothing here
 * sleeps: a slow poll finds rows that became due; tests move the injected clock and call `runDue()`.
 * @module
 */
import type { SqlClient } from '../store/sql'
import { addDeliveries, claimDue, releaseLeases, type DeliveryRow, type NewDelivery } from './deliveries'
import type { TokenBox } from '../signing/pool/token-box'
import { deliverOne, type DeliverDeps } from './deliver-one'
import type { WebhookUrlRules } from './webhook-url'

/** Options of {@link createWebhookDispatcher}. */
export interface DispatcherOptions {
  sql: SqlClient
  now: () => number
  /** Random source in [0, 1) of the back-off jitter. */
  random: () => number
  /** fetch used for the POSTs (injectable). */
  fetch?: typeof fetch
  /** The URL rules (SSRF guard) every attempt checks again. */
  rules: WebhookUrlRules
  /** Deadline of one attempt, ms. Default 10 000. */
  timeoutMs?: number
  /** Attempts sent at once. Default 4. */
  concurrency?: number
  /** Poll interval for deliveries that became due or were added by another process, ms (0 disables). Default 1000. */
  pollMs?: number
  /** The account site's keys page, linked from the "dropped" notification. */
  keysUrl: string
  /** Reports unexpected errors of the loop. */
  report?: (e: unknown) => void
  /** Opens secrets stored sealed (./secret.ts). */
  box?: TokenBox
  /** Each attempt's outcome (the in-process metrics counter). */
  onAttempt?: DeliverDeps['onAttempt']
}

/** The loop; `enqueue` is what the job events and the test event call. */
export function createWebhookDispatcher(opts: DispatcherOptions) {
  const { sql, now } = opts
  const timeoutMs = opts.timeoutMs ?? 10_000
  const concurrency = opts.concurrency ?? 4
  const doFetch = opts.fetch ?? fetch
  let running = false
  let inflight = 0
  const tasks = new Set<Promise<void>>()
  let timer: ReturnType<typeof setInterval> | null = null

  const deps: DeliverDeps = { sql, now, random: opts.random, fetch: doFetch, rules: opts.rules, timeoutMs, keysUrl: opts.keysUrl, ...(opts.box ? { box: opts.box } : {}), ...(opts.onAttempt ? { onAttempt: opts.onAttempt } : {}) }
  const attempt = async (row: DeliveryRow): Promise<void> => void (await deliverOne(deps, row))

  let pumping: Promise<void> | null = null
  let again = false
  const pumpLoop = async () => {
    do {
      again = false
      while (running && inflight < concurrency) {
        const t = now()
        const row = await claimDue(sql, t, t + timeoutMs + 60_000)
        if (!row) break
        inflight++
        const task = attempt(row)
          .catch((e) => opts.report?.(e))
          .finally(() => {
            inflight--
            tasks.delete(task)
            if (running) void pump()
          })
        tasks.add(task)
      }
    } while (again)
  }
  const pump = (): Promise<void> => {
    if (pumping) {
      again = true
      return pumping
    }
    pumping = pumpLoop()
      .catch((e) => opts.report?.(e))
      .finally(() => (pumping = null))
    return pumping
  }

  return {
    /** Releases leases a crash left and starts the loop. */
    async start(): Promise<void> {
      if (running) return
      await releaseLeases(sql)
      running = true
      const pollMs = opts.pollMs ?? 1000
      if (pollMs > 0) {
        timer = setInterval(() => void pump(), pollMs)
        ;(timer as { unref?: () => void }).unref?.()
      }
      await pump()
    },
    /** Stops claiming and waits for the attempts in flight. */
    async stop(): Promise<void> {
      running = false
      if (timer) clearInterval(timer)
      timer = null
      await pumping
      await Promise.all([...tasks])
    },
    /** Stores deliveries (due at once) and wakes the loop; resolves once they are stored. */
    async enqueue(rows: readonly NewDelivery[]): Promise<string[]> {
      const ids = await addDeliveries(sql, rows, now())
      if (running && ids.length) void pump()
      return ids
    },
    /** Wakes the loop (a row was added by the account site). */
    wake(): void {
      if (running) void pump()
    },
    /** Sends every delivery due now and waits for the attempts (tests move the clock, then call this). */
    async runDue(): Promise<void> {
      do {
        await pump()
        await Promise.all([...tasks])
      } while (running && inflight > 0)
      await pump()
      await Promise.all([...tasks])
    },
  }
}

/** The loop's type. */
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
