/**
 * SSR budget (DESIGN.md §4): `/skins` really rendered (no HTML cache) must reach at least 1/30 of a
 * bare Bun "hello" response rate measured in the same run, and a render's p50 must stay ≤ 2 ms.
 * Run: `bun test/bench/ssr.bench.ts` (or `bun run bench ssr`).
 */
import { join } from 'node:path'

// React picks its production build from NODE_ENV when first imported, so set it before loading the app.
process.env.NODE_ENV = 'production'
const { DEFAULT_FLAGS } = await import('../../src/shared/flags')
const { DEFAULT_SITE_LINKS } = await import('../../src/shared/site-links')
const { createApp } = await import('../../src/server/app')
const { buildClient } = await import('../../src/islands/build')
const { startTestApi } = await import('../support/embedded-api')

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const manifest = await buildClient({ quiet: true })
const backend = await startTestApi(Number(process.env.BENCH_SKINS ?? 120))
const app = createApp({
  dev: false,
  siteLinks: DEFAULT_SITE_LINKS,
  manifest: async () => manifest,
  flags: async () => DEFAULT_FLAGS,
  api: { fetch: backend.api.fetch, inProcess: true },
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
// The load generator is another process; spawn it asynchronously so this one keeps serving.
const load = async (url: string) => {
  const child = Bun.spawn(['bun', join(import.meta.dir, 'load.ts'), url, String(SECONDS), '32'], { stdout: 'pipe', stderr: 'inherit' })
  const out = await new Response(child.stdout).text()
  await child.exited
  return JSON.parse(out) as { requests: number; errors: number; rps: number; p50: number; p99: number }
}
const bare = await load(`http://127.0.0.1:${hello.port}/`)
const ssr = await load(`http://127.0.0.1:${site.port}/skins`)
hello.stop(true)
site.stop(true)
await backend.dispose()

const ratio = ssr.rps / bare.rps
console.log(`in-process render of /skins: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (budget p50 ≤ 2 ms)`)
console.log(`bare Bun hello: ${bare.rps} req/s; /skins SSR: ${ssr.rps} req/s (errors ${ssr.errors}), ratio 1/${(1 / ratio).toFixed(1)} (budget ≥ 1/30)`)
const ok = p50 <= 2 && ratio >= 1 / 30 && ssr.errors === 0
console.log(ok ? 'SSR budget met' : 'SSR budget MISSED')
process.exit(ok ? 0 : 1)
