/**
 * Webhook deliveries on the API Worker through Cloudflare Queues (docs/webhooks.md "Where it runs"):
 * the rows are the same `webhook_deliveries` as on Bun (src/api/webhooks/deliveries.ts), and instead of
 * a loop each due attempt is a message `{ deliveryId }` on the `skin-webhooks` queue. The consumer
 * claims the row by id (atomically, so a duplicate message sends nothing twice), makes the attempt
 * (src/api/webhooks/deliver-one.ts) and, when it failed, sends the next message with the back-off as
 * its `delaySeconds` (at most 4 h 15 min, under Queues' 12 h). A message that arrives before its row
 * is due (a duplicate) is retried for the rest of the wait. The Cron Trigger calls {@link sweep}: a
 * row whose message was lost (a failed send) is sent again, so no delivery waits forever.
 * @module
 */
import type { Message, MessageBatch, Queue } from '@cloudflare/workers-types'
import { addDeliveries, claimById, deliveryById, overdueDeliveries, type NewDelivery } from '../webhooks/deliveries'
import { deliverOne, type DeliverDeps } from '../webhooks/deliver-one'

/** The body of one webhook message. */
export interface WebhookMessage {
  deliveryId: string
}

/** Options of {@link queuesWebhooks}. */
export interface QueuesWebhooksOptions extends Omit<DeliverDeps, 'timeoutMs'> {
  /** The producer binding of the webhook queue. */
  producer: Pick<Queue<WebhookMessage>, 'send'>
  /** Deadline of one attempt, ms. Default 10 000. */
  timeoutMs?: number
  /** Reports unexpected errors. */
  report?: (e: unknown) => void
}

/** How long after its due time a pending row counts as lost to the sweep, ms. */
export const SWEEP_GRACE_MS = 10 * 60_000

/** Seconds until `at` from `now`, at least 1 (Queues' delays are whole seconds). */
const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000))

/** Creates the Queues-backed deliveries; `consume` is the Worker's handler of the webhook queue. */
export function queuesWebhooks(opts: QueuesWebhooksOptions) {
  const { sql, now, producer } = opts
  const timeoutMs = opts.timeoutMs ?? 10_000
  const deps: DeliverDeps = { ...opts, timeoutMs }

  async function handle(message: Message<WebhookMessage>): Promise<void> {
    const id = message.body?.deliveryId
    if (typeof id !== 'string') return message.ack()
    const t = now()
    const row = await claimById(sql, id, t, t + timeoutMs + 60_000)
    if (!row) {
      const held = await deliveryById(sql, id)
      // Not due yet, or held by another attempt: come back then. Delivered, dropped or unknown: nothing to do.
      if (held?.status === 'pending') return message.retry({ delaySeconds: secondsUntil(Math.max(held.next_attempt_at, held.lease_until ?? 0), t) })
      return message.ack()
    }
    const next = await deliverOne(deps, row)
    if (next !== null) await producer.send({ deliveryId: id }, { delaySeconds: secondsUntil(next, now()) })
    message.ack()
  }

  return {
    /** Stores deliveries and sends one message each; a failed send is left to the sweep. */
    async enqueue(rows: readonly NewDelivery[]): Promise<string[]> {
      const ids = await addDeliveries(sql, rows, now())
      for (const deliveryId of ids) await producer.send({ deliveryId }).catch((e) => opts.report?.(e))
      return ids
    },
    /** The consumer: one attempt per message. */
    async consume(batch: MessageBatch<WebhookMessage>): Promise<void> {
      await Promise.all(
        batch.messages.map((m) =>
          handle(m).catch((e) => {
            opts.report?.(e)
            m.retry({ delaySeconds: 30 })
          }),
        ),
      )
    },
    /** Sends a message again for each pending row overdue by more than {@link SWEEP_GRACE_MS}; returns how many. */
    async sweep(): Promise<number> {
      const lost = await overdueDeliveries(sql, now() - SWEEP_GRACE_MS)
      for (const { id } of lost) await producer.send({ deliveryId: id })
      return lost.length
    },
  }
}

/** The Queues-backed deliveries type. */
export type QueuesWebhooks = ReturnType<typeof queuesWebhooks>
