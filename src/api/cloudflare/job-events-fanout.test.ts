/**
 * The job event object's fan-out (./job-events-fanout.ts) behind the API Worker's per-request hub
 * (./remote-job-event-hub.ts), with the real stream body (src/api/jobs/events/event-stream.ts) on
 * top, in-process: the object's answer is handed straight to the request's side. A stand-in log
 * counts its reads and the timers are driven by hand. test/worker/api-worker-events.test.ts runs
 * the same under wrangler dev.
 */
import { describe, expect, test } from 'bun:test'
import { ApiError } from '../errors'
import { openEventStream } from '../jobs/events/event-stream'
import { createJobEventHub, type EventSubscriber } from '../jobs/events/job-event-hub'
import { ownersOf, type JobEventLog, type JobEventRow, type OwnerKey } from '../jobs/events/job-event-log'
import { parseLastEventId } from '../jobs/routes/queue-events'
import { readSse, type SseReader } from '../testing/sse-reader'
import { countLogReads, createJobEventsFanout, type FanoutHub, type JobEventsFanoutOptions } from './job-events-fanout'
import { remoteJobEventHub } from './remote-job-event-hub'
import { createEventIds } from '../jobs/events/event-ids'

const ids = createEventIds('test secret')

/** The log as an array, with the SQL log's semantics. */
function standInLog() {
  const rows: JobEventRow[] = []
  const log: JobEventLog = {
    latest: async () => rows.at(-1)?.id ?? 0,
    oldest: async () => rows[0]?.id ?? null,
    after: async (after, limit = 500) => rows.filter((r) => r.id > after).slice(0, limit),
    ownAfter: async (owner, after, limit = 500) => rows.filter((r) => r.id > after && ownersOf(r).includes(owner)).slice(0, limit),
    prune: async () => 0,
  }
  const append = (owner: OwnerKey, status: JobEventRow['status'] = 'completed', jobId = `job${rows.length + 1}`): JobEventRow => {
    const [kind, id] = [owner.slice(0, 1), owner.slice(2)]
    const r: JobEventRow = { id: rows.length + 1, job_id: jobId, status, user_id: kind === 'u' ? id : null, api_key_id: kind === 'k' ? id : null, client_id: kind === 'c' ? id : null, at: 0 }
    rows.push(r)
    return r
  }
  return { log, append }
}

/** Timers that run only when the test says so. */
function manualTimers() {
  const timers = new Set<{ ms: number; tick: () => void }>()
  return {
    every: (ms: number, tick: () => void) => {
      const t = { ms, tick }
      timers.add(t)
      return () => void timers.delete(t)
    },
    fire: (ms: number) => [...timers].filter((t) => t.ms === ms).forEach((t) => t.tick()),
    count: () => timers.size,
  }
}

/** Lets pending promise work (reads, pumps, renders) run. */
const settle = async (rounds = 20) => {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0))
}

function setUp(over: Partial<JobEventsFanoutOptions> = {}) {
  const { log, append } = standInLog()
  const counted = countLogReads(log)
  const timers = manualTimers()
  const reported: unknown[] = []
  const fanout = createJobEventsFanout({ log: counted.log, now: () => 0, retentionMs: 3_600_000, pollMs: 1000, keepAliveMs: 15_000, every: timers.every, report: (e) => void reported.push(e), ...over })
  /** One client's stream through a request's own hub, as the API Worker's route opens it. */
  const open = async (owner: OwnerKey, lastEventId: Awaited<ReturnType<typeof parseLastEventId>> = null) => {
    const leave = new AbortController()
    const hub = remoteJobEventHub({ connect: (o) => fanout.subscribe(o), report: (e) => void reported.push(e) })
    const body = await openEventStream({ hub, log, owner, quota: [owner], lastEventId, ids, render: async (r) => ({ job: r.job_id, status: r.status }), signal: leave.signal, report: (e) => void reported.push(e) })
    return { sse: readSse(new Response(body)), leave: () => leave.abort() }
  }
  return { fanout, append, reads: counted.reads, timers, reported, open }
}

/** The `job` events a stream has received, until one for `untilJob` (a sentinel of its own owner). */
async function jobsUntil(sse: SseReader, untilJob: string): Promise<string[]> {
  const seen: string[] = []
  for (;;) {
    const e = await sse.until('job')
    const job = (JSON.parse(e.data) as { job: string }).job
    seen.push(job)
    if (job === untilJob) return seen
  }
}

describe('job event fan-out over the object', () => {
  test('ten streams (five callers, plus five of one caller): one change is one log read, and each stream gets its own owner\'s rows only', async () => {
    const s = setUp()
    const others = ['c:a', 'c:b', 'c:c', 'c:d', 'c:e'] as const
    const streams = [
      ...(await Promise.all(others.map(async (o) => ({ owner: o as OwnerKey, ...(await s.open(o)) })))),
      ...(await Promise.all(Array.from({ length: 5 }, async () => ({ owner: 'k:many' as OwnerKey, ...(await s.open('k:many')) })))),
    ]
    for (const st of streams) await st.sse.until('ready')
    expect(s.fanout.stats()).toMatchObject({ streams: 10, subscriptions: 10 })
    const before = s.reads()
    // A change of each of the six callers' jobs, then a sentinel row of each after all of them (a
    // foreign row handed to a stream would arrive before its sentinel), then one notification.
    const owners = [...others, 'k:many' as const]
    for (const o of owners) s.append(o, 'completed', `job-of-${o}`)
    for (const o of owners) s.append(o, 'completed', `sentinel-of-${o}`)
    await s.fanout.changed()
    expect(s.reads() - before).toBe(1)
    for (const st of streams) expect(await jobsUntil(st.sse, `sentinel-of-${st.owner}`)).toEqual([`job-of-${st.owner}`, `sentinel-of-${st.owner}`])
    for (const st of streams) await st.sse.cancel()
  })

  test('a client that goes away leaves no subscription in the object; with none left, a notification reads nothing', async () => {
    const s = setUp()
    const a = await s.open('c:a')
    const b = await s.open('c:b')
    await a.sse.until('ready')
    await b.sse.until('ready')
    a.leave()
    await settle()
    expect(s.fanout.stats()).toMatchObject({ streams: 1, subscriptions: 1 })
    expect(s.fanout.holdsStreams()).toBe(true)
    // The reader dropping the connection (no abort signal) ends it too.
    await b.sse.cancel()
    await settle()
    expect(s.fanout.stats()).toMatchObject({ streams: 0, subscriptions: 0 })
    // What the object answers a notifier, which may then stay quiet for a poll interval.
    expect(s.fanout.holdsStreams()).toBe(false)
    expect(s.timers.count()).toBe(0)
    const before = s.reads()
    s.append('c:a')
    await s.fanout.changed()
    expect(s.reads()).toBe(before)
    expect(s.fanout.stats().notifications).toBe(1)
  })

  test('a stream opened after idle time starts where the log ends then: rows written while nobody listened are no live rows', async () => {
    const s = setUp()
    const first = await s.open('c:a')
    await first.sse.until('ready')
    await first.sse.cancel()
    await settle()
    s.append('c:a', 'completed', 'while-away')
    await s.fanout.changed()
    const again = await s.open('c:a')
    await again.sse.until('ready')
    s.append('c:a', 'completed', 'live')
    await s.fanout.changed()
    expect(await jobsUntil(again.sse, 'live')).toEqual(['live'])
    await again.sse.cancel()
  })

  test('a lost notification: the poll while streams are open reads the row; keep-alive ticks reach the client', async () => {
    const s = setUp()
    const a = await s.open('c:a')
    await a.sse.until('ready')
    s.append('c:a', 'completed', 'unannounced')
    s.timers.fire(1000)
    expect(await jobsUntil(a.sse, 'unannounced')).toEqual(['unannounced'])
    s.timers.fire(15_000)
    s.append('c:a', 'completed', 'after-tick')
    await s.fanout.changed()
    await jobsUntil(a.sse, 'after-tick')
    expect(a.sse.comments()).toBe(1)
    await a.sse.cancel()
  })

  test('a request that stops reading the object\'s body is let go once it left the limit unread; what was queued still arrives', async () => {
    const s = setUp({ unreadLimitBytes: 64 })
    const res = await s.fanout.subscribe({ owner: 'c:a', quota: ['c:a'] })
    expect(s.fanout.stats()).toMatchObject({ streams: 1, subscriptions: 1 })
    for (let i = 0; i < 3; i++) s.append('c:a', 'waiting', `j${i}`)
    await s.fanout.changed()
    s.append('c:a', 'completed', 'j9')
    await s.fanout.changed()
    await settle()
    // One frame of three rows is over 64 bytes: the object ended the subscription after it.
    expect(s.fanout.stats()).toMatchObject({ streams: 0, subscriptions: 0 })
    const lines = (await res.text()).split('\n').filter(Boolean)
    expect(lines.map((l) => (JSON.parse(l) as JobEventRow[]).map((r) => r.job_id))).toEqual([['j0', 'j1', 'j2']])
  })

  test('the object ending a subscription (a restart) ends the client\'s stream; resuming with its last id gets every later row once, in order', async () => {
    // A hub whose subscribers the test can close, as the object's going away does.
    const subs: EventSubscriber[] = []
    const s = setUp({
      createHub: (o) => {
        const hub = createJobEventHub(o)
        return { ...hub, subscribe: (sub: EventSubscriber) => (subs.push(sub), hub.subscribe(sub)) }
      },
    })
    const a = await s.open('c:a')
    await a.sse.until('ready')
    s.append('c:a', 'waiting', 'j1')
    await s.fanout.changed()
    const last = await a.sse.until('job')
    subs[0]!.close()
    await expect(a.sse.next()).rejects.toThrow('the event stream ended')
    await settle()
    expect(s.fanout.stats()).toMatchObject({ streams: 0, subscriptions: 0 })
    // While it was away: two more changes, nobody told.
    s.append('c:a', 'processing', 'j1')
    s.append('c:a', 'completed', 'j1')
    // The id is opaque: handed back as the route reads the header.
    const back = await s.open('c:a', await parseLastEventId(last.id ?? undefined, ids))
    const statuses: string[] = []
    for (let e = await back.sse.next(); e.event !== 'ready'; e = await back.sse.next()) statuses.push((JSON.parse(e.data) as { status: string }).status)
    expect(statuses).toEqual(['processing', 'completed'])
    await back.sse.cancel()
  })

  test('a refusal by the hub comes back to the request as the same ApiError, and the object holds nothing for it', async () => {
    const refusal = new ApiError('too_many_streams', 'Too many open event streams for this caller', 429)
    const refusing: FanoutHub = {
      subscribe: async () => Promise.reject(refusal),
      unsubscribe: () => {},
      changed: async () => {},
      open: () => 0,
    }
    const s = setUp({ createHub: () => refusing })
    const hub = remoteJobEventHub({ connect: (o) => s.fanout.subscribe(o), report: () => {} })
    const sub: EventSubscriber = { owner: 'c:a', quota: ['c:a'], deliver: () => {}, keepAlive: () => {}, close: () => {} }
    const e = await hub.subscribe(sub).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ApiError)
    expect([(e as ApiError).status, (e as ApiError).code, (e as ApiError).message]).toEqual([429, 'too_many_streams', refusal.message])
    expect(s.fanout.stats()).toMatchObject({ streams: 0, subscriptions: 0 })
  })

  test('the object\'s hub caps open streams per quota key as a Bun process does: the next one is 429 too_many_streams', async () => {
    const s = setUp({ perCaller: 2 })
    const held = [await s.open('k:one'), await s.open('k:one')]
    for (const h of held) await h.sse.until('ready')
    const hub = remoteJobEventHub({ connect: (o) => s.fanout.subscribe(o), report: () => {} })
    const third: EventSubscriber = { owner: 'k:one', quota: ['k:one'], deliver: () => {}, keepAlive: () => {}, close: () => {} }
    expect(await hub.subscribe(third).catch((e: unknown) => e)).toMatchObject({ status: 429, code: 'too_many_streams' })
    // Another caller is not held back.
    await (await s.open('k:two')).sse.until('ready')
    for (const h of held) await h.sse.cancel()
  })

  test('a hub that fails otherwise: 500 internal_error, reported in the object', async () => {
    const broken: FanoutHub = { subscribe: async () => Promise.reject(new Error('D1 is down')), unsubscribe: () => {}, changed: async () => {}, open: () => 0 }
    const s = setUp({ createHub: () => broken })
    const res = await s.fanout.subscribe({ owner: 'c:a', quota: ['c:a'] })
    expect(res.status).toBe(500)
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('internal_error')
    expect(String(s.reported[0])).toContain('D1 is down')
  })
})
