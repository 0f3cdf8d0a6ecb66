/**
 * The writers' notifier of the job event object (./durable-job-events.ts) over a stand-in namespace: a
 * notification that fails, or that the object does not take in time, is reported and never thrown, so
 * no job waits on or fails for it (the object's poll reads the row then).
 */
import { describe, expect, test } from 'bun:test'
import { durableJobEvents, JOB_EVENTS_OBJECT } from './durable-job-events'

/** A namespace whose one object answers `changed` with `answer`. */
function namespace(answer: () => Promise<void>) {
  const asked: string[] = []
  return {
    asked,
    ns: {
      idFromName: (name: string) => (asked.push(name), name),
      get: () => ({ changed: answer }),
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
})
