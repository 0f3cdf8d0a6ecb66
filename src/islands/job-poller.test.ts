/**
 * The poller against a scripted API, with an injected clock, random source and wait (the SPEC §9
 * polling schedule and stop rule; long-polls first, the schedule as the fallback), updating the real
 * queue store.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { ApiCallError } from '../shared/api/api-call-error'
import type { JobAnswer } from '../shared/api/generate-api'
import { $queue, putQueueEntry } from '../shared/stores/queue'
import { createJobPoller } from './job-poller'

const ID = 'aabbccddeeff001122334455'
const SKIN = 'ab'.repeat(16)
const HASH = 'c'.repeat(64)

/**
 * The poller against a scripted API and an injected clock. `server.heldMs(wait)` is how long of that
 * clock the server takes to answer a poll (a long-poll is held until it ran out); `longPollMs` turns
 * the poller's long-polls on.
 */
function scripted(answers: (JobAnswer | Error)[], server: { heldMs?: (waitMs: number) => number; longPollMs?: number } = {}) {
  const waits: number[] = []
  const polls: { id: string; now: number }[] = []
  const asked: number[] = []
  let clock = 5_000_000
  const poller = createJobPoller({
    fetchJob: async (id, now, waitMs) => {
      polls.push({ id, now })
      asked.push(waitMs)
      clock += server.heldMs?.(waitMs) ?? 0
      const next = answers.shift() ?? answers.at(-1)
      if (next instanceof Error) throw next
      return next ?? null
    },
    now: () => clock,
    random: () => 0.5,
    wait: async (ms) => {
      waits.push(ms)
      clock += ms
    },
    ...(server.longPollMs !== undefined ? { longPollMs: server.longPollMs } : {}),
  })
  return { poller, waits, polls, asked }
}

const answer = (status: JobAnswer['job']['status'], extra: Partial<JobAnswer> = {}): JobAnswer => ({ job: { id: ID, status, timestamp: 5_000_000, eta: 5_000_500 }, links: { image: `/v2/images/${'d'.repeat(64)}` }, ...extra })

beforeEach(() => {
  $queue.set({})
  putQueueEntry({ job: { id: ID, status: 'waiting', timestamp: 5_000_000 }, source: { type: 'upload', content: 'a.png', name: 'a.png' }, check: { last: 0, count: 0 }, errors: [] })
})

describe('job poller (SPEC §4, §9)', () => {
  test('polls on the schedule until the job completed with a skin, then stops', async () => {
    const { poller, waits, polls } = scripted([answer('processing'), answer('processing'), answer('completed', { job: { id: ID, status: 'completed', timestamp: 5_000_000, result: SKIN }, skin: { uuid: SKIN, texture: { hash: { skin: HASH } } } })])
    await poller.poll(ID)
    // random 0.5: 500 + 400, then 600 + 300 + 200·n.
    expect(waits).toEqual([900, 1100, 1300])
    expect(polls).toHaveLength(3)
    // SPEC §7 `?t={unix seconds}` comes from the clock at each poll.
    expect(polls.map((p) => p.now)).toEqual([5_000_900, 5_002_000, 5_003_300])
    const entry = $queue.get()[ID]!
    expect(entry.job.status).toBe('completed')
    expect(entry.skin).toBe(SKIN)
    expect(entry.image).toBe(`/render/head/${HASH}?scale=2&overlay=true`)
    expect(entry.check).toEqual({ last: 5_003_300, count: 3 })
  })

  test('a job that never finishes is polled 6 times (more than 5), then left for the next page load', async () => {
    const { poller, waits } = scripted([answer('processing')])
    await poller.poll(ID)
    expect(waits).toEqual([900, 1100, 1300, 1500, 1700, 1900])
    const entry = $queue.get()[ID]!
    expect(entry.job.status).toBe('processing')
    expect(entry.image).toBe(`/api/v2/images/${'d'.repeat(64)}`)
    expect(entry.check.count).toBe(6)
    // The next cycle (page load, job list opened) counts from zero again.
    const again = scripted([answer('processing')])
    await again.poller.poll(ID)
    expect(again.waits[0]).toBe(900)
  })

  test('a failed job stops at once and keeps its error messages', async () => {
    const { poller, polls } = scripted([answer('failed', { errors: [{ code: 'invalid_image', message: 'Not a skin' }] })])
    await poller.poll(ID)
    expect(polls).toHaveLength(1)
    expect($queue.get()[ID]).toMatchObject({ job: { status: 'failed' }, errors: [{ code: 'invalid_image', message: 'Not a skin' }] })
  })

  test('a job the server no longer knows (404) fails with the server’s message', async () => {
    const { poller } = scripted([new ApiCallError(404, 'job_not_found', 'Job not found', {})])
    await poller.poll(ID)
    expect($queue.get()[ID]).toMatchObject({ job: { status: 'failed' }, errors: [{ code: 'job_not_found', message: 'Job not found' }] })
  })

  test('a failing poll (offline, 5xx) counts and the next one tries again', async () => {
    const { poller, polls } = scripted([new ApiCallError(503, 'service_unavailable', 'Down', {}), new TypeError('fetch failed'), answer('completed', { skin: { uuid: SKIN } })])
    await poller.poll(ID)
    expect(polls).toHaveLength(3)
    expect($queue.get()[ID]).toMatchObject({ job: { status: 'completed' }, skin: SKIN, check: { count: 3 } })
  })

  test('a job removed from the queue meanwhile is not polled further', async () => {
    const { poller, polls } = scripted([answer('processing')])
    const run = poller.poll(ID)
    $queue.set({})
    await run
    expect(polls.length).toBeLessThanOrEqual(1)
    expect($queue.get()).toEqual({})
  })

  test('another tab polling the job (lock taken) means no poll here', async () => {
    const polls: string[] = []
    const poller = createJobPoller({
      fetchJob: async (id) => (polls.push(id), answer('completed', { skin: { uuid: SKIN } })),
      now: () => 0,
      random: () => 0,
      wait: async () => undefined,
      exclusive: async () => undefined,
    })
    await poller.poll(ID)
    expect(polls).toEqual([])
  })
})

describe('long-polls first', () => {
  const completed = answer('completed', { job: { id: ID, status: 'completed', timestamp: 5_000_000, result: SKIN }, skin: { uuid: SKIN } })

  /** A server that takes `heldMs(wait)` of the injected clock to answer each poll (`wait` itself: held until it ran out). */
  const holding = (answers: (JobAnswer | Error)[], heldMs: (waitMs: number) => number) => scripted(answers, { heldMs, longPollMs: 10_000 })

  test('the first poll goes at once and waits on the server: a job signed in milliseconds is done in one poll', async () => {
    const { poller, waits, asked } = holding([completed], () => 8)
    await poller.poll(ID)
    expect(waits).toEqual([])
    expect(asked).toEqual([10_000])
    expect($queue.get()[ID]).toMatchObject({ job: { status: 'completed' }, skin: SKIN, check: { count: 1 } })
  })

  test('a long-poll that ends at its wait unfinished counts as a poll; the next follows at once, until the polls run out', async () => {
    const { poller, waits, asked } = holding([answer('processing')], (waitMs) => waitMs)
    await poller.poll(ID)
    expect(waits).toEqual([])
    expect(asked).toEqual([10_000, 10_000, 10_000, 10_000, 10_000, 10_000])
    expect($queue.get()[ID]!.check.count).toBe(6)
  })

  test('an API that ignores wait (answers at once, unfinished) gets the SPEC schedule from then on, in later cycles too', async () => {
    const { poller, waits, asked } = holding([answer('waiting'), answer('processing'), completed, completed], () => 5)
    await poller.poll(ID)
    // The long-poll was poll 1; polls 2 and 3 come on the schedule (600 + 300 + 200·n), without wait.
    expect(asked).toEqual([10_000, 0, 0])
    expect(waits).toEqual([1100, 1300])
    putQueueEntry({ job: { id: ID, status: 'waiting', timestamp: 5_000_000 }, source: { type: 'upload', content: 'a.png', name: 'a.png' }, check: { last: 0, count: 0 }, errors: [] })
    await poller.poll(ID)
    expect(asked.slice(3)).toEqual([0])
    expect(waits.slice(2)).toEqual([900])
  })

  test('a failing long-poll costs a poll; the next waits the schedule\'s delay and long-polls again', async () => {
    const { poller, waits, asked } = holding([new ApiCallError(503, 'service_unavailable', 'Down', {}), completed], () => 5)
    await poller.poll(ID)
    expect(asked).toEqual([10_000, 10_000])
    expect(waits).toEqual([1100])
    expect($queue.get()[ID]).toMatchObject({ job: { status: 'completed' }, check: { count: 2 } })
  })

  test('at most two long-polls are open at once; a third job polls on the schedule meanwhile', async () => {
    const ids = ['a', 'b', 'c'].map((x) => x.repeat(24))
    for (const id of ids) putQueueEntry({ job: { id, status: 'waiting', timestamp: 0 }, source: { type: 'upload', content: `${id}.png`, name: `${id}.png` }, check: { last: 0, count: 0 }, errors: [] })
    const asked: { id: string; waitMs: number }[] = []
    const release: (() => void)[] = []
    const poller = createJobPoller({
      fetchJob: (id, _now, waitMs) =>
        new Promise((resolve) => {
          asked.push({ id, waitMs })
          release.push(() => resolve({ job: { id, status: 'completed', timestamp: 0, result: SKIN }, skin: { uuid: SKIN } }))
        }),
      now: () => 0,
      random: () => 0,
      wait: async () => undefined,
      longPollMs: 10_000,
    })
    const runs = ids.map((id) => poller.poll(id))
    // Let the three cycles reach their first fetch (a macrotask turn; no wall-clock wait).
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(asked).toEqual([
      { id: ids[0]!, waitMs: 10_000 },
      { id: ids[1]!, waitMs: 10_000 },
      { id: ids[2]!, waitMs: 0 },
    ])
    for (const done of release) done()
    await Promise.all(runs)
    expect(ids.map((id) => $queue.get()[id]!.job.status)).toEqual(['completed', 'completed', 'completed'])
  })
})
