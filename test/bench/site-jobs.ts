/**
 * Generation as the site's clients drive it, the same on both runtimes so that `bun run bench` prints
 * the Bun figures (generate.bench.ts) and the Workers figures (workers.bench.ts, names prefixed
 * `Workers: `) side by side (run.ts pairs them by name):
 * - {@link clientJob}: one upload through `POST {api}/v2/queue`, then reads until it is completed:
 *   as the site does (the submit's short wait, then long-polls: src/shared/skin/job-polling.ts
 *   `LONG_POLL`), or on the SPEC §9 schedule alone as a MineSkin client;
 * - {@link concurrentJobs}: `jobs` distinct skins from `concurrency` visitors at once, each visitor
 *   submitting its next upload when the last one completed, as the site does;
 * - {@link readJobRows}: what the server recorded for those jobs (created → finished, attempts, skins
 *   per texture) from its SQLite file: `<DATA_DIR>/skins.db` on Bun, the local D1 file under wrangler dev;
 * - {@link concurrentFigures}: the rows both benches record: submit → completed p50 (p95, the server's
 *   own time beside it), jobs/s, and jobs lost or run twice.
 * @module
 */
import { Database } from 'bun:sqlite'
import { LONG_POLL, pollDelay } from '../../src/shared/skin/job-polling'
import { paintedSkinPng } from '../support/skin-files'
import { median, percentile, type Figure } from './report'
import { jobsPerSecond } from './workers-stack'

interface JobAnswer {
  job?: { id: string; status: string; result?: string }
  skin?: { uuid: string }
}

/** One client-observed job. */
export interface ClientJob {
  id: string
  /** Submit sent → completed answer read, ms. */
  ms: number
  /** Reads after the submit. */
  polls: number
  /** Submit sent / completion read (performance.now). */
  startedAt: number
  doneAt: number
  skin?: string
}

/** A visitor's client cookie, as the site's first API call gets it. */
export async function visitorCookie(api: string): Promise<string> {
  const res = await fetch(`${api}/v2/queue`)
  await res.arrayBuffer()
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

/**
 * One upload as the visitor with `cookie`, then reads until it is completed with a skin. `longPoll`: as
 * the site (the submit's `wait`, then `GET …?wait=` at once); else no wait and the SPEC §9 schedule
 * (first read 500–1300 ms after queueing), as any MineSkin client.
 */
export async function clientJob(api: string, cookie: string, seed: number, longPoll: boolean): Promise<ClientJob> {
  const form = new FormData()
  form.append('file', new File([paintedSkinPng(seed)], `bench-${seed}.png`, { type: 'image/png' }))
  form.append('visibility', 'public')
  form.append('variant', 'classic')
  const startedAt = performance.now()
  const done = (id: string, polls: number, skin?: string): ClientJob => {
    const doneAt = performance.now()
    return { id, ms: doneAt - startedAt, polls, startedAt, doneAt, ...(skin ? { skin } : {}) }
  }
  const res = await fetch(`${api}/v2/queue${longPoll ? `?wait=${LONG_POLL.submitWaitMs}` : ''}`, { method: 'POST', body: form, headers: { cookie } })
  const answer = (await res.json()) as JobAnswer
  const id = answer.job?.id
  if (!id || res.status >= 300) throw new Error(`queue answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`)
  if (answer.skin) return done(id, 0, answer.skin.uuid)
  for (let polls = 0; polls < 60; polls++) {
    // Waits like the island does; the count keeps growing here (the island would stop after 6 polls
    // and pick the job up again on the next page load, which would only lengthen these figures).
    const held = longPoll && polls === 0
    if (!held) await Bun.sleep(pollDelay(polls, Math.random))
    const query = `t=${Math.floor(Date.now() / 1000)}${held ? `&wait=${LONG_POLL.waitMs}` : ''}`
    const poll = (await (await fetch(`${api}/v2/queue/${id}?${query}`, { headers: { cookie } })).json()) as JobAnswer
    if (poll.job?.status === 'failed') throw new Error(`job ${id} failed: ${JSON.stringify(poll).slice(0, 300)}`)
    const skin = poll.job?.result ?? poll.skin?.uuid
    if (poll.job?.status === 'completed' && skin) return done(id, polls + 1, skin)
  }
  throw new Error(`job ${id} not completed after 60 polls`)
}

/** What {@link concurrentJobs} measured. */
export interface ConcurrentJobs {
  jobs: number
  concurrency: number
  done: ClientJob[]
  /** Jobs whose client gave up or saw them fail, with why. */
  lost: string[]
  /** Jobs per second from the first submit to the last completion, client side. */
  rate: number
}

/** `jobs` distinct uploads (seeds `seed`, `seed + 1`, …) from `concurrency` visitors at once, each one job at a time, as the site. */
export async function concurrentJobs(api: string, jobs: number, concurrency: number, seed: number): Promise<ConcurrentJobs> {
  const cookies = await Promise.all(Array.from({ length: concurrency }, () => visitorCookie(api)))
  const done: ClientJob[] = []
  const lost: string[] = []
  let next = 0
  const first = performance.now()
  await Promise.all(
    cookies.map(async (cookie) => {
      for (let i = next++; i < jobs; i = next++) {
        try {
          done.push(await clientJob(api, cookie, seed + i, true))
        } catch (e) {
          lost.push(String(e).slice(0, 200))
        }
      }
    }),
  )
  return { jobs, concurrency, done, lost, rate: jobsPerSecond(first, done.map((j) => j.doneAt)) }
}

/** A job as the server recorded it. */
export interface JobRecord {
  id: string
  status: string
  createdAt: number
  finishedAt: number | null
  /** Claims of the job (1 when it ran once). */
  attempts: number
  /** Skins of the job's texture. */
  skins: number
}

/** The rows of `ids` in the SQLite file at `path` (read-only: the server may still have it open). */
export function readJobRows(path: string, ids: string[]): JobRecord[] {
  const db = new Database(path, { readonly: true })
  try {
    const q = db.query<{ id: string; status: string; created_at: number; finished_at: number | null; attempts: number; skins: number }, [string]>(
      'SELECT j.id, j.status, j.created_at, j.finished_at, j.attempts, (SELECT count(*) FROM skins s WHERE s.texture_hash = j.image_hash) AS skins FROM jobs j WHERE j.id = ?',
    )
    return ids.flatMap((id) => {
      const r = q.get(id)
      return r ? [{ id: r.id, status: r.status, createdAt: r.created_at, finishedAt: r.finished_at, attempts: r.attempts, skins: r.skins }] : []
    })
  } finally {
    db.close()
  }
}

/** Submit → completed p50 within which both runtimes must answer a job of the local signer (docs/performance.md). */
export const SUBMIT_TO_COMPLETED_BUDGET_MS = 150

/**
 * The rows of a {@link concurrentJobs} run, named alike on both runtimes (`prefix` '' on Bun,
 * 'Workers: ' under wrangler dev); `rows` are the server's records of its jobs, `where` ends the notes.
 */
export function concurrentFigures(prefix: string, run: ConcurrentJobs, rows: JobRecord[], where = ''): Omit<Figure, 'bench'>[] {
  const name = `${prefix}generate, ${run.jobs} distinct skins at concurrency ${run.concurrency}`
  const ms = run.done.map((j) => j.ms)
  const server = rows.flatMap((r) => (r.finishedAt !== null && r.status === 'completed' ? [r.finishedAt - r.createdAt] : []))
  const finished = rows.filter((r) => r.status === 'completed')
  const lost = run.jobs - finished.length
  const twice = rows.filter((r) => r.attempts > 1).length
  const extraSkins = rows.filter((r) => r.skins > 1).length
  const serverRate = finished.length ? jobsPerSecond(Math.min(...finished.map((r) => r.createdAt)), finished.map((r) => r.finishedAt!)) : NaN
  const tail = where ? `; ${where}` : ''
  return [
    {
      figure: `${name}: API client submit → completed p50 (as the site: submit wait, long-poll)`,
      value: ms.length ? median(ms) : null,
      unit: 'ms',
      budget: { max: SUBMIT_TO_COMPLETED_BUDGET_MS },
      note: `p95 ${percentile(ms, 0.95).toFixed(0)} ms; server job created → completed p50 ${median(server).toFixed(0)} ms, p95 ${percentile(server, 0.95).toFixed(0)} ms${tail}`,
    },
    {
      figure: `${name}: jobs/s`,
      value: run.rate,
      unit: 'per-s',
      note: `client-observed, first submit → last completion; job rows ${Number.isFinite(serverRate) ? `${serverRate.toFixed(1)}/s` : 'n/a'}${tail}`,
    },
    {
      figure: `${name}: jobs lost or run twice`,
      value: lost + twice + extraSkins,
      unit: 'count',
      budget: { max: 0 },
      note: `${finished.length}/${run.jobs} completed; ${twice} claimed more than once; ${extraSkins} textures with more than one skin${run.lost.length ? `; client errors: ${run.lost.slice(0, 2).join(' | ')}` : ''}`,
    },
  ]
}

/** The name of an SSR throughput row (wrk's shape in it, so both runtimes' rows say they were loaded alike). */
export const ssrRateFigure = (prefix: string, page: '/skins' | 'skin page', shape: { threads: number; connections: number; seconds: number }) =>
  `${prefix}SSR ${page} req/s (wrk -t${shape.threads} -c${shape.connections} -d${shape.seconds}s)`
