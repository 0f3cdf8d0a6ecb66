/**
 * What collecting metrics costs the server render (docs/operations.md "Health and metrics"): the real
 * production app (`createBunServer`, embedded API, seeded demo skins) twice in this process, one with
 * METRICS=on (the default) and one with METRICS=off, both answering through the same request
 * observer the Bun entry uses (`observability.observe`, which counts and logs each answer).
 * 1. In-process, no sockets: `/skins` through each server's observer, BENCH_METRICS_ROUNDS (6) rounds
 *    of BENCH_METRICS_REQUESTS (400) requests, the two servers interleaved round by round so drift
 *    hits both; the median time per request (reported: its noise is a few per cent either way).
 * 2. Under wrk, `/skins` on each server's port, interleaved, BENCH_WRK_SECONDS (5) s each, two rounds:
 *    requests/s of metrics-on as a share of metrics-off (reported; sockets add noise of their own).
 * 3. The same in-process figure with LOG_FORMAT=json as well (a line per request, to a sink that
 *    keeps nothing), reported without a budget.
 * 4. The observer alone around a ready answer, 20 000 times with and without metrics: the µs the metrics
 *    add to a request, as a share of the SSR request's time. Budget ≤ 3 % (the A/B of 1. is noisier
 *    than the effect it looks for).
 * Run: `bun test/bench/metrics.bench.ts` (or `bun run bench metrics`; needs a client build).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../support/bun-server'
import { median, record } from './report'
import { ensureWrk, runWrk } from './wrk'

process.env.NODE_ENV = 'production'
const { createBunServer } = await import('../../src/server/bun')

const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 6)
const REQUESTS = Number(process.env.BENCH_METRICS_REQUESTS ?? 400)
const WRK_SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 5)
const wrk = ensureWrk()

/** One production server with `env` on a data dir of its own. */
async function server(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ssg-bench-metrics-'))
  const port = freePort()
  const site = await createBunServer(
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_SKINS: '24',
      LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
      LIMIT_ANONYMOUS_PER_HOUR: '100000000',
      ...env,
    },
    { logWrite: () => {} },
  )
  const http = await site.start()
  return {
    origin: `http://127.0.0.1:${port}`,
    observe: site.observability.observe,
    /** One `/skins` through the observer, as the Bun entry answers it (without the socket). */
    render: async () => {
      const res = await site.observability.observe(new Request(`http://127.0.0.1:${port}/skins`), (r) => Promise.resolve(site.app.fetch(r)))
      await res.arrayBuffer()
    },
    async stop() {
      http.stop(true)
      await site.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

type Observe = (request: Request, handle: (request: Request) => Promise<Response>) => Promise<Response>

const off = await server({ METRICS: 'off' })
const on = await server({ METRICS: 'on' })
const logged = await server({ METRICS: 'on', LOG_FORMAT: 'json' })

/** Median ms per request of `target` over `REQUESTS`, after a warm-up. */
async function perRequest(target: Awaited<ReturnType<typeof server>>): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < REQUESTS; i++) await target.render()
  return (performance.now() - started) / REQUESTS
}

try {
  for (const t of [off, on, logged]) for (let i = 0; i < 100; i++) await t.render()
  const times = { off: [] as number[], on: [] as number[], logged: [] as number[] }
  for (let r = 0; r < ROUNDS; r++) {
    // Each round in a different order, so neither side always runs first.
    const order = r % 2 ? (['on', 'off', 'logged'] as const) : (['off', 'on', 'logged'] as const)
    for (const k of order) times[k].push(await perRequest({ off, on, logged }[k]))
  }
  const [tOff, tOn, tLogged] = [median(times.off), median(times.on), median(times.logged)]

  const rps = { off: [] as number[], on: [] as number[] }
  for (let r = 0; r < 2; r++) {
    for (const k of r ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      rps[k].push((await runWrk(wrk, `${{ off, on }[k].origin}/skins`, { threads: 2, connections: 32, seconds: WRK_SECONDS })).rps)
    }
  }
  const share = median(rps.on) / median(rps.off)

  // The observer alone, around an answer made in advance: what the metrics add to one request, which
  // the A/B above cannot resolve (its noise is larger than the effect).
  const answer = () => new Response('x', { headers: { 'x-ssg-route': '/skins' } })
  const observed = async (t: Awaited<ReturnType<typeof server>>, n: number) => {
    const started = performance.now()
    for (let i = 0; i < n; i++) await t.observe(new Request('http://127.0.0.1/skins'), async () => answer())
    return (performance.now() - started) / n
  }
  const overhead = { off: [] as number[], on: [] as number[] }
  for (let r = 0; r < ROUNDS; r++) for (const k of ['off', 'on'] as const) overhead[k].push(await observed({ off, on }[k], 20_000))
  const addedMs = Math.max(0, median(overhead.on) - median(overhead.off))

  record('metrics', [
    {
      figure: 'metrics: what collecting them adds to an SSR /skins request',
      value: addedMs / tOff,
      unit: 'percent',
      budget: { max: 0.03 },
      note: `${(addedMs * 1000).toFixed(2)} µs of ${(tOff * 1000).toFixed(0)} µs (observer with and without metrics, medians of ${ROUNDS} × 20 000)`,
    },
    {
      figure: 'metrics: SSR /skins in-process, METRICS=on over METRICS=off (A/B of two servers)',
      value: tOn / tOff - 1,
      unit: 'percent',
      note: `${(tOn * 1000).toFixed(0)} µs vs ${(tOff * 1000).toFixed(0)} µs per request, medians of ${ROUNDS} × ${REQUESTS}`,
    },
    { figure: 'metrics: SSR /skins in-process, cost of METRICS=on and LOG_FORMAT=json over neither', value: tLogged / tOff - 1, unit: 'percent', note: `${(tLogged * 1000).toFixed(0)} µs per request` },
    { figure: 'metrics: wrk /skins requests/s with METRICS=on, share of METRICS=off', value: share, unit: 'percent', note: `${median(rps.on).toFixed(0)} vs ${median(rps.off).toFixed(0)} req/s, medians of 2 × ${WRK_SECONDS} s` },
  ])
} finally {
  for (const t of [off, on, logged]) await t.stop()
}
