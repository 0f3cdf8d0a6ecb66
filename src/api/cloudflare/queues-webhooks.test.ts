/**
 * Webhook deliveries through Cloudflare Queues (src/api/cloudflare/queues-webhooks.ts) on a real SQLite
 * store (the SQL is D1's too), a recording producer and message batches, against a receiver on
 * 127.0.0.1: each due attempt is one message, a failure sends the next one with the back-off as its
 * delay, an early or duplicate message sends nothing, and the sweep re-sends a row whose message was lost.
 */
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { ApiError } from '../errors'
import { openStore, type BunStore } from '../store/db'
import { createApiKey } from '../users/identity'
import { setKeyWebhook } from '../webhooks/key-webhook'
import { startReceiver } from '../webhooks/test-receiver'
import { queuesJobQueue } from './queues-job-queue'
import { queuesWebhooks, SWEEP_GRACE_MS, type WebhookMessage } from './queues-webhooks'

const receiver = startReceiver()
const rules = { allowPrivateHosts: [receiver.hostPort] }
const dirs: string[] = []
const stores: BunStore[] = []
afterEach(() => {
  for (const s of stores.splice(0)) s.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
afterAll(() => receiver.stop())

/** A batch of messages that records what the consumer did with each. */
function batch(...ids: string[]) {
  const outcome: string[] = []
  const messages = ids.map((deliveryId) => ({
    id: `m-${deliveryId}`,
    body: { deliveryId },
    attempts: 1,
    timestamp: new Date(0),
    ack: () => void outcome.push('ack'),
    retry: (o?: { delaySeconds?: number }) => void outcome.push(`retry ${o?.delaySeconds ?? 0}`),
  }))
  return { batch: { queue: 'skin-webhooks', messages, ackAll() {}, retryAll() {} } as never, outcome }
}

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-qwebhooks-'))
  dirs.push(dir)
  const store = openStore(dir)
  stores.push(store)
  const clock = { now: Date.now() }
  const { id: keyId } = await createApiKey(store.db, { name: 'q', userId: 'user-q', now: clock.now })
  const set = await setKeyWebhook(store.sql, rules, { userId: 'user-q', keyId, url: receiver.url('/q'), now: clock.now })
  if (!set.ok || !set.secret) throw new Error('no secret')
  const sent: { body: WebhookMessage; delaySeconds?: number }[] = []
  const hooks = queuesWebhooks({
    sql: store.sql,
    producer: { send: async (body: WebhookMessage, o?: { delaySeconds?: number }) => void sent.push({ body, ...(o?.delaySeconds ? { delaySeconds: o.delaySeconds } : {}) }) } as never,
    now: () => clock.now,
    random: () => 0.5,
    fetch,
    rules,
    keysUrl: 'https://ssg.test/accounts/keys',
  })
  // A job's event: those are retried (a `test` event is sent once, src/api/webhooks/deliver-one.ts).
  const event = { apiKeyId: keyId, userId: 'user-q', url: receiver.url('/q'), type: 'job.completed', jobId: null, body: '{"type":"job.completed","timestamp":"2026-11-28T00:00:00.000Z","data":{}}' }
  const status = (id: string) => store.sqlite.query('SELECT status, attempts FROM webhook_deliveries WHERE id = ?').get(id)
  return { store, clock, hooks, sent, event, secret: set.secret, status }
}

describe('webhooks on Cloudflare Queues', () => {
  test('one message per delivery; it is sent, verifies, and a duplicate message sends nothing', async () => {
    const { hooks, sent, event, secret, status } = await setup()
    const before = receiver.received.length
    const [id] = await hooks.enqueue([event])
    expect(sent).toEqual([{ body: { deliveryId: id! } }])
    const first = batch(id!)
    await hooks.consume(first.batch)
    expect(first.outcome).toEqual(['ack'])
    expect(status(id!)).toEqual({ status: 'delivered', attempts: 1 })
    const got = receiver.received.slice(before)
    expect(got).toHaveLength(1)
    expect((new Webhook(secret).verify(got[0]!.body, got[0]!.headers) as { type: string }).type).toBe('job.completed')
    const again = batch(id!)
    await hooks.consume(again.batch)
    expect(again.outcome).toEqual(['ack'])
    expect(receiver.received.length - before).toBe(1)
  })

  test('a failed attempt sends the next message with the back-off; an early message waits; the retry delivers', async () => {
    const { hooks, sent, event, clock, status } = await setup()
    const before = receiver.received.length
    receiver.failNext(1)
    const [id] = await hooks.enqueue([event])
    await hooks.consume(batch(id!).batch)
    expect(status(id!)).toEqual({ status: 'pending', attempts: 1 })
    // 30 s × (0.75 + 0.5 × 0.5) with the injected random source.
    expect(sent.at(-1)).toEqual({ body: { deliveryId: id! }, delaySeconds: 30 })
    const early = batch(id!)
    await hooks.consume(early.batch)
    expect(early.outcome).toEqual(['retry 30'])
    expect(receiver.received.length - before).toBe(1)
    clock.now += 30_000
    await hooks.consume(batch(id!).batch)
    expect(status(id!)).toEqual({ status: 'delivered', attempts: 2 })
    expect(receiver.received.length - before).toBe(2)
  })

  test('the sweep sends a message again for a row whose message was lost', async () => {
    const { hooks, sent, event, clock } = await setup()
    const [id] = await hooks.enqueue([event])
    sent.length = 0
    expect(await hooks.sweep()).toBe(0)
    clock.now += SWEEP_GRACE_MS + 1000
    expect(await hooks.sweep()).toBe(1)
    expect(sent).toEqual([{ body: { deliveryId: id! } }])
  })

  test('the job consumer reports each finished job before acking (completed, failed, dead-lettered)', async () => {
    const { store } = await setup()
    for (const id of ['a', 'b', 'c']) store.sqlite.query(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, attempts) VALUES (?, 'waiting', 'upload', '{}', 'abcd1234', 1000, 0)`).run(id)
    const finished: string[] = []
    const q = queuesJobQueue({
      sql: store.sql,
      producer: { send: async () => {} } as never,
      process: async (job) => {
        if (job.id === 'b') throw new ApiError('invalid_image', 'bad', 400)
        return { skinUuid: `skin-${job.id}` }
      },
      concurrency: 1,
      now: () => 2000,
      onFinished: async (id) => void finished.push(id),
    })
    const jobs = (...ids: string[]) => ({ queue: 'skin-jobs', messages: ids.map((jobId) => ({ id: jobId, body: { jobId }, attempts: 1, timestamp: new Date(0), ack() {}, retry() {} })), ackAll() {}, retryAll() {} }) as never
    await q.consume(jobs('a', 'b'))
    await q.deadLetters(jobs('c'))
    expect(finished.sort()).toEqual(['a', 'b', 'c'])
  })
})
