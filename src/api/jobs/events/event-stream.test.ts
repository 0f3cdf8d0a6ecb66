/**
 * One event stream's body (./event-stream.ts) against a stand-in hub and log: a client that stops
 * reading is cut off once it left `UNREAD_LIMIT_BYTES` unread (it reconnects and resumes), instead of
 * the server queueing for it without bound; a client that goes away leaves no subscription behind.
 */
import { describe, expect, test } from 'bun:test'
import type { EventSubscriber } from './job-event-hub'
import type { JobEventRow } from './job-event-log'
import { openEventStream, UNREAD_LIMIT_BYTES } from './event-stream'
import { createEventIds } from './event-ids'

function setUp(signal = new AbortController().signal) {
  let sub: EventSubscriber | null = null
  let subscribed!: () => void
  const ready = new Promise<void>((resolve) => (subscribed = resolve))
  const hub = {
    subscriptions: 0,
    subscribe: async (s: EventSubscriber) => {
      sub = s
      hub.subscriptions++
      subscribed()
      return 10
    },
    unsubscribe: (s: EventSubscriber) => {
      if (s === sub) hub.subscriptions--
    },
  }
  const log = { latest: async () => 10, oldest: async () => 1, ownAfter: async () => [] as JobEventRow[] }
  const body = openEventStream({ hub, log, owner: 'c:me', quota: ['a:me'], lastEventId: null, ids: createEventIds('secret'), render: async (row) => ({ job: row.job_id, pad: 'x'.repeat(10_000) }), signal })
  return { body, hub, ready, sub: () => sub! }
}

const row = (id: number): JobEventRow => ({ id, job_id: `job${id}`, status: 'waiting', user_id: null, api_key_id: null, client_id: 'me', at: 0 })

describe('event stream body', () => {
  test('a client that leaves more than the limit unread is cut off and unsubscribed', async () => {
    const s = setUp()
    await s.ready
    const rows = Array.from({ length: Math.ceil(UNREAD_LIMIT_BYTES / 10_000) + 5 }, (_, i) => row(11 + i))
    s.sub().deliver(rows)
    for (let i = 0; i < 100 && s.hub.subscriptions > 0; i++) await Bun.sleep(1)
    expect(s.hub.subscriptions).toBe(0)
    // What was queued is still readable, then the body ends.
    const text = await new Response(await s.body).text()
    expect(text).toStartWith(`retry: 3000\n\nid: ${await createEventIds('secret').seal(10)}\nevent: ready\n`)
    expect(text.length).toBeLessThan(UNREAD_LIMIT_BYTES + 20_000)
  })

  test('a client that goes away (its request aborts) leaves no subscription behind', async () => {
    const leaving = new AbortController()
    const s = setUp(leaving.signal)
    await s.ready
    expect(s.hub.subscriptions).toBe(1)
    leaving.abort()
    expect(s.hub.subscriptions).toBe(0)
  })
})
