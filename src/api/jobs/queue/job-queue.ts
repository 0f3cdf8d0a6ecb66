/**
 * Durable job queue (reference/mineskin-api.md §2.6): jobs are rows; a worker loop with
 * configurable concurrency claims them atomically (`UPDATE … WHERE id = (SELECT … 'waiting' …)
 * RETURNING *`), runs the processor and records the outcome. `start()` first puts every job a
 * crash left `processing` back to `waiting`, so no accepted job is ever lost. Nothing here sleeps:
 * the loop is woken by `notify()` (new job) and by finished jobs, with a slow poll only to pick up
 * rows written by another process; tests drain it with `idle()`.
 * @module
 */
import type { SqlClient, SqlStatement } from '../../store/sql'
import type { CodeAndMessage } from '../../../shared/schemas/api'
import { isApiError } from '../../errors'
import { abortableDelay } from './abortable-delay'

/** A job row as the queue reads it. */
export interface JobRow {
  id: string
  status: 'waiting' | 'processing' | 'completed' | 'failed'
  kind: 'upload' | 'url' | 'user' | 'signed'
  image_hash: string | null
  user_uuid: string | null
  input: string | null
  source_name: string | null
  options: string
  user_id: string | null
  api_key_id: string | null
  client_id: string | null
  ip: string | null
  breadcrumb: string
  created_at: number
  started_at: number | null
  finished_at: number | null
  result: string | null
  duplicate: string | null
  errors: string | null
  attempts: number
}

/** Outcome of processing one job. */
export type JobOutcome = { ok: true; skinUuid: string } | { ok: false; errors: CodeAndMessage[] }

/**
 * The job's completion as a statement, for a processor that writes its result in one batch with it
 * (the API Worker's queue: src/api/cloudflare/queues-job-queue.ts): `duplicate` names the duplicate
 * source the job turned out to be, if any; the statement gives the finished row back (RETURNING *).
 */
export interface JobCompletion {
  statement(skinUuid: string, duplicate: string | null): SqlStatement
}

/**
 * Processes one claimed job. Throwing is allowed: the queue turns it into a failed job. With
 * `completion`, a processor may run its statement in its own write and hand back the row it returned
 * (`completed`); the queue completes the job itself otherwise.
 */
export type JobProcessor = (job: JobRow, completion?: JobCompletion) => Promise<{ skinUuid: string; completed?: JobRow }>

/** Options of {@link createJobQueue}. */
export interface JobQueueOptions {
  sql: SqlClient
  process: JobProcessor
  /** Jobs processed at once; a function when it follows the signing pool's usable accounts. */
  concurrency: number | (() => number)
  /**
   * Time between two job starts the signer allows (the Mojang pool: min delay ÷ usable accounts), ms;
   * a waiting job's `eta` is at least one such step away. Null or absent: no such limit.
   */
  paceMs?: () => number | null
  now: () => number
  /** Poll interval for rows written by other processes, ms (0 disables). */
  pollMs?: number
  /** Called with failures that were not ApiErrors (for logging). */
  onUnexpectedError?: (job: JobRow, error: unknown) => void
  /**
   * Resolves after `ms` (the `waitFor` deadline), or early once `signal` aborts (the waiter settled or
   * its caller went away), so no timer outlives its waiter; injectable so tests never wait on the wall clock.
   */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Called with each job row once it completed or failed (webhook events, docs/webhooks.md). */
  onFinished?: (job: JobRow) => void
  /**
   * Called after this queue changed a job's status (claimed, finished, re-queued at start): the job
   * event stream reads the log's new rows then (src/api/jobs/events/job-event-hub.ts).
   */
  onChange?: () => void
}

/** Moving means of the last job durations (ms), used for `eta` and `/v2/stats`. */
export interface Durations {
  /** Mean time from creation to start. */
  pending: number
  /** Mean time from start to completion. */
  generate: number
}

/** Mean wait and processing time of the last 200 completed jobs (the starting point of the duration means). */
export const RECENT_DURATIONS_SQL = `SELECT avg(started_at - created_at) AS pending, avg(finished_at - started_at) AS generate FROM (
           SELECT created_at, started_at, finished_at FROM jobs INDEXED BY jobs_finished_idx
           WHERE finished_at IS NOT NULL AND started_at IS NOT NULL AND status = 'completed' ORDER BY finished_at DESC LIMIT 200)`

const INTERNAL: CodeAndMessage = { code: 'internal_error', message: 'An internal error occurred' }

/** True for a row that will not change any more. */
const finished = (row: JobRow | null | undefined): row is JobRow => !!row && (row.status === 'completed' || row.status === 'failed')

/** Weight of the newest sample in the duration means. */
const EMA = 0.1

/** Creates the queue; call `start()` to requeue crashed jobs and begin processing. */
/**
 * Expected completion time (epoch ms) of an unfinished job from the running means: a processing job
 * finishes a generate time after it started, a waiting one also waits the pending time first. The
 * same rule on Bun and on the Queues consumer (src/api/cloudflare/queues-job-queue.ts).
 */
export function jobEta(job: Pick<JobRow, 'status' | 'created_at' | 'started_at'>, durations: Durations, paceMs: number | null = null): number | undefined {
  if (job.status === 'processing') return Math.round((job.started_at ?? job.created_at) + durations.generate)
  if (job.status === 'waiting') return Math.round(job.created_at + Math.max(durations.pending, paceMs ?? 0) + durations.generate)
  return undefined
}

export function createJobQueue(opts: JobQueueOptions) {
  const { sql, now } = opts
  const concurrency = typeof opts.concurrency === 'function' ? opts.concurrency : () => opts.concurrency as number
  const wait = opts.wait ?? abortableDelay
  // Claiming is one atomic UPDATE … RETURNING, so two pumps (or processes) never take the same job.
  const claim = (t: number) =>
    sql.get<JobRow>(
      `UPDATE jobs SET status = 'processing', started_at = ?, attempts = attempts + 1
       WHERE id = (SELECT id FROM jobs WHERE status = 'waiting' ORDER BY created_at, id LIMIT 1)
       RETURNING *`,
      [t],
    )
  const complete = (result: string, t: number, id: string) => sql.run(`UPDATE jobs SET status = 'completed', result = ?, finished_at = ? WHERE id = ?`, [result, t, id])
  const fail = (errors: string, t: number, id: string) => sql.run(`UPDATE jobs SET status = 'failed', errors = ?, finished_at = ? WHERE id = ?`, [errors, t, id])
  const waitingCount = async () => (await sql.get<{ n: number }>(`SELECT count(*) AS n FROM jobs WHERE status = 'waiting'`))?.n ?? 0
  const byId = (id: string) => sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [id])

  let running = false
  let inflight = 0
  const tasks = new Set<Promise<void>>()
  let timer: ReturnType<typeof setInterval> | null = null
  let idleWaiters: (() => void)[] = []
  const jobWaiters = new Map<string, ((job: JobRow) => void)[]>()
  const durations: Durations = { pending: 0, generate: 1000 }

  const settle = (job: JobRow) => {
    const ws = jobWaiters.get(job.id)
    if (ws) {
      jobWaiters.delete(job.id)
      for (const w of ws) w(job)
    }
  }

  const checkIdle = async () => {
    if (inflight === 0 && idleWaiters.length && (await waitingCount()) === 0 && inflight === 0) {
      const ws = idleWaiters
      idleWaiters = []
      for (const w of ws) w()
    }
  }

  const runOne = async (job: JobRow) => {
    const started = job.started_at ?? now()
    try {
      const { skinUuid } = await opts.process(job)
      const t = now()
      await complete(skinUuid, t, job.id)
      durations.pending += EMA * (started - job.created_at - durations.pending)
      durations.generate += EMA * (t - started - durations.generate)
    } catch (e) {
      const errors = isApiError(e) ? [{ code: e.code, message: e.message }, ...e.causes] : [INTERNAL]
      if (!isApiError(e)) opts.onUnexpectedError?.(job, e)
      await fail(JSON.stringify(errors), now(), job.id)
    }
    opts.onChange?.()
    const done = await byId(job.id)
    if (done) {
      settle(done)
      opts.onFinished?.(done)
    }
  }

  // One pump at a time (claims are awaited now: the store is async for D1); a wake-up during a pump makes
  // it go round once more instead of starting a second loop that could overshoot the concurrency.
  let pumping: Promise<void> | null = null
  let again = false
  const pumpLoop = async () => {
    do {
      again = false
      while (running && inflight < concurrency()) {
        const job = await claim(now())
        if (!job) break
        opts.onChange?.()
        inflight++
        const task = runOne(job).finally(() => {
          inflight--
          tasks.delete(task)
          pump()
        })
        tasks.add(task)
      }
      await checkIdle()
    } while (again)
  }
  const pump = (): Promise<void> => {
    if (pumping) {
      again = true
      return pumping
    }
    pumping = pumpLoop()
      .catch((e) => console.error(`[queue] ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => (pumping = null))
    return pumping
  }

  return {
    /** Re-queues jobs a crash left `processing`, loads duration means, starts the loop. */
    async start(): Promise<void> {
      if (running) return
      if ((await sql.run(`UPDATE jobs SET status = 'waiting', started_at = NULL WHERE status = 'processing'`)).changes) opts.onChange?.()
      const r = await sql.get<{ pending: number | null; generate: number | null }>(RECENT_DURATIONS_SQL)
      if (r?.pending != null) durations.pending = r.pending
      if (r?.generate != null) durations.generate = r.generate
      running = true
      const pollMs = opts.pollMs ?? 1000
      if (pollMs > 0) {
        timer = setInterval(() => void pump(), pollMs)
        // The poll must not keep a process alive on its own.
        ;(timer as { unref?: () => void }).unref?.()
      }
      await pump()
    },
    /** Wakes the loop (a job was inserted); resolves when that pump has claimed what it could. */
    notify(): Promise<void> {
      return pump()
    },
    /** Stops claiming and waits for the jobs in flight. */
    async stop(): Promise<void> {
      running = false
      if (timer) clearInterval(timer)
      timer = null
      await Promise.all([...tasks])
    },
    /** Resolves once no job is waiting or in flight (tests drain the queue with this). */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve)
        if (running) void pump()
        else void checkIdle()
      })
    },
    /**
     * Resolves with the finished job row, or null after `timeoutMs` or once `signal` aborts (a
     * long-poll whose client went away): the waiter is removed either way, so abandoned
     * long-polls leave nothing behind.
     */
    async waitFor(jobId: string, timeoutMs: number, signal?: AbortSignal): Promise<JobRow | null> {
      const row = await byId(jobId)
      if (finished(row)) return row
      if (timeoutMs <= 0 || signal?.aborted) return null
      return new Promise((resolve) => {
        // Ends the deadline's timer once the waiter settled some other way.
        const done = new AbortController()
        const end = (job: JobRow | null) => {
          if (done.signal.aborted) return
          done.abort()
          signal?.removeEventListener('abort', onAbort)
          const ws = jobWaiters.get(jobId)?.filter((w) => w !== end)
          if (ws?.length) jobWaiters.set(jobId, ws)
          else jobWaiters.delete(jobId)
          resolve(job)
        }
        const onAbort = () => end(null)
        jobWaiters.set(jobId, [...(jobWaiters.get(jobId) ?? []), end])
        signal?.addEventListener('abort', onAbort, { once: true })
        // The job may have finished between the read above and registering: read once more.
        void byId(jobId).then((again) => finished(again) && end(again))
        void wait(timeoutMs, done.signal).then(() => end(null))
      })
    },
    /** Callers waiting in `waitFor` right now (long-polls and `/v2/generate`); tests check abandoned ones are gone. */
    waiting: (): number => [...jobWaiters.values()].reduce((n, ws) => n + ws.length, 0),
    /** Expected completion time (epoch ms) of an unfinished job. */
    eta: (job: Pick<JobRow, 'status' | 'created_at' | 'started_at'>): number | undefined => jobEta(job, durations, opts.paceMs?.() ?? null),
    /** Jobs being processed right now. */
    active: (): number => inflight,
    /** Configured concurrency. */
    capacity: (): number => concurrency(),
    /** Current duration means. */
    durations: (): Durations => ({ pending: Math.round(durations.pending), generate: Math.round(durations.generate) }),
  }
}

/** The in-process queue (Bun): its owner also starts, stops and drains it. */
export type LocalJobQueue = ReturnType<typeof createJobQueue>

/**
 * What the generator, routes and stats need of a queue: the in-process queue
 * above on Bun, Cloudflare Queues on the API Worker (src/api/cloudflare/queues-job-queue.ts).
 */
export type JobQueue = Pick<LocalJobQueue, 'waitFor' | 'eta' | 'active' | 'capacity' | 'durations'> & {
  /**
   * A `waiting` job row was inserted: wake the loop (Bun, which claims by itself) or send the job's
   * message (Queues); `startNow: false` when a {@link reserveStart} was refused for it.
   */
  notify(jobId: string, opts?: { startNow?: boolean }): void | Promise<void>
  /**
   * Where a job can start in the request that submits it (Queues): a slot asked for before the row is
   * inserted, which is then inserted claimed (src/api/cloudflare/queues-job-queue.ts); absent on Bun.
   */
  reserveStart?(): Promise<JobStartSlot | null>
}

/** A run at once reserved before its job's row is inserted ({@link JobQueue.reserveStart}). */
export interface JobStartSlot {
  /** The claim's time: the row's `started_at`. */
  at: number
  /** Sends the job's message and runs it (its row inserted and claimed: `processing`, `started_at` = `at`, one attempt). */
  start(job: JobRow): Promise<void>
  /** Gives the slot back (the row was not inserted). */
  cancel(): void
}
