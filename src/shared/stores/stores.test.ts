/**
 * The persisted browser state of the generate flow (SPEC §3, §5, §9), tested as pure functions with
 * an injected clock: the queue's 2-day purge and newest-8 view, the badge, the signed-in merge, the
 * own-skins cap, the stored form without empty entries, and the rate-limit hint.
 */
import { describe, expect, test } from 'bun:test'
import { EMPTY_FORM, storedForm } from './generate-form'
import { remainingAllowance, secondsUntilRetry } from './generate-limits'
import { withOwnSkin } from './my-skins'
import { entryWithJobAnswer } from '../api/generate-api'
import { hasPendingJobs, jobsBadge, mergeServerJobs, visibleEntries, withoutExpired, type QueueEntry } from './queue'

const DAY = 86_400_000
const hexId = (n: number) => n.toString(16).padStart(24, '0')
const entry = (n: number, status: QueueEntry['job']['status'], timestamp: number): QueueEntry => ({
  job: { id: hexId(n), status, timestamp },
  source: { type: 'upload', content: `${n}.png`, name: `${n}.png` },
  check: { last: 0, count: 0 },
  errors: [],
})
const byId = (list: QueueEntry[]) => Object.fromEntries(list.map((e) => [e.job.id, e]))

describe('queue (SPEC §3 Queue entry, §9)', () => {
  const now = 10 * DAY
  test('the job list shows the newest 8 jobs', () => {
    const entries = byId(Array.from({ length: 12 }, (_, i) => entry(i, 'completed', now - i * 3_600_000)))
    expect(visibleEntries(entries, now).map((e) => e.job.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map(hexId))
  })
  test('jobs older than 2 days are removed; younger ones stay', () => {
    const fresh = entry(1, 'completed', now - 2 * DAY)
    const old = entry(2, 'failed', now - 2 * DAY - 1)
    const entries = byId([fresh, old])
    expect(Object.keys(withoutExpired(entries, now))).toEqual([fresh.job.id])
    expect(visibleEntries(entries, now).map((e) => e.job.id)).toEqual([fresh.job.id])
    // Nothing to remove: the same object, so the store is not rewritten on every page load.
    const kept = byId([fresh])
    expect(withoutExpired(kept, now)).toBe(kept)
  })
  test('badge: none without jobs, warning while any is pending, success when all are done (SPEC §2)', () => {
    expect(jobsBadge({})).toBe('none')
    expect(jobsBadge(byId([entry(1, 'completed', now), entry(2, 'processing', now)]))).toBe('pending')
    expect(jobsBadge(byId([entry(1, 'completed', now), entry(2, 'failed', now)]))).toBe('done')
    expect(hasPendingJobs(byId([entry(1, 'waiting', now)]))).toBe(true)
  })
  test('the signed-in refresh updates known jobs and adds unknown ones (SPEC §4)', () => {
    const known = entry(1, 'processing', now)
    const skin = 'ab'.repeat(16)
    const merged = mergeServerJobs(byId([known]), [
      { id: known.job.id, status: 'completed', timestamp: now, result: skin },
      { id: hexId(9), status: 'completed', timestamp: now - 1000, result: 'cd'.repeat(16), originalName: 'https://ex.org/skins/zombie.png' },
      { id: hexId(10), status: 'waiting', timestamp: now - 500, originalName: 'Notch' },
    ])
    expect(merged[known.job.id]).toMatchObject({ job: { status: 'completed', result: skin }, skin, source: known.source })
    // Jobs from another device are named by their originalName (SPEC §3), a URL by its last segment.
    expect(merged[hexId(9)]).toMatchObject({ skin: 'cd'.repeat(16), source: { type: 'url', name: 'https://ex.org/skins/zombie.png' }, errors: [] })
    expect(merged[hexId(10)]).toMatchObject({ source: { type: 'upload', name: 'Notch' } })
    expect(merged[hexId(10)]!.skin).toBeUndefined()
  })

  // The event stream's first read of unfinished jobs (and the signed-in list) can be answered before a
  // job finished yet arrive after the live event that said it had: the job must not go back to pending.
  test('an answer read before the job finished never takes a finished job back to pending', () => {
    const skin = 'ab'.repeat(16)
    const done: QueueEntry = { ...entry(1, 'completed', now), skin }
    const late = entryWithJobAnswer(done, { job: { id: done.job.id, status: 'waiting', timestamp: now } }, now + 5)
    expect(late).toMatchObject({ job: { status: 'completed' }, skin, check: { last: now + 5, count: 1 } })
    const failed: QueueEntry = { ...entry(2, 'failed', now), errors: [{ code: 'invalid_image', message: 'x' }] }
    expect(entryWithJobAnswer(failed, { job: { id: failed.job.id, status: 'processing', timestamp: now } }, now).job.status).toBe('failed')
    expect(mergeServerJobs(byId([done]), [{ id: done.job.id, status: 'processing', timestamp: now }])[done.job.id]).toEqual(done)
    // Forward moves still apply.
    const waiting = entry(3, 'waiting', now)
    expect(entryWithJobAnswer(waiting, { job: { id: waiting.job.id, status: 'processing', timestamp: now } }, now).job.status).toBe('processing')
  })
})

describe('own skins (SPEC §4, §9)', () => {
  test('newest first, no duplicates, capped at 100 with the oldest dropped', () => {
    let list: string[] = []
    for (let i = 0; i < 105; i++) list = withOwnSkin(list, `skin${i}`)
    expect(list).toHaveLength(100)
    expect(list[0]).toBe('skin104')
    expect(list.at(-1)).toBe('skin5')
    expect(withOwnSkin(list, 'skin50')[0]).toBe('skin50')
    expect(withOwnSkin(list, 'skin50')).toHaveLength(100)
  })
})

describe('generate form (SPEC §3, §5)', () => {
  test('empty URL and player entries are dropped when stored; the rest is kept', () => {
    const form = { ...EMPTY_FORM, name: 'My skin', urls: ['', 'https://ex.org/a.png', '  '], users: ['Notch', ''], generating: true }
    expect(storedForm(form)).toEqual({ ...form, urls: ['https://ex.org/a.png'], users: ['Notch'] })
  })
})

describe('rate-limit hint (SPEC §8, reference §1.3)', () => {
  const now = 1_000_000_000
  const window = (remaining: number, resetInS: number) => ({ used: 20 - remaining, limit: 20, remaining, reset: Math.floor(now / 1000) + resetInS })
  test('"N more" from the tighter live window', () => {
    expect(remainingAllowance({ minute: window(17, 30), hour: window(150, 3000) }, now)).toEqual({ count: 17, per: 'minute' })
    expect(remainingAllowance({ minute: window(17, 30), hour: window(3, 3000) }, now)).toEqual({ count: 3, per: 'hour' })
  })
  test('a window that has reset says nothing', () => {
    expect(remainingAllowance({ minute: window(0, -1) }, now)).toBeNull()
    expect(remainingAllowance({}, now)).toBeNull()
  })
  test('seconds until a 429 lifts, rounded up', () => {
    expect(secondsUntilRetry({ retryAt: now + 12_300 }, now)).toBe(13)
    expect(secondsUntilRetry({ retryAt: now - 1 }, now)).toBe(0)
    expect(secondsUntilRetry({}, now)).toBe(0)
  })
})
