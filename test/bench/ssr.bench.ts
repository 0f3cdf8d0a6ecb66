/**
 * Server render (DESIGN.md §4 "Server"): the real production app
 * (`createBunServer` from src/server/bun.ts, NODE_ENV=production, embedded API on a temp DATA_DIR
 * with seeded demo skins, no whole-page HTML cache) against a bare Bun "hello" in the same run.
 * 1. In-process: `/skins` and a skin page through `app.request` (no sockets), p50/p99.
 *    Budget: `/skins` p50 ≤ 0.4 ms.
 * 2. Under wrk (native; same threads, connections and duration for every target): hello (before
 *    and after the site, the baseline is their mean), `/skins`, a skin page; requests/s, latency
 *    percentiles, non-2xx. Budgets: `/skins` ≥ 1/30 of hello, skin page ≥ 1/40, no non-2xx.
 *    `/skins` is also loaded with a browser's Accept-Encoding, reported without a budget (the
 *    budget's ratio is defined without compression). The `/skins` and skin page requests/s are also
 *    rows of their own, named as workers.bench.ts names its wrk runs of the web Worker (./site-jobs.ts
 *    `ssrRateFigure`), so `bun run bench` prints the two runtimes side by side.
 * Env: BENCH_WRK_SECONDS (10), BENCH_WRK_CONNECTIONS (32), BENCH_WRK_THREADS (2), BENCH_SKINS (48).
 * Run: `bun test/bench/ssr.bench.ts` (or `bun run bench ssr`; needs a client build).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../support/bun-server'
import { percentile, record, type Figure } from './report'
import { ensureWrk, runWrk, type WrkResult, type WrkShape } from './wrk'
import { ssrRateFigure } from './site-jobs'

// React picks its production build from NODE_ENV when first imported, so set it before loading the app.
process.env.NODE_ENV = 'production'
const { createBunServer } = await import('../../src/server/bun')

const shape: WrkShape = {
  threads: Number(process.env.BENCH_WRK_THREADS ?? 2),
  connections: Number(process.env.BENCH_WRK_CONNECTIONS ?? 32),
  seconds: Number(process.env.BENCH_WRK_SECONDS ?? 10),
}
const IN_PROCESS = 300
const WARMUP = 50
const wrk = ensureWrk()
const dataDir = mkdtempSync(join(tmpdir(), 'ssg-bench-ssr-'))
const port = freePort()
const site = await createBunServer({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  DEMO_SKINS: process.env.BENCH_SKINS ?? '48',
  // The gallery is read anonymously from one address at tens of thousands of requests a second.
  LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
  LIMIT_ANONYMOUS_PER_HOUR: '100000000',
})
const http = await site.start()
const origin = `http://127.0.0.1:${port}`
const hello = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('hello') })

try {
  const list = (await (await fetch(`${origin}/api/v2/skins?size=1`)).json()) as { skins?: { uuid: string }[] }
  const skinId = list.skins?.[0]?.uuid
  if (!skinId) throw new Error('no seeded skin to render a skin page for')
  const skinPath = `/skins/${skinId}`

  /** In-process render times of `path` through app.request. */
  const inProcess = async (path: string) => {
    const times: number[] = []
    for (let i = 0; i < IN_PROCESS + WARMUP; i++) {
      const start = performance.now()
      const response = await site.app.request(path)
      await response.text()
      if (response.status !== 200) throw new Error(`${path} answered ${response.status} in-process`)
      if (i >= WARMUP) times.push(performance.now() - start)
    }
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) }
  }
  const skinsIn = await inProcess('/skins')
  const skinIn = await inProcess(skinPath)

  console.log(`wrk -t${shape.threads} -c${shape.connections} -d${shape.seconds}s --latency`)
  const show = (label: string, r: WrkResult) => {
    console.log(
      `  ${label.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p90 ${r.p90.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  non-2xx ${r.non2xx}  socket errors ${r.socketErrors}`,
    )
    return r
  }
  const helloBefore = show('hello (before)', await runWrk(wrk, `http://127.0.0.1:${hello.port}/`, shape))
  const skins = show('/skins', await runWrk(wrk, `${origin}/skins`, shape))
  const skin = show('skin page', await runWrk(wrk, `${origin}${skinPath}`, shape))
  const skinsBrowser = show('/skins, Accept-Encoding br', await runWrk(wrk, `${origin}/skins`, { ...shape, headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }))
  const helloAfter = show('hello (after)', await runWrk(wrk, `http://127.0.0.1:${hello.port}/`, shape))
  const base = (helloBefore.rps + helloAfter.rps) / 2

  const loadRow = (figure: string, r: WrkResult, min?: number): Omit<Figure, 'bench'>[] => [
    {
      figure,
      value: r.rps / base,
      unit: 'ratio',
      ...(min !== undefined ? { budget: { min } } : {}),
      note: `${r.rps.toFixed(0)} req/s vs hello ${base.toFixed(0)}; p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; ${r.non2xx} non-2xx`,
      failed: r.non2xx > 0 || r.socketErrors > 0,
    },
  ]
  const rateRow = (figure: string, r: WrkResult): Omit<Figure, 'bench'>[] => [
    { figure, value: r.rps, unit: 'per-s', note: `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; ${r.non2xx} non-2xx; Bun, ${process.env.BENCH_SKINS ?? '48'} demo skins`, failed: r.non2xx > 0 || r.socketErrors > 0 },
  ]
  record('ssr', [
    { figure: 'SSR /skins in-process p50', value: skinsIn.p50, unit: 'ms', budget: { max: 0.4 }, note: `p99 ${skinsIn.p99.toFixed(2)} ms` },
    { figure: 'SSR skin page in-process p50', value: skinIn.p50, unit: 'ms', note: `p99 ${skinIn.p99.toFixed(2)} ms` },
    { figure: 'wrk hello (baseline)', value: base, unit: 'per-s', note: `before ${helloBefore.rps.toFixed(0)}, after ${helloAfter.rps.toFixed(0)}; p50 ${helloBefore.p50.toFixed(2)} ms` },
    ...loadRow('wrk /skins vs hello', skins, 1 / 30),
    ...loadRow('wrk skin page vs hello', skin, 1 / 40),
    ...loadRow('wrk /skins vs hello, browser Accept-Encoding', skinsBrowser),
    ...rateRow(ssrRateFigure('', '/skins', shape), skins),
    ...rateRow(ssrRateFigure('', 'skin page', shape), skin),
  ])
} finally {
  hello.stop(true)
  http.stop(true)
  await site.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
