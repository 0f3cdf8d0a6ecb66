/**
 * Load and crash runs against the real Bun process, shared by the bounded e2e
 * test (test/e2e/load-crash.test.ts) and the full bench (test/bench/load-crash.bench.ts):
 * - a server on a DATA_DIR the caller owns, so it can be killed with SIGKILL and restarted on the
 *   same files;
 * - a stand-in image host on 127.0.0.1 for `{url}` submissions, and a stand-in upstream signer that
 *   can hold signing requests (so a run can be killed while jobs are provably processing);
 * - several API-key clients submitting a mix of uploads and URLs, some the same texture on purpose,
 *   while readers page through the lists;
 * - the checks: every job finished exactly once, one skin per texture, counts agree through the API
 *   and in SQLite, `PRAGMA integrity_check` ok.
 * @module
 */
import { Database } from 'bun:sqlite'
import type { Subprocess } from 'bun'
import { join } from 'node:path'
import { createApiKey } from '../../src/api/users/identity'
import { readSkinImage } from '../../src/api/image'
import { encodeTexturesValue } from '../../src/api/profiles'
import { openStore } from '../../src/api/store/db'
import { spawnServer } from './bun-server'
import { paintedSkinPng } from './skin-files'

/** Limits lifted for API keys (rates and the daily storage quota in KiB), so the run measures the queue and not the limiters. */
export const UNLIMITED_KEYS = {
  LIMIT_APIKEY_PER_MINUTE: '1000000',
  LIMIT_APIKEY_PER_HOUR: '100000000',
  LIMIT_APIKEY_CONCURRENCY: '100000',
  LIMIT_APIKEY_STORAGE_PER_DAY: '100000000',
}

/** A server process on a caller-owned DATA_DIR. */
export interface OwnedServer {
  origin: string
  child: Subprocess
  /** SIGKILL: the process dies mid-whatever, as on a power cut. */
  kill9(): Promise<void>
  /** SIGTERM and wait (the server drains its worker). */
  stop(): Promise<void>
}

/** Starts `src/server/bun.ts` on `dataDir` (not removed on stop: restarts reuse it). */
export async function startServerOn(dataDir: string, env: Record<string, string> = {}): Promise<OwnedServer> {
  const { origin, child } = await spawnServer(dataDir, env)
  return {
    origin,
    child,
    async kill9() {
      child.kill('SIGKILL')
      await child.exited
    },
    async stop() {
      child.kill('SIGTERM')
      await child.exited
    },
  }
}

/** Serves `/skin/<seed>.png` (a painted skin) for `{url}` submissions; allow it with FETCH_ALLOW_PRIVATE_HOSTS. */
export function startSkinHost() {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const seed = new URL(req.url).pathname.match(/^\/skin\/(\d+)\.png$/)?.[1]
      return seed ? new Response(paintedSkinPng(Number(seed)), { headers: { 'content-type': 'image/png' } }) : new Response('not found', { status: 404 })
    },
  })
  return { origin: `http://127.0.0.1:${server.port}`, host: `127.0.0.1:${server.port}`, stop: () => server.stop(true) }
}

/**
 * A MineSkin-compatible upstream (SIGNER=upstream) that answers `POST /v2/queue` with a signed skin
 * at once, unless `hold` is on: then requests wait until `release()`. `held` counts waiting ones.
 */
export function startUpstreamSigner() {
  let hold = false
  let waiters: (() => void)[] = []
  let heldListeners: (() => void)[] = []
  let signed = 0
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      if (req.method !== 'POST' || new URL(req.url).pathname !== '/v2/queue') return Response.json({ errors: [{ code: 'not_found', message: 'no' }] }, { status: 404 })
      const file = (await req.formData()).get('file') as File
      const skin = await readSkinImage(new Uint8Array(await file.arrayBuffer()))
      if (hold) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          for (const listener of heldListeners) listener()
        })
      }
      signed++
      const url = `http://textures.minecraft.net/texture/${skin.textureHash}`
      const value = encodeTexturesValue({ timestamp: 0, profileId: '0'.repeat(32), profileName: 'StandIn', textures: { SKIN: { url } } })
      return Response.json({
        success: true,
        job: { id: crypto.randomUUID().replaceAll('-', ''), status: 'completed' },
        skin: { uuid: crypto.randomUUID(), texture: { data: { value, signature: btoa('stand-in signature') }, hash: { skin: skin.textureHash }, url: { skin: url } } },
      })
    },
  })
  return {
    origin: `http://127.0.0.1:${server.port}`,
    /** Requests answered so far. */
    signed: () => signed,
    /** Requests waiting for `release()`. */
    held: () => waiters.length,
    setHold(on: boolean) {
      hold = on
    },
    /**
     * Resolves once `n` requests are held; rejects after `timeoutMs` saying how many are held and how
     * many were signed, so a run that stalls says where instead of running into the test's timeout.
     */
    heldAtLeast(n: number, timeoutMs = 20_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          heldListeners = heldListeners.filter((l) => l !== check)
          reject(new Error(`the upstream signer holds ${waiters.length} of the ${n} requests waited for after ${timeoutMs} ms (${signed} signed so far)`))
        }, timeoutMs)
        const check = () => {
          if (waiters.length < n) return
          clearTimeout(timer)
          heldListeners = heldListeners.filter((l) => l !== check)
          resolve()
        }
        heldListeners.push(check)
        check()
      })
    },
    release() {
      hold = false
      const all = waiters
      waiters = []
      for (const resolve of all) resolve()
    },
    stop: () => server.stop(true),
  }
}

/** API keys for `n` clients, written straight into the server's database (as an admin would). */
export async function createClients(dataDir: string, n: number): Promise<string[]> {
  const store = openStore(dataDir)
  try {
    const keys: string[] = []
    for (let i = 0; i < n; i++) keys.push((await createApiKey(store.db, { name: `load client ${i}` })).key)
    return keys
  } finally {
    store.close()
  }
}

/** One planned submission: which client sends which texture (seed), as a file or a URL. */
export interface Submission {
  client: number
  kind: 'upload' | 'url'
  seed: number
}

/**
 * `jobs` submissions spread over `clients`; every `dupEvery`-th repeats an earlier texture (the
 * same public, unnamed skin, so it must come back as the same skin, not a second one).
 */
export function planSubmissions(jobs: number, clients: number, opts: { firstSeed: number; dupEvery?: number }): Submission[] {
  const plan: Submission[] = []
  for (let i = 0; i < jobs; i++) {
    const dup = opts.dupEvery && i > 0 && i % opts.dupEvery === 0
    plan.push({ client: i % clients, kind: i % 3 === 1 ? 'url' : 'upload', seed: dup ? plan[Math.floor(i / 2)]!.seed : opts.firstSeed + i })
  }
  return plan
}

/** A submission the server accepted. */
export interface Accepted extends Submission {
  jobId: string
}

/** Sends the plan: each client sends its submissions `perClient` at a time, all clients at once. */
export async function submitAll(origin: string, plan: Submission[], keys: string[], skinHost: string, perClient = 4): Promise<Accepted[]> {
  const byClient = keys.map((_, c) => plan.filter((s) => s.client === c))
  const accepted: Accepted[] = []
  const send = async (s: Submission) => {
    const headers: Record<string, string> = { authorization: `Bearer ${keys[s.client]}` }
    let body: BodyInit
    if (s.kind === 'upload') {
      const form = new FormData()
      form.set('file', new File([paintedSkinPng(s.seed)], `load-${s.seed}.png`, { type: 'image/png' }))
      body = form
    } else {
      headers['content-type'] = 'application/json'
      body = JSON.stringify({ url: `${skinHost}/skin/${s.seed}.png` })
    }
    const res = await fetch(`${origin}/api/v2/queue`, { method: 'POST', headers, body })
    const json = (await res.json()) as { job?: { id: string }; errors?: unknown }
    if (!json.job) throw new Error(`submit ${s.kind} ${s.seed} → ${res.status} ${JSON.stringify(json.errors)}`)
    accepted.push({ ...s, jobId: json.job.id })
  }
  await Promise.all(
    byClient.map(async (mine) => {
      for (let i = 0; i < mine.length; i += perClient) await Promise.all(mine.slice(i, i + perClient).map(send))
    }),
  )
  return accepted
}

/** Readers paging the API list and the gallery page until `stop()`; counts answers by class. */
export function startReaders(origin: string, n: number) {
  let running = true
  const counts = { ok: 0, failed: 0 }
  const paths = ['/api/v2/skins?size=16', '/api/v2/skins/popular?size=16', '/skins']
  const loops = Array.from({ length: n }, async (_, r) => {
    for (let i = r; running; i++) {
      try {
        const res = await fetch(`${origin}${paths[i % paths.length]}`)
        await res.arrayBuffer()
        counts[res.ok ? 'ok' : 'failed']++
      } catch {
        // The server was killed under the reader (crash runs): not an answer, not a failure.
        if (running) await Bun.sleep(20)
      }
    }
  })
  return {
    counts,
    async stop() {
      running = false
      await Promise.all(loops)
      return counts
    },
  }
}

interface JobState {
  status: string
  result?: string | null
}

/** Polls every job through the API until all are completed or failed; returns their final states. */
export async function waitAllFinished(origin: string, jobIds: string[], timeoutMs: number): Promise<Map<string, JobState>> {
  const done = new Map<string, JobState>()
  const deadline = Date.now() + timeoutMs
  while (done.size < jobIds.length) {
    if (Date.now() > deadline) throw new Error(`${jobIds.length - done.size} of ${jobIds.length} jobs did not finish within ${timeoutMs} ms`)
    const open = jobIds.filter((id) => !done.has(id))
    await Promise.all(
      open.map(async (id) => {
        const job = ((await (await fetch(`${origin}/api/v2/queue/${id}`)).json()) as { job?: JobState }).job
        if (job && (job.status === 'completed' || job.status === 'failed')) done.set(id, job)
      }),
    )
    if (done.size < jobIds.length) await Bun.sleep(100)
  }
  return done
}

/** Job states straight from SQLite (read-only connection beside the server's). */
export function jobStatesInDb(dataDir: string): Record<string, number> {
  const db = new Database(join(dataDir, 'skins.db'), { readonly: true })
  try {
    const rows = db.query<{ status: string; n: number }, []>('SELECT status, count(*) AS n FROM jobs GROUP BY status').all()
    return Object.fromEntries(rows.map((r) => [r.status, r.n]))
  } finally {
    db.close()
  }
}

/** What {@link checkRun} found; `problems` is empty when nothing was lost or duplicated. */
export interface RunReport {
  jobs: number
  textures: number
  problems: string[]
}

/**
 * The invariants of a finished run, through the API and in SQLite: every accepted job exists once
 * and is completed; jobs of one texture share one skin; one skin, one data row and one texture
 * blob per texture; the listed skins are exactly those; `PRAGMA integrity_check` says ok.
 */
export async function checkRun(origin: string, dataDir: string, accepted: Accepted[], finished: Map<string, JobState>): Promise<RunReport> {
  const problems: string[] = []
  const bySeed = new Map<number, Set<string>>()
  for (const a of accepted) {
    const job = finished.get(a.jobId)
    if (job?.status !== 'completed' || !job.result) problems.push(`job ${a.jobId} ended ${job?.status ?? 'unknown'}`)
    else bySeed.set(a.seed, (bySeed.get(a.seed) ?? new Set()).add(job.result))
  }
  for (const [seed, skins] of bySeed) if (skins.size !== 1) problems.push(`texture ${seed} became ${skins.size} skins`)
  const apiSkins = new Set<string>()
  for (let after: string | undefined; ; ) {
    const page = (await (await fetch(`${origin}/api/v2/skins?size=128${after ? `&after=${after}` : ''}`)).json()) as { skins: { uuid: string }[] }
    for (const s of page.skins) {
      if (apiSkins.has(s.uuid)) problems.push(`skin ${s.uuid} listed twice`)
      apiSkins.add(s.uuid)
    }
    if (page.skins.length < 128) break
    after = page.skins.at(-1)!.uuid
  }
  const expected = new Set([...bySeed.values()].flatMap((s) => [...s]))
  if (apiSkins.size !== expected.size || [...expected].some((u) => !apiSkins.has(u))) problems.push(`the list shows ${apiSkins.size} skins, the jobs made ${expected.size}`)

  const db = new Database(join(dataDir, 'skins.db'), { readonly: true })
  try {
    const one = <T>(sql: string) => db.query<T, []>(sql).get()!
    const ids = db.query<{ id: string }, []>('SELECT id FROM jobs').all().map((r) => r.id)
    const accIds = new Set(accepted.map((a) => a.jobId))
    if (ids.length !== accepted.length || ids.some((id) => !accIds.has(id))) problems.push(`SQLite has ${ids.length} jobs, ${accepted.length} were accepted`)
    const notDone = one<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE status <> 'completed'").n
    if (notDone) problems.push(`${notDone} jobs are not completed in SQLite`)
    const textures = new Set(accepted.map((a) => a.seed)).size
    for (const [what, sql] of [
      ['skins', 'SELECT count(*) AS n FROM skins'],
      ['texture data rows', 'SELECT count(*) AS n FROM skin_data'],
      ['texture blobs', "SELECT count(*) AS n FROM blobs WHERE key LIKE 'textures/%'"],
    ] as const) {
      const n = one<{ n: number }>(sql).n
      if (n !== textures) problems.push(`${n} ${what} for ${textures} textures`)
    }
    const integrity = db.query<{ integrity_check: string }, []>('PRAGMA integrity_check').all().map((r) => r.integrity_check)
    if (integrity.join() !== 'ok') problems.push(`integrity_check: ${integrity.slice(0, 3).join('; ')}`)
    return { jobs: ids.length, textures, problems }
  } finally {
    db.close()
  }
}
