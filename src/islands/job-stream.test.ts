/**
 * The job drawer's event stream client (./job-stream.ts) against a stand-in EventSource: job events
 * reach the store's handler, a first connection and a resync ask for one read of the unfinished jobs
 * while a resumed reconnection does not, and a stream that is refused, never becomes ready or stays
 * down is given up so the watcher polls.
 */
import { describe, expect, test } from 'bun:test'
import type { JobAnswer } from '../shared/api/generate-api'
import { openJobStream, STREAM_READY_MS, type EventSourceLike } from './job-stream'

/** A stand-in EventSource the test drives. */
function fakeSource() {
  const listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  const source = {
    readyState: 0,
    closed: false,
    addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener])
    },
    close() {
      source.closed = true
      source.readyState = 2
    },
    emit(type: string, data = '{}') {
      for (const l of listeners.get(type) ?? []) l({ data } as MessageEvent<string>)
    },
  }
  return source
}

function setUp() {
  const source = fakeSource()
  const log: string[] = []
  const jobs: JobAnswer[] = []
  const timers: { ms: number; fn: () => void; cancelled: boolean }[] = []
  const close = openJobStream({
    open: () => source as EventSourceLike,
    onJob: (answer) => jobs.push(answer),
    onReady: (fresh) => log.push(fresh ? 'ready:fresh' : 'ready:resumed'),
    onUnavailable: () => log.push('unavailable'),
    timer(ms, fn) {
      const t = { ms, fn, cancelled: false }
      timers.push(t)
      return () => void (t.cancelled = true)
    },
  })
  /** Fires the newest timer still running. */
  const expire = () => timers.filter((t) => !t.cancelled).at(-1)?.fn()
  return { source, log, jobs, timers, close, expire }
}

const completed = { job: { id: 'a'.repeat(24), status: 'completed', timestamp: 1, result: 'b'.repeat(32) }, skin: { uuid: 'b'.repeat(32) } }

describe('job event stream client', () => {
  test('job events reach the handler; a first connection and a resync are fresh, a resumed reconnection is not', () => {
    const s = setUp()
    s.source.readyState = 1
    s.source.emit('ready')
    s.source.emit('job', JSON.stringify(completed))
    s.source.emit('job', 'not json')
    s.source.emit('job', JSON.stringify({ nothing: true }))
    expect(s.jobs).toEqual([completed as never])
    // Dropped and back: the browser resumes with Last-Event-ID, nothing to read again.
    s.source.readyState = 0
    s.source.emit('error')
    s.source.readyState = 1
    s.source.emit('ready')
    // Back on a log that could not resume: read the jobs again.
    s.source.emit('resync')
    s.source.emit('ready')
    expect(s.log).toEqual(['ready:fresh', 'ready:resumed', 'ready:fresh'])
    s.close()
    expect(s.source.closed).toBe(true)
  })

  test('a refused stream (not 200, not an event stream) is given up at once', () => {
    const s = setUp()
    s.source.readyState = 2
    s.source.emit('error')
    expect(s.log).toEqual(['unavailable'])
  })

  test('a stream whose ready never comes (a buffering proxy) is closed after the wait, and so is one that stays down', () => {
    const first = setUp()
    expect(first.timers[0]!.ms).toBe(STREAM_READY_MS)
    first.expire()
    expect(first.log).toEqual(['unavailable'])
    expect(first.source.closed).toBe(true)

    const second = setUp()
    second.source.emit('ready')
    second.source.emit('error')
    second.expire()
    expect(second.log).toEqual(['ready:fresh', 'unavailable'])
    // Given up once: later events change nothing.
    second.source.emit('job', JSON.stringify(completed))
    expect(second.jobs).toEqual([])
  })
})
