/**
 * What bounds `GET /v2/queue/events` (docs/api.md "Job events"): event ids that tell a caller nothing
 * of other callers' jobs, the streams one caller may hold and open per minute, the streams of the
 * whole process, and a stream that ends once its API key is revoked. Real HTTP, clock and timers
 * driven by hand.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { apiKeyWith } from '../../testing/api-harness'
import { SEALED_EVENT_ID } from '../events/event-ids'
import { closeServed, served, summary } from './queue-events.fixture'

afterEach(closeServed)

/** The JSON error of a refused stream. */
async function refusal(res: Response) {
  const body = (await res.json()) as { errors: { code: string; message: string }[] }
  return { status: res.status, code: body.errors[0]!.code, message: body.errors[0]!.message, retryAfter: res.headers.get('retry-after') }
}

describe('GET /v2/queue/events: what it tells and what bounds it', () => {
  test('event ids are sealed: other callers\' jobs between two of mine leave no trace in my ids', async () => {
    const s = await served()
    const me = await s.client()
    const stream = await s.stream(me)
    const ready = await stream.until('ready')
    const first = await s.queued(me, 9501)
    const a = await stream.next()
    for (let i = 0; i < 3; i++) await s.queued(await apiKeyWith(s.t, {}), 9510 + i)
    const second = await s.queued(me, 9502)
    const b = await stream.next()
    expect([summary(a).job, summary(b).job]).toEqual([first, second])
    for (const e of [ready, a, b]) {
      expect(e.id).toMatch(SEALED_EVENT_ID)
      expect(e.id).not.toMatch(/^\d+$/)
    }
    // The server still reads them: 3 other changes lie between my two, which only it can see.
    expect((await s.row(b))! - (await s.row(a))!).toBe(4)
    await stream.cancel()
  })

  test('one caller holds at most EVENT_STREAMS_PER_CALLER streams: an API key, anonymous clients of one address', async () => {
    const s = await served({ EVENT_STREAMS_PER_CALLER: '2' })
    const key = await apiKeyWith(s.t, {})
    const held = [await s.stream(key), await s.stream(key)]
    for (const h of held) await h.until('ready')
    const third = await refusal(await s.open(key))
    expect(third).toMatchObject({ status: 429, code: 'too_many_streams' })
    expect(third.message).toContain('At most 2')
    // A closed stream frees its place.
    await held.pop()!.cancel()
    const hub = s.t.api.services.events!.hub!
    for (let i = 0; i < 100 && hub.open() > 1; i++) await Bun.sleep(5)
    const again = await s.stream(key)
    await again.until('ready')

    // New client cookies cost nothing: anonymous callers are counted by their address.
    const from = (cookie: string) => ({ cookie, 'x-forwarded-for': '203.0.113.9' })
    const anon = [await s.stream(from(await s.client())), await s.stream(from(await s.client()))]
    expect(await refusal(await s.open(from(await s.client())))).toMatchObject({ status: 429, code: 'too_many_streams' })
    // Another address is another caller.
    const elsewhere = await s.stream({ cookie: await s.client(), 'x-forwarded-for': '198.51.100.4' })
    for (const r of [held[0]!, again, ...anon, elsewhere]) await r.cancel()
  })

  test('streams opened per minute are limited (429 rate_limit with Retry-After); the next minute opens again', async () => {
    const s = await served({ EVENT_STREAMS_OPENED_PER_MINUTE: '3' })
    const me = await s.client()
    for (let i = 0; i < 3; i++) await (await s.stream(me)).cancel()
    const fourth = await refusal(await s.open(me))
    expect(fourth).toMatchObject({ status: 429, code: 'rate_limit' })
    expect(Number(fourth.retryAfter)).toBeGreaterThan(0)
    s.t.clock.now += 61_000
    await (await s.stream(me)).cancel()
  })

  test('the process holds at most EVENT_STREAMS_MAX streams: more get 503 events_busy', async () => {
    const s = await served({ EVENT_STREAMS_MAX: '1' })
    const first = await s.stream(await s.client())
    await first.until('ready')
    expect(await refusal(await s.open(await s.client()))).toMatchObject({ status: 503, code: 'events_busy' })
    await first.cancel()
  })

  test('a stream ends once its API key is revoked: at the next keep-alive, and before a change is sent on an old check', async () => {
    const s = await served()
    const sql = s.t.api.services.ctx.store.sql
    const revokeAll = () => sql.run('UPDATE api_keys SET revoked_at = ? WHERE revoked_at IS NULL', [s.t.clock.now])

    // At the keep-alive: an `end` event says why, and the stream closes.
    const key = await apiKeyWith(s.t, {})
    const idle = await s.stream(key)
    await idle.until('ready')
    await revokeAll()
    s.tick(15_000)
    const end = await idle.next()
    expect(end.event).toBe('end')
    expect(JSON.parse(end.data)).toMatchObject({ reason: 'credentials_ended' })
    await expect(idle.next()).rejects.toThrow()
    expect((await refusal(await s.open(key))).code).toBe('invalid_api_key')

    // Before a change: the job queued with the key runs after the revocation; its events are not sent.
    const other = await apiKeyWith(s.t, {})
    const stream = await s.stream(other)
    await stream.until('ready')
    const jobId = await s.queued(other, 9601)
    expect(summary(await stream.next())).toMatchObject({ job: jobId, status: 'waiting' })
    await revokeAll()
    s.t.clock.now += 6_000
    await s.t.api.start()
    await s.t.api.idle()
    expect((await stream.next()).event).toBe('end')
    await expect(stream.next()).rejects.toThrow()
  })
})
