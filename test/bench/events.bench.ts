/**
 * The job event stream (`GET /v2/queue/events`, docs/api.md "Job events") on the real Bun entry
 * (src/server/bun.ts, a child process, through the web app's `/api` proxy):
 *
 * - delivery latency: BENCH_EVENTS_JOBS (30) uploads queued one after another while one stream is
 *   open; for each, the time from the job's `finished_at` (read from its SQLite file afterwards; same
 *   machine, same clock) to the arrival of its `completed` event, budget 100 ms.
 * - 1 000 idle streams (BENCH_EVENTS_STREAMS) held on the one process, each its own anonymous client
 *   over a raw socket, while BENCH_EVENTS_LOAD (4) loops read `GET /api/v2/skins?size=8` for
 *   BENCH_EVENTS_SECONDS (8) s per window: p99 of those reads with the streams open, as a factor of
 *   p99 without them (windows before and after), budget ≤ 1.10×. The streams stay open past Bun's
 *   30 s idle timeout, and every one must have had its keep-alives and still be open then.
 *
 * Run: `bun test/bench/events.bench.ts` (or `bun run bench events`).
 * @module
 */
import { Database } from 'bun:sqlite'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { uploadForm } from '../../src/api/testing/api-harness'
import { readSse } from '../../src/api/testing/sse-reader'
import { startBunServer } from '../support/bun-server'
import { record } from './report'

const JOBS = Number(process.env.BENCH_EVENTS_JOBS ?? 30)
const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS ?? 1000)
const LOAD = Number(process.env.BENCH_EVENTS_LOAD ?? 4)
const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 8)
/** Past Bun's 30 s idle timeout and two keep-alives (every 15 s). */
const HOLD_MS = 33_000
const UA = { 'user-agent': 'EventsBench/1.0' }

const server = await startBunServer({
  LIMIT_ANONYMOUS_DELAY: '0',
  LIMIT_ANONYMOUS_PER_MINUTE: '100000',
  LIMIT_ANONYMOUS_PER_HOUR: '1000000',
  // The 1 000 streams stand for visitors at 1 000 addresses; here they all come from 127.0.0.1.
  EVENT_STREAMS_PER_CALLER: '100000',
  EVENT_STREAMS_OPENED_PER_MINUTE: '100000',
  DEMO_SKINS: '8',
})
const { origin } = server
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN

/** p99 (ms) of `GET /api/v2/skins?size=8` read by LOAD loops for `seconds`; also the reads that failed. */
async function loadWindow(seconds: number): Promise<{ times: number[]; failed: number }> {
  const times: number[] = []
  let failed = 0
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: LOAD }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now()
        const res = await fetch(`${origin}/api/v2/skins?size=8`, { headers: UA }).catch(() => null)
        if (!res?.ok) failed++
        await res?.arrayBuffer()
        times.push(performance.now() - t0)
      }
    }),
  )
  return { times, failed }
}

/** An idle stream over a raw socket: counts its `ready`, keep-alives, and whether it is still open. */
function rawStream() {
  const state = { ready: false, keepAlives: 0, open: true, socket: null as Socket | null }
  const u = new URL(origin)
  return new Promise<typeof state>((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(`GET /api/v2/queue/events HTTP/1.1\r\nHost: ${u.host}\r\nAccept: text/event-stream\r\nUser-Agent: EventsBench/1.0\r\n\r\n`)
    })
    state.socket = socket
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      state.keepAlives += chunk.split(': keep-alive').length - 1
      if (!state.ready && chunk.includes('event: ready')) {
        state.ready = true
        resolve(state)
      }
    })
    socket.on('close', () => (state.open = false))
    socket.on('error', (e) => (state.ready ? (state.open = false) : reject(e)))
  })
}

try {
  // Delivery latency, one stream.
  const cookie = /ssg_client=[^;]+/.exec((await fetch(`${origin}/api/v2/queue`, { headers: UA })).headers.get('set-cookie') ?? '')![0]
  const stream = readSse(await fetch(`${origin}/api/v2/queue/events`, { headers: { ...UA, cookie } }))
  await stream.until('ready')
  const arrived = new Map<string, number>()
  for (let i = 0; i < JOBS; i++) {
    const res = await fetch(`${origin}/api/v2/queue`, { method: 'POST', body: uploadForm(makeSkinPng(61_000 + i)), headers: { ...UA, cookie } })
    const id = ((await res.json()) as { job: { id: string } }).job.id
    for (;;) {
      const e = await stream.next()
      const data = JSON.parse(e.data) as { job?: { id: string; status: string } }
      if (data.job?.id === id && data.job.status === 'completed') {
        arrived.set(id, Date.now())
        break
      }
    }
  }
  await stream.cancel()
  const db = new Database(join(server.dataDir, 'skins.db'), { readonly: true })
  const latencies = [...arrived].map(([id, t]) => t - db.query<{ finished_at: number }, [string]>('SELECT finished_at FROM jobs WHERE id = ?').get(id)!.finished_at).sort((a, b) => a - b)
  db.close()

  // p99 of other requests without streams, with 1 000 idle streams, and without again.
  await loadWindow(2)
  const before = await loadWindow(SECONDS)
  const opened = performance.now()
  const streams: Awaited<ReturnType<typeof rawStream>>[] = []
  for (let i = 0; i < STREAMS; i += 50) streams.push(...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, rawStream))))
  const openMs = performance.now() - opened
  const withStreams = [await loadWindow(SECONDS), await loadWindow(SECONDS)]
  const rest = HOLD_MS - (performance.now() - opened)
  if (rest > 0) await Bun.sleep(rest)
  const held = streams.filter((s) => s.open && s.keepAlives >= 2).length
  for (const s of streams) s.socket?.destroy()
  await Bun.sleep(500)
  const after = await loadWindow(SECONDS)

  const p99 = (windows: { times: number[] }[]) => at(windows.flatMap((w) => w.times).sort((a, b) => a - b), 0.99)
  const base = p99([before, after])
  const loaded = p99(withStreams)
  const failed = [before, after, ...withStreams].reduce((n, w) => n + w.failed, 0)
  record('events', [
    { figure: 'job event delivered after the job finished, p50', value: at(latencies, 0.5), unit: 'ms', note: `${latencies.length} jobs` },
    { figure: 'job event delivered after the job finished, p95', value: at(latencies, 0.95), unit: 'ms', budget: { max: 100 }, note: `max ${at(latencies, 1).toFixed(0)} ms` },
    { figure: `p99 of other requests with ${STREAMS} idle streams (× without)`, value: loaded / base, unit: 'factor', budget: { max: 1.1 }, note: `${loaded.toFixed(1)} ms vs ${base.toFixed(1)} ms`, failed: failed > 0 },
    { figure: `idle streams open after ${HOLD_MS / 1000} s with their keep-alives`, value: held, unit: 'count', budget: { min: STREAMS }, note: `opened in ${(openMs / 1000).toFixed(1)} s` },
  ])
} finally {
  await server.stop()
}
