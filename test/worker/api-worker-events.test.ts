/**
 * The job event stream on the API Worker through its Durable Object (docs/cloudflare.md "The job event
 * stream"): src/api/worker.ts under `wrangler dev` (test/worker/api-worker-stack.ts), real HTTP, real
 * Queues, the object on local Durable Objects reading local D1. The session turns the object's poll
 * off in effect (JOB_EVENTS_POLL_S one hour), so every event here was told by a writer (the submit and
 * the job's run at once in its request, or the Queues consumer), and TEST_JOB_EVENTS serves the object's counters and a restart of it. Event ids are
 * opaque here: a test only ever hands one back as Last-Event-ID.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { randomHex } from '../../src/api/ids'
import { readSse, type SseEvent, type SseReader } from '../../src/api/testing/sse-reader'
import type { JobEventsStats } from '../../src/api/cloudflare/job-events-object'
import { startApiWorkerStack, type ApiWorkerStack } from './api-worker-stack'

let api: ApiWorkerStack

beforeAll(async () => {
  // Six streams per caller (the ten-stream test holds five of one), any number opened a minute.
  api = await startApiWorkerStack({ vars: { TEST_JOB_EVENTS: '1', JOB_EVENTS_POLL_S: '3600', EVENT_STREAMS_PER_CALLER: '6', EVENT_STREAMS_OPENED_PER_MINUTE: '100000' } })
}, 180_000)
afterAll(async () => {
  await api?.stop()
})

const UA = { 'user-agent': 'ApiWorkerEventsTest/1.0' }

/** A caller: the user's API key, or an anonymous client cookie of its own. */
type Caller = Record<string, string>
const asUser = (): Caller => ({ ...UA, authorization: `Bearer ${api.userKey}` })
const anonymous = (): Caller => ({ ...UA, cookie: `ssg_client=${randomHex(12)}` })

const call = (path: string, init: RequestInit = {}) => fetch(api.origin + path, { redirect: 'manual', ...init })

async function stats(): Promise<JobEventsStats> {
  return (await (await call('/__test/job-events')).json()) as JobEventsStats
}

/** Reads the object's counters until `ok` holds (a departure reaches it asynchronously), at most 10 s. */
async function statsWhen(ok: (s: JobEventsStats) => boolean): Promise<JobEventsStats> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const s = await stats()
    if (ok(s) || Date.now() > deadline) return s
    await Bun.sleep(100)
  }
}

let seed = 9700
async function submit(caller: Caller): Promise<string> {
  const form = new FormData()
  form.set('file', new File([makeSkinPng(seed++)], 'events.png', { type: 'image/png' }))
  const res = await call('/v2/queue', { method: 'POST', body: form, headers: caller })
  const body = (await res.json()) as { job: { id: string } }
  if (res.status !== 202) throw new Error(`submit answered ${res.status}: ${JSON.stringify(body)}`)
  return body.job.id
}

interface JobEvent {
  id: string
  job: string
  status: string
  skin?: string
}
const jobEvent = (e: SseEvent): JobEvent => {
  const data = JSON.parse(e.data) as { job: { id: string; status: string }; skin?: { uuid: string } }
  return { id: e.id ?? '', job: data.job.id, status: data.job.status, ...(data.skin ? { skin: data.skin.uuid } : {}) }
}

/** Opens `caller`'s stream (resuming after `lastEventId`) and reads it up to `ready`; `backlog` is the job events before it. */
async function openStream(caller: Caller, lastEventId?: string): Promise<{ sse: SseReader; ready: SseEvent; backlog: JobEvent[] }> {
  const res = await call('/v2/queue/events', { headers: { ...caller, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } })
  expect(res.status).toBe(200)
  const sse = readSse(res)
  const backlog: JobEvent[] = []
  for (;;) {
    const e = await sse.next()
    if (e.event === 'ready') return { sse, ready: e, backlog }
    if (e.event === 'job') backlog.push(jobEvent(e))
  }
}

/** The `job` events of a stream until one of `jobId` with `status`. */
async function eventsUntil(sse: SseReader, jobId: string, status?: string): Promise<JobEvent[]> {
  const seen: JobEvent[] = []
  for (;;) {
    const e = jobEvent(await sse.until('job'))
    seen.push(e)
    if (e.job === jobId && (status === undefined || e.status === status)) return seen
  }
}

/** Polls the job until it is finished. */
async function finished(id: string, caller: Caller): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const body = (await (await call(`/v2/queue/${id}`, { headers: caller })).json()) as { job: { status: string } }
    if (body.job.status === 'completed' || body.job.status === 'failed') return
    if (Date.now() > deadline) throw new Error(`job ${id} still ${body.job.status}`)
    await Bun.sleep(200)
  }
}

const jobRows = async (ids: string[]) => Number((await api.d1(`SELECT count(*) AS n FROM job_events WHERE job_id IN (${ids.map((id) => `'${id}'`).join(', ')})`))[0]!.n)
/**
 * The writes that made a job's changes, each told to the object once: a job started at once in its
 * submitting request is inserted and claimed in one batch (waiting and processing, one write), then
 * completed (docs/cloudflare.md "A job starts at once").
 */
const WRITES_OF_A_JOB_STARTED_AT_ONCE = 2

/** Measured reads, written to test-results/job-event-reads.md for the docs. */
const measured: string[] = []

describe('API Worker: GET /v2/queue/events through the job event object', () => {
  test('with no stream open, the object reads nothing when told of changes', async () => {
    const before = await stats()
    const id = await submit(asUser())
    await finished(id, asUser())
    const after = await stats()
    expect(await jobRows([id])).toBe(3)
    expect(after.notifications - before.notifications).toBe(WRITES_OF_A_JOB_STARTED_AT_ONCE)
    expect(after.logReads).toBe(before.logReads)
    expect(after).toMatchObject({ streams: 0, subscriptions: 0 })
  }, 60_000)

  test('a job submitted through the API reaches the open stream, waiting → processing → completed with its skin, each write told by its writer', async () => {
    const { sse } = await openStream(asUser())
    const before = await stats()
    const id = await submit(asUser())
    const seen = (await eventsUntil(sse, id, 'completed')).filter((e) => e.job === id)
    expect(seen.map((e) => e.status)).toEqual(['waiting', 'processing', 'completed'])
    expect(seen.at(-1)!.skin).toMatch(/^[0-9a-f]{32}$/)
    const after = await stats()
    measured.push(`| 1 | 1 job | ${await jobRows([id])} | ${after.notifications - before.notifications} | ${after.logReads - before.logReads} |`)
    await sse.cancel()
  }, 60_000)

  test('ten open streams (five callers, five of one caller): one log read per job change, and each stream gets its own caller\'s events only', async () => {
    await statsWhen((s) => s.streams === 0)
    const strangers = Array.from({ length: 5 }, anonymous)
    const user = asUser()
    const streams = [...strangers.map((caller) => ({ caller })), ...Array.from({ length: 5 }, () => ({ caller: user }))]
    const open = await Promise.all(streams.map(async (s) => ({ ...s, ...(await openStream(s.caller)), seen: [] as JobEvent[] })))
    /** Reads one stream until `jobId` reaches `status`, keeping every event it got. */
    const readUntil = async (s: (typeof open)[number], jobId: string, status?: string) => void s.seen.push(...(await eventsUntil(s.sse, jobId, status)))
    expect(await statsWhen((s) => s.streams === 10)).toMatchObject({ streams: 10, subscriptions: 10 })

    // One job: each write of its changes (waiting and processing together, completed) is one read, whatever the streams.
    const before = await stats()
    const mine = await submit(user)
    await Promise.all(open.filter((s) => s.caller === user).map((s) => readUntil(s, mine, 'completed')))
    const after = await stats()
    const changes = await jobRows([mine])
    expect(changes).toBe(3)
    expect(after.notifications - before.notifications).toBe(WRITES_OF_A_JOB_STARTED_AT_ONCE)
    expect(after.logReads - before.logReads).toBe(WRITES_OF_A_JOB_STARTED_AT_ONCE)
    measured.push(`| 10 (5 callers + 5 of one) | 1 job | ${changes} | ${after.notifications - before.notifications} | ${after.logReads - before.logReads} |`)

    // A job of each stranger, all at once.
    const before2 = await stats()
    const theirs = await Promise.all(strangers.map((caller) => submit(caller)))
    await Promise.all(theirs.map((id, i) => readUntil(open[i]!, id, 'completed')))
    const after2 = await stats()
    const changes2 = await jobRows(theirs)
    expect(after2.logReads - before2.logReads).toBeLessThanOrEqual(changes2)
    measured.push(`| 10 (5 callers + 5 of one) | 5 jobs at once | ${changes2} | ${after2.notifications - before2.notifications} | ${after2.logReads - before2.logReads} |`)

    // A sentinel job per caller after all of that: a foreign event handed to a stream would come before it.
    const callers = [...strangers, user]
    const sentinels = new Map<Caller, string>()
    for (const caller of callers) sentinels.set(caller, await submit(caller))
    const own = new Map<Caller, Set<string>>(callers.map((c, i) => [c, new Set([i < 5 ? theirs[i]! : mine, sentinels.get(c)!])]))
    await Promise.all(open.map((s) => readUntil(s, sentinels.get(s.caller)!)))
    await Promise.all(open.map((s) => s.sse.cancel()))
    for (const s of open) {
      expect(s.seen.filter((e) => !own.get(s.caller)!.has(e.job))).toEqual([])
      expect(s.seen.filter((e) => e.job !== sentinels.get(s.caller)).map((e) => e.status)).toEqual(['waiting', 'processing', 'completed'])
    }
    // Every departure ends its subscription in the object. wrangler dev tells the Worker of a departure
    // when it next writes to the stream (see the disconnect test below): the sentinels' jobs ran at once
    // and may have finished before the streams were cancelled, so each caller's next job is that write.
    const nextJobs = await Promise.all(callers.map((caller) => submit(caller)))
    expect(await statsWhen((s) => s.streams === 0 && s.subscriptions === 0)).toMatchObject({ streams: 0, subscriptions: 0 })
    for (const [i, caller] of callers.entries()) {
      await finished(sentinels.get(caller)!, caller)
      await finished(nextJobs[i]!, caller)
    }
  }, 120_000)

  test('a stream whose client disconnects leaves no subscription in the object', async () => {
    await statsWhen((s) => s.streams === 0)
    const caller = anonymous()
    const { sse } = await openStream(caller)
    expect(await statsWhen((s) => s.streams === 1)).toMatchObject({ streams: 1, subscriptions: 1 })
    await sse.cancel()
    // wrangler dev tells the Worker of a departure when it next writes to the stream (at the latest the
    // keep-alive, 15 s): the caller's next job is that write here.
    const id = await submit(caller)
    expect(await statsWhen((s) => s.streams === 0 && s.subscriptions === 0)).toMatchObject({ streams: 0, subscriptions: 0 })
    await finished(id, caller)
  }, 30_000)

  test('resuming with Last-Event-ID after a dropped connection: the changes made meanwhile arrive once, in order, then live ones', async () => {
    const caller = anonymous()
    const first = await openStream(caller)
    const id = await submit(caller)
    const [waiting] = await eventsUntil(first.sse, id, 'waiting')
    await first.sse.cancel()
    await finished(id, caller)
    const back = await openStream(caller, waiting!.id)
    expect(JSON.parse(back.ready.data)).toEqual({ resumed: true })
    expect(back.backlog.map((e) => `${e.job}:${e.status}`)).toEqual([`${id}:processing`, `${id}:completed`])
    const next = await submit(caller)
    expect((await eventsUntil(back.sse, next, 'completed')).map((e) => `${e.job}:${e.status}`)).toEqual([`${next}:waiting`, `${next}:processing`, `${next}:completed`])
    await back.sse.cancel()
  }, 60_000)

  test('the object restarting (a deploy, an eviction) ends the streams it held; the client resumes with Last-Event-ID and loses nothing', async () => {
    const caller = anonymous()
    const first = await openStream(caller)
    const id = await submit(caller)
    const seen = await eventsUntil(first.sse, id, 'waiting')
    expect((await call('/__test/job-events/restart', { method: 'POST' })).status).toBe(204)
    // The stream ends (the job's run, started at once by the submit, may have told it of the claim and the
    // completion before the restart).
    const reading = (async () => {
      for (;;) seen.push(jobEvent(await first.sse.until('job')))
    })()
    await expect(reading).rejects.toThrow('the event stream ended')
    await finished(id, caller)
    const back = await openStream(caller, seen.at(-1)!.id)
    expect([...seen, ...back.backlog].map((e) => `${e.job}:${e.status}`)).toEqual([`${id}:waiting`, `${id}:processing`, `${id}:completed`])
    // The new instance holds the new stream and is told of the next job.
    const next = await submit(caller)
    await eventsUntil(back.sse, next, 'completed')
    expect(await stats()).toMatchObject({ streams: 1, subscriptions: 1 })
    await back.sse.cancel()
  }, 60_000)

  test('a caller past EVENT_STREAMS_PER_CALLER gets the object\'s refusal as the JSON error, before any stream starts', async () => {
    const held = await Promise.all(Array.from({ length: 6 }, () => openStream(asUser())))
    const res = await call('/v2/queue/events', { headers: { ...asUser(), accept: 'text/event-stream' } })
    expect(res.status).toBe(429)
    expect(res.headers.get('content-type')).toStartWith('application/json')
    expect(await res.json()).toMatchObject({ success: false, errors: [{ code: 'too_many_streams' }] })
    // Another caller still opens one.
    const other = await openStream(anonymous())
    for (const h of [...held, other]) await h.sse.cancel()
  }, 60_000)
})

afterAll(() => {
  if (!measured.length) return
  const table = ['| Streams open | Changes made by | Job changes | Notifications | Log reads in the object |', '|---|---|---|---|---|', ...measured].join('\n')
  console.log(table)
  mkdirSync(join(import.meta.dir, '../../test-results'), { recursive: true })
  writeFileSync(join(import.meta.dir, '../../test-results/job-event-reads.md'), `${table}\n`)
})
