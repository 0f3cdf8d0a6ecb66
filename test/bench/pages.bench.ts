/**
 * Browser figures (docs/performance.md) for `/`, `/skins`, `/de/skins`, a skin page,
 * a Hindi skin page with tags and similar skins, and `/my-skins`, served by the real production
 * server (`bun src/server/bun.ts`, NODE_ENV=production, built client, seeded demo skins), each the
 * median of BENCH_LOADS (5) cold loads per profile (see page-load.ts), beside a bare one-line page
 * from a bare Bun server loaded the same way in the same run (the control: what the machine and the
 * browser cost on their own), so each LCP and TBT figure reads against it:
 * - unthrottled: JS before interaction (load + quiet window, no input) raw, gzip and transferred;
 *   HTML raw and transferred; requests; console errors and failed requests; LCP; TBT. Budgets:
 *   LCP ≤ 150 ms, TBT ≤ 50 ms, HTML ≤ 30 KB, JS ≤ 90 KB gzip, 0 errors.
 * - 4× CPU (Emulation.setCPUThrottlingRate): LCP ≤ 400 ms, TBT ≤ 100 ms.
 * - slow phone: 4× CPU and 1.6 Mbps down, 750 Kbps up, 150 ms RTT: LCP ≤ 1.2 s.
 * TBT counts every long task the visitor's main thread runs, the 3D viewer's included (it
 * loads only when asked for, so a page load that asks for nothing must not pay for it).
 * Exits non-zero when a budget is missed (report.ts).
 * Env: BENCH_LOADS (5), BENCH_QUIET_MS (1500; Lighthouse's TTI uses 5 s, which would triple the run).
 * Run: `bun test/bench/pages.bench.ts` (or `bun run bench pages`; needs a client build).
 * @module
 */
import { launchChromium } from '../support/browser'
import { startBunServer } from '../support/bun-server'
import { coldLoad, type LoadProfile, type LoadResult } from './page-load'
import { median, record, type Figure } from './report'

const LOADS = Number(process.env.BENCH_LOADS ?? 5)
const QUIET_MS = Number(process.env.BENCH_QUIET_MS ?? 1500)
const PROFILES: LoadProfile[] = [
  { name: 'unthrottled', cpu: 1 },
  { name: '4× CPU', cpu: 4 },
  { name: 'slow phone', cpu: 4, network: { downloadBps: 1_600_000 / 8, uploadBps: 750_000 / 8, latencyMs: 150 } },
]
const LCP_BUDGET: Record<string, number> = { unthrottled: 150, '4× CPU': 400, 'slow phone': 1200 }
const TBT_BUDGET: Record<string, number> = { unthrottled: 50, '4× CPU': 100 }
/** The value most loads agree on (the largest paint's element). */
function mostCommon(values: string[]): string {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] || 'unknown'
}
/**
 * A page's text alone: its HTML without scripts, stylesheets, images and icons, served by the bare
 * server. What is left is what the browser must lay out and paint for the words of the page; its LCP
 * is the floor no stylesheet or script change can go below (docs/performance.md: on 2 cores it is
 * already about 160 ms, twice the bare page, for every page of the site).
 */
const textOnly = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="(?:stylesheet|icon)"[^>]*>/g, '')
    .replace(/<img[^>]*>/g, '')
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
const BARE_PAGE = '<!doctype html><html lang="en"><head><title>bare</title></head><body><h1>Skins</h1><p>A bare page.</p></body></html>'

const server = await startBunServer({ DEMO_SKINS: '48', LIMIT_ANONYMOUS_PER_MINUTE: '100000', LIMIT_ANONYMOUS_PER_HOUR: '1000000' })
const browser = await launchChromium()
const version = browser.version()
try {
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=1`)).json()) as { skins?: { uuid: string }[] }
  const skinId = list.skins?.[0]?.uuid
  if (!skinId) throw new Error('no seeded skin for the skin page')
  const pages: [string, string][] = [
    ['/', '/'],
    ['/skins', '/skins'],
    ['/de/skins', '/de/skins'],
    ['skin page', `/skins/${skinId}`],
    // Hindi is the heaviest language in bytes (Devanagari is 3 bytes a letter); seeded skins have tags and similar skins.
    ['Hindi skin page', `/hi/skins/${skinId}`],
    ['/my-skins', '/my-skins'],
  ]
  console.log(`Chromium ${version}; ${LOADS} cold loads per page and profile, quiet window ${QUIET_MS} ms`)
  const figures: Omit<Figure, 'bench'>[] = []

  // The control first: a bare HTML page from a bare Bun server, same loads, same run. The same
  // server answers each page's text alone under /text/<n> (see textOnly).
  const texts = await Promise.all(pages.map(async ([, path]) => textOnly(await (await fetch(server.origin + path, { headers: { 'accept-language': 'en' } })).text())))
  const bare = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) => {
      const n = /^\/text\/(\d+)$/.exec(new URL(req.url).pathname)?.[1]
      return new Response(n === undefined ? BARE_PAGE : (texts[Number(n)] ?? ''), { headers: { 'content-type': 'text/html; charset=utf-8' } })
    },
  })
  const floor = new Map<string, number>()
  const control = new Map<string, { lcp: number; tbt: number }>()
  try {
    for (const profile of PROFILES) {
      const runs: LoadResult[] = []
      for (let i = 0; i < LOADS; i++) runs.push(await coldLoad(browser, `http://127.0.0.1:${bare.port}/`, profile, 200))
      control.set(profile.name, { lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)) })
      figures.push({ figure: `control, bare HTML page: LCP, ${profile.name}`, value: control.get(profile.name)!.lcp, unit: 'ms', note: 'no budget; machine and browser alone' })
    }
    for (const [i, [label]] of pages.entries()) {
      const runs: LoadResult[] = []
      for (let k = 0; k < LOADS; k++) runs.push(await coldLoad(browser, `http://127.0.0.1:${bare.port}/text/${i}`, PROFILES[0]!, 200))
      floor.set(label, median(runs.map((r) => r.lcp)))
    }
  } finally {
    bare.stop(true)
  }
  const beside = (profile: string, k: 'lcp' | 'tbt') => `bare page ${Math.round(control.get(profile)![k])} ms`
  for (const [label, path] of pages) {
    const byProfile = new Map<string, LoadResult[]>()
    // One discarded load first: the server's JIT is warm in production; the browser side stays cold.
    await coldLoad(browser, `${server.origin}${path}`, PROFILES[0]!, 200)
    for (const profile of PROFILES) {
      const runs: LoadResult[] = []
      for (let i = 0; i < LOADS; i++) runs.push(await coldLoad(browser, `${server.origin}${path}`, profile, QUIET_MS))
      byProfile.set(profile.name, runs)
      const m = (k: keyof LoadResult) => median(runs.map((r) => r[k] as number))
      console.log(`  ${label.padEnd(15)} ${profile.name.padEnd(12)} LCP ${m('lcp').toFixed(0)} ms  FCP ${m('fcp').toFixed(0)} ms  TBT ${m('tbt').toFixed(0)} ms  (LCPs ${runs.map((r) => r.lcp.toFixed(0)).join(', ')})`)
    }
    const plain = byProfile.get('unthrottled')!
    const m = (runs: LoadResult[], k: keyof LoadResult) => median(runs.map((r) => r[k] as number))
    const errors = plain.flatMap((r) => r.errors)
    if (errors.length) console.log(`  ${label} errors:\n    ${[...new Set(errors)].join('\n    ')}`)
    figures.push(
      { figure: `${label}: JS before interaction (gzip)`, value: m(plain, 'jsGzip'), unit: 'bytes', budget: { max: 90 * 1024 }, note: `raw ${(m(plain, 'jsRaw') / 1024).toFixed(1)} KB, transferred ${(m(plain, 'jsTransferred') / 1024).toFixed(1)} KB` },
      { figure: `${label}: HTML (raw)`, value: m(plain, 'htmlRaw'), unit: 'bytes', budget: { max: 30 * 1024 }, note: `transferred ${(m(plain, 'htmlTransferred') / 1024).toFixed(1)} KB` },
      { figure: `${label}: requests`, value: m(plain, 'requests'), unit: 'count' },
      { figure: `${label}: console errors + failed requests`, value: Math.max(...plain.map((r) => r.errors.length)), unit: 'count', budget: { max: 0 }, note: 'worst load' },
    )
    for (const profile of PROFILES) {
      const runs = byProfile.get(profile.name)!
      figures.push({ figure: `${label}: LCP, ${profile.name}`, value: m(runs, 'lcp'), unit: 'ms', budget: { max: LCP_BUDGET[profile.name]! }, note: `FCP ${m(runs, 'fcp').toFixed(0)} ms; ${beside(profile.name, 'lcp')}${profile === PROFILES[0] ? `, its text alone ${Math.round(floor.get(label)!)} ms` : ''}; largest paint ${mostCommon(runs.map((r) => r.lcpElement))}` })
    }
    for (const profile of PROFILES) {
      const runs = byProfile.get(profile.name)!
      const budget = TBT_BUDGET[profile.name]
      const viewer = m(runs, 'viewerGzip') > 0 ? `; 3D viewer loaded (${(m(runs, 'viewerGzip') / 1024).toFixed(0)} KB gzip)` : ''
      figures.push({ figure: `${label}: TBT, ${profile.name}`, value: m(runs, 'tbt'), unit: 'ms', ...(budget !== undefined ? { budget: { max: budget } } : {}), note: `${beside(profile.name, 'tbt')}${viewer}` })
    }
  }
  record('pages', figures)
} finally {
  await browser.close()
  await server.stop()
}
