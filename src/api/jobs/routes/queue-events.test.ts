/**
 * `GET /v2/queue/events` over real HTTP (Bun.serve in front of the embedded API): a caller's job
 * changes arrive as they happen, in order, with the job's skin on completion; a client that dropped
 * its connection resumes with `Last-Event-ID` and loses nothing; another caller's jobs are never
 * sent; keep-alives come when the hub's timer ticks. The queue is started by the test and the timers
 * are driven by hand, so nothing here depends on the wall clock.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { createApiApp } from '../../app'
import { closeServed, served, summary, UA } from './queue-events.fixture'

afterEach(closeServed)

describe('GET /v2/queue/events', () => {
  test('a job\'s changes arrive in order as they happen, the completion with its skin as the job read gives it', async () => {
    const s = await served()
    const me = await s.client()
    const stream = await s.stream(me)
    const ready = await stream.next()
    expect(ready.event).toBe('ready')
    expect(JSON.parse(ready.data)).toEqual({ resumed: false })
    const jobId = await s.queued(me, 9101)
    const waiting = await stream.next()
    expect(summary(waiting)).toMatchObject({ job: jobId, status: 'waiting' })
    // The queue runs the job now, while the stream is open.
    await s.t.api.start()
    const processing = await stream.next()
    const completed = await stream.next()
    expect([processing, completed].map((e) => e.event)).toEqual(['job', 'job'])
    expect(summary(processing)).toMatchObject({ job: jobId, status: 'processing' })
    expect(summary(completed)).toMatchObject({ job: jobId, status: 'completed' })
    const rows = await Promise.all([ready, waiting, processing, completed].map(s.row))
    expect(rows).toEqual([...rows].sort((x, y) => x! - y!))
    expect(new Set(rows).size).toBe(4)
    // The completed event is what GET /v2/queue/{id} answers (job and skin), without the envelope's per-request parts.
    const read = (await (await fetch(`${s.origin}/v2/queue/${jobId}`, { headers: { ...UA, cookie: me } })).json()) as { job: unknown; skin: { uuid: string } }
    const data = JSON.parse(completed.data) as { job: { result: string }; skin: { uuid: string } }
    expect(data).toEqual({ job: read.job, skin: read.skin } as never)
    expect(data.job.result).toBe(data.skin.uuid)
    await stream.cancel()
  })

  test('after a dropped connection, Last-Event-ID resumes with every change made meanwhile, each once, then the live ones', async () => {
    const s = await served()
    const me = await s.client()
    const first = await s.stream(me)
    await first.until('ready')
    const a = await s.queued(me, 9201)
    const seen = await first.next()
    expect(summary(seen)).toMatchObject({ job: a, status: 'waiting' })
    // The connection drops; meanwhile a second job is queued and both run to their end.
    await first.cancel()
    const b = await s.queued(me, 9202)
    await s.t.api.start()
    await s.t.api.idle()

    const again = await s.stream(me, seen.id!)
    const replay: ReturnType<typeof summary>[] = []
    let ready = await again.next()
    for (; ready.event !== 'ready'; ready = await again.next()) replay.push(summary(ready))
    // Every change after the last one seen, once each, in the order they were made.
    const ids = (await Promise.all(replay.map((e) => s.t.api.services.ctx.eventIds.open(e.id)))) as number[]
    expect(ids).toEqual([...ids].sort((x, y) => x - y))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids[0]!).toBeGreaterThan((await s.row(seen))!)
    expect(replay.filter((e) => e.job === a).map((e) => e.status)).toEqual(['processing', 'completed'])
    expect(replay.filter((e) => e.job === b).map((e) => e.status)).toEqual(['waiting', 'processing', 'completed'])
    expect(replay).toHaveLength(5)
    expect(JSON.parse(ready.data)).toEqual({ resumed: true })
    expect((await s.row(ready))!).toBeGreaterThanOrEqual(ids[ids.length - 1]!)
    // Live again: a third job arrives on the resumed stream.
    const c = await s.queued(me, 9203)
    expect(summary(await again.next())).toMatchObject({ job: c, status: 'waiting' })
    await again.cancel()
  })

  test('another caller\'s jobs are never sent, live or on resume', async () => {
    const s = await served()
    const [me, other] = [await s.client(), await s.client()]
    const mine = await s.stream(me)
    const theirs = await s.stream(other)
    await mine.until('ready')
    await theirs.until('ready')
    const theirJob = await s.queued(other, 9301)
    const myJob = await s.queued(me, 9302)
    await s.t.api.start()
    await s.t.api.idle()
    const myEvents = [await mine.next(), await mine.next(), await mine.next()].map(summary)
    const theirEvents = [await theirs.next(), await theirs.next(), await theirs.next()].map(summary)
    expect(new Set(myEvents.map((e) => e.job))).toEqual(new Set([myJob]))
    expect(new Set(theirEvents.map((e) => e.job))).toEqual(new Set([theirJob]))
    // Resuming from the very start of the log replays my jobs only.
    const replay = await s.stream(me, '0')
    const replayed: ReturnType<typeof summary>[] = []
    for (let e = await replay.next(); e.event !== 'ready'; e = await replay.next()) replayed.push(summary(e))
    expect(replayed.map((e) => e.status)).toEqual(['waiting', 'processing', 'completed'])
    expect(new Set(replayed.map((e) => e.job))).toEqual(new Set([myJob]))
    for (const r of [mine, theirs, replay]) await r.cancel()
  })

  test('keep-alive comments on the hub\'s tick; a client that leaves is unsubscribed; an id from elsewhere asks for a resync', async () => {
    const s = await served()
    const me = await s.client()
    const stream = await s.stream(me)
    await stream.until('ready')
    expect(s.t.api.services.events!.hub!.open()).toBe(1)
    s.tick(15_000)
    const jobId = await s.queued(me, 9401)
    await stream.next()
    expect(stream.comments()).toBe(1)
    await stream.cancel()
    // The server learns of the departure asynchronously; the hub then has no stream and stops its timers.
    for (let i = 0; i < 100 && s.t.api.services.events!.hub!.open() > 0; i++) await Bun.sleep(5)
    expect(s.t.api.services.events!.hub!.open()).toBe(0)
    // An id this log never gave out (another database): resync, then live.
    const odd = await s.stream(me, '999999')
    const resync = await odd.next()
    expect(resync.event).toBe('resync')
    expect((await odd.next()).event).toBe('ready')
    await odd.cancel()
    expect(jobId).toBeString()
  })

  test('changes older than the job list\'s 3 hours are pruned; resuming from before them is a resync, not a silent gap', async () => {
    const s = await served()
    const me = await s.client()
    const stream = await s.stream(me)
    const seen = await stream.until('ready')
    // The connection drops before this job's change arrives.
    await stream.cancel()
    await s.queued(me, 9451)
    // Three hours and a minute later another job changes: the first job's row goes.
    s.t.clock.now += 3 * 3_600_000 + 60_000
    const recent = await s.queued(me, 9452)
    const resumed = await s.stream(me, seen.id!)
    expect((await resumed.next()).event).toBe('resync')
    const ready = await resumed.next()
    expect(ready.event).toBe('ready')
    await resumed.cancel()
    // From the resync's id on, nothing is missing: the recent job's change is before it.
    const fromReady = await s.stream(me, await s.t.api.services.ctx.eventIds.seal((await s.row(ready))! - 1))
    expect(summary(await fromReady.next())).toMatchObject({ job: recent, status: 'waiting' })
    await fromReady.cancel()
  })

  test('a Last-Event-ID that is not one of ours is 400 invalid_last_event_id; without the hub (the API Worker) 501 events_unavailable', async () => {
    const s = await served()
    const bad = await fetch(`${s.origin}/v2/queue/events`, { headers: { ...UA, 'last-event-id': 'abc' } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ success: false, errors: [{ code: 'invalid_last_event_id' }] })
    const { events: _events, ...withoutHub } = s.t.api.services
    const worker = createApiApp(withoutHub)
    const res = await worker.request('/v2/queue/events', { headers: UA })
    expect(res.status).toBe(501)
    expect(await res.json()).toMatchObject({ success: false, errors: [{ code: 'events_unavailable' }] })
  })
})
