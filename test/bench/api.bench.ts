/**
 * Embedded API benchmark (DESIGN.md §4):
 * 1. Generation with the local signer (RSA-4096, the default): an open-loop load of multipart
 *    uploads to `POST /v2/queue` at a fixed rate, then a burst as fast as the queue drains;
 *    reports job latency (job created → completed, from the job rows) and sustained jobs/s.
 *    Budget: p50 ≤ 50 ms, ≥ 100 jobs/s, no job lost.
 * 2. List queries (latest, popular, filter, random, deep pages, similar) through `api.fetch`,
 *    p50/p99 at 1 k skins and at a large N. Budget: ≤ 10 ms p99, flat from 1 k to N.
 *    The catalogue rows for part 2 are bulk-inserted (signing a million skins would take hours
 *    and list queries do not read signatures); part 1 goes through the full pipeline.
 * Run: `bun test/bench/api.bench.ts [--rate 100] [--seconds 10] [--burst 400] [--large 1000000]
 *   [--concurrency N] [--only generation|lists]`; env BENCH_API_LARGE and BENCH_API_SECONDS set the
 *   defaults of --large and --seconds (run.ts uses them to keep `bun run bench` under 15 minutes).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { apiConfigFromEnv } from '../../src/api/config'
import { createApiKey } from '../../src/api/users/identity'
import { encodeMinecraftPng } from '../../src/api/image'
import { createEmbeddedApi, type EmbeddedApi } from '../../src/api/index'
import { randomName } from '../../src/api/names'
import { paintSkin } from '../../src/api/seed/procedural-skin'
import { mulberry32 } from '../../src/api/seed/prng'
import { openStore } from '../../src/api/store/db'
import { record, type Figure } from './report'

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: process.env.BENCH_API_SECONDS ?? '10' },
    burst: { type: 'string', default: '400' },
    large: { type: 'string', default: process.env.BENCH_API_LARGE ?? '1000000' },
    iterations: { type: 'string', default: '300' },
    only: { type: 'string' },
    concurrency: { type: 'string' },
  },
})
const RATE = Number(values.rate)
const SECONDS = Number(values.seconds)
const BURST = Number(values.burst)
const LARGE = Number(values.large)
const ITERATIONS = Number(values.iterations)
const ONLY = values.only
const CONCURRENCY = values.concurrency

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN
const fmt = (n: number) => n.toFixed(2).padStart(7)

interface JobRow {
  id: string
  status: string
  created_at: number
  finished_at: number | null
}

/** A fresh API in a temp dir; returns it with an API key whose limits do not get in the way. */
async function freshApi(extraEnv: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-bench-'))
  const env = {
    DATA_DIR: dir,
    PUBLIC_URL: 'http://bench.local',
    DEMO_SKINS: '0',
    ANTIBOT: 'off',
    LIMIT_APIKEY_PER_MINUTE: '1000000',
    LIMIT_APIKEY_PER_HOUR: '100000000',
    LIMIT_APIKEY_CONCURRENCY: '100000',
    LIMIT_APIKEY_STORAGE_PER_DAY: '100000000',
    LIMIT_VALIDATE_PER_MINUTE: '1000000',
    ...extraEnv,
  }
  const config = apiConfigFromEnv(env)
  const api = await createEmbeddedApi(config, { queuePollMs: 0 })
  await api.start()
  const store = openStore(dir)
  const { key } = await createApiKey(store.db, { name: 'bench' })
  return { api, dir, store, key, config }
}

/** Distinct valid skin PNGs. */
function skins(n: number, seed: number): Uint8Array[] {
  return Array.from({ length: n }, (_, i) => encodeMinecraftPng(paintSkin(mulberry32(seed + i)).rgba, 64, 64))
}

async function submit(api: EmbeddedApi, key: string, png: Uint8Array): Promise<string> {
  const form = new FormData()
  form.set('file', new File([png as Uint8Array<ArrayBuffer>], 'skin.png', { type: 'image/png' }))
  const res = await api.fetch(
    new Request('http://bench.local/v2/queue', { method: 'POST', body: form, headers: { authorization: `Bearer ${key}`, 'user-agent': 'ApiBench/1' } }),
  )
  const body = (await res.json()) as { job?: { id: string }; errors?: unknown }
  if (!body.job) throw new Error(`submit failed: ${res.status} ${JSON.stringify(body.errors)}`)
  return body.job.id
}

async function generationBench() {
  const { api, dir, store, key, config } = await freshApi(CONCURRENCY ? { QUEUE_CONCURRENCY: CONCURRENCY } : {})
  console.log(`generation: local signer (RSA-4096), QUEUE_CONCURRENCY ${config.queueConcurrency}, multipart uploads to POST /v2/queue`)
  const warm = skins(20, 1)
  await Promise.all(warm.map((p) => submit(api, key, p)))
  await api.idle()

  const rows = (list: string[]) => {
    const q = store.sqlite.query<JobRow, [string]>('SELECT id, status, created_at, finished_at FROM jobs WHERE id = ?')
    return list.map((id) => q.get(id)!)
  }
  const report = (label: string, r: JobRow[]) => {
    const done = r.filter((j) => j.status === 'completed' && j.finished_at !== null)
    const lat = done.map((j) => j.finished_at! - j.created_at).sort((a, b) => a - b)
    const first = Math.min(...r.map((j) => j.created_at))
    const last = Math.max(...done.map((j) => j.finished_at!))
    const rate = (done.length / Math.max(1, last - first)) * 1000
    console.log(
      `${label.padEnd(26)} jobs ${String(r.length).padStart(5)}  completed ${String(done.length).padStart(5)}  latency p50 ${fmt(pct(lat, 0.5))} ms  p95 ${fmt(pct(lat, 0.95))} ms  p99 ${fmt(pct(lat, 0.99))} ms  throughput ${rate.toFixed(0)} jobs/s`,
    )
    return { p50: pct(lat, 0.5), rate, lost: r.length - done.length }
  }
  /** Open loop: one upload every 1000/rate ms, whatever the server does. */
  const openLoop = async (pngs: Uint8Array[], rate: number) => {
    const ids: Promise<string>[] = []
    const start = performance.now()
    for (let i = 0; i < pngs.length; i++) {
      const wait = start + (i * 1000) / rate - performance.now()
      if (wait > 0) await Bun.sleep(wait)
      ids.push(submit(api, key, pngs[i]!))
    }
    const all = await Promise.all(ids)
    await api.idle()
    return rows(all)
  }

  // 1. Latency of one job when the queue is not saturated (a tenth of the target rate).
  const light = report(`light ${RATE / 10} jobs/s × ${SECONDS} s`, await openLoop(skins(Math.round((RATE / 10) * SECONDS), 5_000), RATE / 10))
  // 2. Sustained: the target rate for SECONDS.
  const steady = report(`steady ${RATE} jobs/s × ${SECONDS} s`, await openLoop(skins(Math.round(RATE * SECONDS), 10_000), RATE))
  // 3. Capacity: BURST uploads at once; the completion rate is what the queue can do.
  const burstIds = await Promise.all(skins(BURST, 90_000).map((p) => submit(api, key, p)))
  await api.idle()
  const burst = report(`burst of ${BURST}`, rows(burstIds))

  console.log(`p50 job latency budget 50 ms: ${light.p50 <= 50 ? 'met' : 'MISSED'} (unsaturated ${light.p50} ms, at ${RATE}/s ${steady.p50} ms)`)
  console.log(`throughput budget 100 jobs/s: ${Math.max(steady.rate, burst.rate) >= 100 ? 'met' : 'MISSED'} (sustained ${steady.rate.toFixed(0)}/s at the offered ${RATE}/s, burst ${burst.rate.toFixed(0)}/s)`)
  console.log(`jobs lost: ${light.lost + steady.lost + burst.lost}`)
  figures.push(
    { figure: `api job latency p50, ${RATE / 10} jobs/s (local signer)`, value: light.p50, unit: 'ms', budget: { max: 50 }, note: `at ${RATE}/s: ${steady.p50} ms` },
    { figure: 'api jobs/s (sustained or burst, the better)', value: Math.max(steady.rate, burst.rate), unit: 'per-s', budget: { min: 100 }, note: `sustained ${steady.rate.toFixed(0)}/s, burst ${burst.rate.toFixed(0)}/s` },
    { figure: 'api jobs lost', value: light.lost + steady.lost + burst.lost, unit: 'count', budget: { max: 0 } },
  )
  store.close()
  await api.stop()
  rmSync(dir, { recursive: true, force: true })
}

/** Bulk-inserts `n` listed skins with realistic names, views, dates, tags and colour keys. */
function fillCatalogue(sqlite: import('bun:sqlite').Database, n: number, now: number) {
  const rnd = mulberry32(7)
  const insData = sqlite.query(
    `INSERT INTO skin_data (texture_hash, image_hash, variant, cape_hash, value, signature, texture_url, account, server, worker, queue_start, queue_end, features, colour_key, created_at)
     VALUES (?, ?, ?, '', 'bench', 'bench', ?, 'bench', 'bench', 'bench', ?, ?, ?, ?, ?)`,
  )
  const insSkin = sqlite.query(
    `INSERT INTO skins (uuid, short_id, data_id, name, visibility, variant, status, texture_hash, colour_key, features, views, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'success', ?, ?, ?, ?, ?, ?)`,
  )
  const insTag = sqlite.query('INSERT OR IGNORE INTO skin_tags (skin_id, tag, up, down, visible, created_at) VALUES (?, ?, 2, 0, 1, ?)')
  const tags = ['knight', 'red shirt', 'pirate', 'girl', 'boy', 'armor', 'hoodie', 'wizard', 'ninja', 'robot']
  const hex = (bytes: number) => {
    let s = ''
    for (let i = 0; i < bytes; i++) s += Math.floor(rnd() * 256).toString(16).padStart(2, '0')
    return s
  }
  const span = 365 * 86_400_000
  const chunk = 20_000
  for (let done = 0; done < n; done += chunk) {
    sqlite.transaction(() => {
      for (let i = done; i < Math.min(n, done + chunk); i++) {
        const created = Math.round(now - span + (i / n) * span)
        const hash = hex(32)
        const key = Math.floor(rnd() * 64)
        const features = new Uint8Array(64)
        features[key] = 200
        features[Math.floor(rnd() * 64)]! += 55
        const variant = rnd() < 0.3 ? 'slim' : 'classic'
        const data = insData.run(hash, hex(32), variant, `http://bench.local/textures/${hash}`, created, created, features, key, created)
        const r = rnd()
        const visibility = r < 0.9 ? 'public' : r < 0.95 ? 'unlisted' : 'private'
        const name = rnd() < 0.7 ? randomName(String(i)) : null
        const skin = insSkin.run(hex(16), i.toString(16).padStart(8, '0'), data.lastInsertRowid, name, visibility, variant, hash, key, features, Math.floor(rnd() ** 4 * 5000), created, created)
        if (rnd() < 0.3) insTag.run(skin.lastInsertRowid, tags[Math.floor(rnd() * tags.length)]!, created)
      }
    })()
  }
}

async function listBench(n: number) {
  const { api, dir, store } = await freshApi()
  const t0 = performance.now()
  fillCatalogue(store.sqlite, n, Date.now())
  store.sqlite.run('ANALYZE')
  const fillS = (performance.now() - t0) / 1000
  const mid = store.sqlite.query<{ uuid: string }, [number]>(`SELECT uuid FROM skins WHERE visibility = 'public' AND deleted_at IS NULL AND id <= ? ORDER BY id DESC LIMIT 1`).get(Math.floor(n / 2))!.uuid
  const popularMid = store.sqlite
    .query<{ uuid: string }, [number]>(
      `SELECT uuid FROM skins INDEXED BY skins_popular_idx WHERE visibility = 'public' AND deleted_at IS NULL AND created_at >= ? ORDER BY views DESC, id DESC LIMIT 1 OFFSET 500`,
    )
    .get(Date.now() - 30 * 86_400_000)?.uuid
  const cases: [string, string][] = [
    ['latest page 1', '/v2/skins?size=16'],
    ['latest page 1 (80)', '/v2/skins?size=80'],
    ['latest deep (after mid)', `/v2/skins?size=16&after=${mid}`],
    ['popular page 1', '/v2/skins/popular?size=16'],
    ['popular deep', `/v2/skins/popular?size=16&after=${popularMid ?? mid}`],
    ['random', '/v2/skins/random?size=16'],
    ['filter common word', '/v2/skins?size=16&filter=knight'],
    ['filter two words', '/v2/skins?size=16&filter=red%20shirt'],
    ['filter rare word', '/v2/skins?size=16&filter=zebra'],
    ['popular + filter', '/v2/skins/popular?size=16&filter=knight'],
    ['random + filter', '/v2/skins/random?size=16&filter=knight'],
    ['similar', `/v2/skins/${mid}/similar`],
  ]
  console.log(`lists at ${n.toLocaleString('en')} skins (filled in ${fillS.toFixed(1)} s), ${ITERATIONS} requests each through api.fetch:`)
  let worst = 0
  for (const [label, path] of cases) {
    for (let i = 0; i < 20; i++) await (await api.fetch(new Request(`http://bench.local${path}`))).arrayBuffer()
    const times: number[] = []
    for (let i = 0; i < ITERATIONS; i++) {
      const t = performance.now()
      const res = await api.fetch(new Request(`http://bench.local${path}`))
      await res.arrayBuffer()
      times.push(performance.now() - t)
      if (!res.ok) throw new Error(`${path} → ${res.status}`)
    }
    times.sort((a, b) => a - b)
    worst = Math.max(worst, pct(times, 0.99))
    console.log(`  ${label.padEnd(26)} p50 ${fmt(pct(times, 0.5))} ms  p99 ${fmt(pct(times, 0.99))} ms`)
  }
  store.close()
  await api.stop()
  rmSync(dir, { recursive: true, force: true })
  return worst
}

const figures: Omit<Figure, 'bench'>[] = []
console.log(`api bench (Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores)`)
if (ONLY !== 'lists') await generationBench()
if (ONLY !== 'generation') {
  const small = await listBench(1000)
  const large = await listBench(LARGE)
  console.log(`list p99 budget 10 ms: ${Math.max(small, large) <= 10 ? 'met' : 'MISSED'} (worst p99 at 1k ${small.toFixed(2)} ms, at ${LARGE.toLocaleString('en')} ${large.toFixed(2)} ms)`)
  figures.push({ figure: `api list queries, worst p99 (1k and ${LARGE.toLocaleString('en')} skins)`, value: Math.max(small, large), unit: 'ms', budget: { max: 10 }, note: `1k ${small.toFixed(2)} ms, large ${large.toFixed(2)} ms` })
}
record('api', figures)
