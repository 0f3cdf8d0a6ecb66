/**
 * SSR budget (DESIGN.md §4): `/skins` really rendered (no HTML cache) must reach at least 1/30 of a
 * bare Bun "hello" response rate measured in the same run, and a render's p50 must stay ≤ 2 ms.
 * Run: `bun test/bench/ssr.bench.ts` (or `bun run bench ssr`).
 */
import { join } from 'node:path'
import { DEFAULT_FLAGS } from '../../src/shared/flags'
import { DEFAULT_SITE_LINKS } from '../../src/shared/site-links'
import { createApp } from '../../src/server/app'
import { buildClient } from '../../src/islands/build'
import { startTestApi } from '../support/embedded-api'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const manifest = await buildClient({ quiet: true })
const backend = await startTestApi(Number(process.env.BENCH_SKINS ?? 120))
const app = createApp({
  dev: false,
  siteLinks: DEFAULT_SITE_LINKS,
  manifest: async () => manifest,
  flags: async () => DEFAULT_FLAGS,
  api: backend.api,
  render: { fetch: async () => new Response(null, { status: 404 }) },
  accountUrl: '/account',
  now: () => new Date(),
})

// In-process render time: what one request costs the server, without sockets.
const times: number[] = []
for (let i = 0; i < 300; i++) {
  const start = performance.now()
  const response = await app.request('/skins')
  await response.text()
  if (i >= 50) times.push(performance.now() - start)
}
times.sort((a, b) => a - b)
const p50 = times[Math.floor(times.length / 2)]!
const p99 = times[Math.floor(times.length * 0.99)]!

const hello = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('hello') })
const site = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app.fetch })
const load = (url: string) => {
  const out = Bun.spawnSync(['bun', join(import.meta.dir, 'load.ts'), url, String(SECONDS), '32'], { stderr: 'inherit' })
  return JSON.parse(out.stdout.toString()) as { requests: number; errors: number; rps: number; p50: number; p99: number }
}
const bare = load(`http://127.0.0.1:${hello.port}/`)
const ssr = load(`http://127.0.0.1:${site.port}/skins`)
hello.stop(true)
site.stop(true)
await backend.dispose()

const ratio = ssr.rps / bare.rps
console.log(`in-process render of /skins: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (budget p50 ≤ 2 ms)`)
console.log(`bare Bun hello: ${bare.rps} req/s; /skins SSR: ${ssr.rps} req/s (errors ${ssr.errors}), ratio 1/${(1 / ratio).toFixed(1)} (budget ≥ 1/30)`)
const ok = p50 <= 2 && ratio >= 1 / 30 && ssr.errors === 0
console.log(ok ? 'SSR budget met' : 'SSR budget MISSED')
process.exit(ok ? 0 : 1)
