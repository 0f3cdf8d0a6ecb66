/**
 * TEST ONLY: the embedded API behind a real HTTP server for the `GET /v2/queue/events` tests, its
 * queue not started and its stream timers ticked by hand, so nothing depends on the wall clock.
 * @module
 */
import { expect } from 'bun:test'
import { makeSkinPng } from '../../image/fixtures'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'
import { readSse, type SseEvent } from '../../testing/sse-reader'

export const UA = { 'user-agent': 'EventStreamTest/1.0' }

const open: { t: TestApi; server: ReturnType<typeof Bun.serve> }[] = []
/** Stops every server {@link served} started (the tests' afterEach). */
export async function closeServed(): Promise<void> {
  for (const { t, server } of open.splice(0)) {
    server.stop(true)
    await t.close()
  }
}

/** A test API behind a real HTTP server, its queue not started, its stream timers ticked by hand. */
export async function served(env: Record<string, string> = {}) {
  const timers: { ms: number; tick: () => void; stopped: boolean }[] = []
  const every = (ms: number, tick: () => void) => {
    const timer = { ms, tick, stopped: false }
    timers.push(timer)
    return () => void (timer.stopped = true)
  }
  const t = await startTestApi({ noStart: true, deps: { every }, env })
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => t.api.fetch(request) })
  open.push({ t, server })
  const origin = `http://127.0.0.1:${server.port}`
  return {
    t,
    origin,
    /** Ticks every running timer of `ms`. */
    tick: (ms: number) => timers.filter((x) => x.ms === ms && !x.stopped).forEach((x) => x.tick()),
    /** A new anonymous client: its cookie, as `GET /v2/queue` issues it. */
    async client(): Promise<string> {
      const res = await fetch(`${origin}/v2/queue`, { headers: UA })
      const cookie = /ssg_client=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0]
      if (!cookie) throw new Error('no client cookie issued')
      return cookie
    },
    /** The stream's answer as `who` (a cookie, or headers), optionally resuming after `lastEventId`. */
    open(who: string | Record<string, string>, lastEventId?: string) {
      const auth = typeof who === 'string' ? { cookie: who } : who
      return fetch(`${origin}/v2/queue/events`, { headers: { ...UA, ...auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } })
    },
    /** Opens the stream as `who`, optionally resuming after `lastEventId`. */
    async stream(who: string | Record<string, string>, lastEventId?: string) {
      const res = await this.open(who, lastEventId)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      return readSse(res)
    },
    /** Queues an upload as `who`; it stays `waiting` until the test starts the queue. */
    async queued(who: string | Record<string, string>, seed: number): Promise<string> {
      const auth = typeof who === 'string' ? { cookie: who } : who
      const res = await fetch(`${origin}/v2/queue`, { method: 'POST', body: uploadForm(makeSkinPng(seed)), headers: { ...UA, ...auth } })
      expect(res.status).toBe(202)
      return ((await res.json()) as { job: { id: string } }).job.id
    },
    /** The log row behind an event's sealed id (null: not one of ours). */
    row: (e: SseEvent) => t.api.services.ctx.eventIds.open(e.id!),
  }
}

/** The job id and status of a `job` event, and the event's id. */
export const summary = (e: SseEvent) => {
  const data = JSON.parse(e.data) as { job: { id: string; status: string } }
  return { id: e.id!, job: data.job.id, status: data.job.status }
}

