/**
 * The writers' notifier of the job event object (./durable-job-events.ts) over a stand-in namespace: a
 * notification that fails, or that the object does not take in time, is reported and never thrown, so
 * no job waits on or fails for it (the object's poll reads the row then); an object that holds no stream
 * is not told again within the quiet window, which a stream this isolate opens ends.
 */
import { describe, expect, test } from 'bun:test'
import { durableJobEvents, JOB_EVENTS_OBJECT, MAX_QUIET_MS, quietMsFor } from './durable-job-events'

/** A namespace whose one object answers `changed` with `answer`. */
function namespace(answer: () => Promise<boolean | void>) {
  const asked: string[] = []
  return {
    asked,
    ns: {
      idFromName: (name: string) => (asked.push(name), name),
      get: () => ({ changed: answer, fetch: async () => new Response(null, { status: 503 }), stats: async () => ({ streams: 0, subscriptions: 0, notifications: 0, logReads: 0 }) }),
    } as never,
  }
}

describe('job event notifier', () => {
  test('tells the one object by name and resolves once it took the notification', async () => {
    let told = 0
    const { ns, asked } = namespace(async () => void told++)
    const reported: unknown[] = []
    await durableJobEvents(ns, { report: (e) => void reported.push(e) }).changed()
    expect([told, asked, reported]).toEqual([1, [JOB_EVENTS_OBJECT], []])
  })

  test('an object that fails is reported, not thrown', async () => {
    const { ns } = namespace(async () => Promise.reject(new Error('object overloaded')))
    const reported: unknown[] = []
    await durableJobEvents(ns, { report: (e) => void reported.push(e) }).changed()
    expect(String(reported[0])).toContain('object overloaded')
  })

  test('an object that does not answer holds the writer only until the timeout, then is reported', async () => {
    const { ns } = namespace(() => new Promise<void>(() => {}))
    const reported: unknown[] = []
    await durableJobEvents(ns, { report: (e) => void reported.push(e), notifyTimeoutMs: 5 }).changed()
    expect(String(reported[0])).toContain('took no notification within 5 ms')
  })

  test('an object that holds no stream is not told again within the quiet window; the first change after it is', async () => {
    let told = 0
    let streams = false
    const { ns } = namespace(async () => (told++, streams))
    let t = 1_000
    const events = durableJobEvents(ns, { report: () => {}, quietMs: 1000, now: () => t })
    await events.changed()
    await events.changed()
    t += 999
    await events.changed()
    expect(told).toBe(1)
    t += 1
    streams = true
    await events.changed()
    await events.changed()
    expect(told).toBe(3)
    expect((await events.stats()).untold).toBe(2)
  })

  test('a stream opened in this isolate ends the quiet at once, also against a "no streams" answer already on its way', async () => {
    let told = 0
    let answer: (holds: boolean) => void = () => {}
    const { ns } = namespace(() => (told++, new Promise<boolean>((resolve) => (answer = resolve))))
    const events = durableJobEvents(ns, { report: () => {}, quietMs: 60_000, now: () => 5 })
    const first = events.changed()
    // The subscription starts while the first call is out; the object's "none" answer predates it.
    await events.hubFor().subscribe({ owner: 'u:1', quota: [] } as never).catch(() => {})
    answer(false)
    await first
    const second = events.changed()
    answer(true)
    await second
    expect(told).toBe(2)
  })

  test('without a quiet window (the default, or a poll that is off or slow) every change is told', async () => {
    let told = 0
    const { ns } = namespace(async () => (told++, false))
    const events = durableJobEvents(ns, { report: () => {} })
    for (let i = 0; i < 3; i++) await events.changed()
    expect(told).toBe(3)
    expect([quietMsFor(1000), quietMsFor(0), quietMsFor(MAX_QUIET_MS + 1)]).toEqual([1000, 0, 0])
  })
})
