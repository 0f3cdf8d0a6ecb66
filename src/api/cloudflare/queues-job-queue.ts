/**
 * The job queue on Cloudflare Queues (a consumer that signs, with retries and a
 * dead-letter queue instead of our crash recovery). Jobs stay rows in D1 exactly as on Bun
 * (src/api/jobs/queue/job-queue.ts); a submit inserts the `waiting` row and sends `{ jobId }` to the
 * producer binding. The Worker's `queue()` handler hands each batch to {@link consume}:
 *
 * - the row is claimed with the in-process queue's UPDATE … RETURNING, by id. A `processing` row is
 *   claimable once its lease (`leaseMs` from `started_at`) has run out: a message is redelivered when
 *   the consumer that held it died (what `start()` re-queues on Bun), but Queues delivers at least
 *   once, so the same message may also arrive while a live consumer still works on it; such a
 *   delivery is retried after the rest of the lease instead of signing the job a second time;
 * - a job that is already `completed` or `failed` (a duplicate delivery) is acked without work;
 * - the generator's processing runs; success → `completed`, an ApiError → `failed` (as on Bun), both acked;
 * - any other error puts the row back to `waiting` and `retry()`s the message with a delay; after
 *   `max_retries` Queues moves it to the dead-letter queue, whose consumer ({@link deadLetters})
 *   marks the job `failed` with `job_failed`, so a client polling `/v2/queue/{id}` sees the end.
 *
 * Each status change is told to the job event stream's object (`onChange`, awaited in this invocation)
 * before the message is acked.
 *
 * A job also starts at once (docs/cloudflare.md "A job starts at once"): inside a request
 * (`startNow.waitUntil`) and below `concurrency` jobs running in this isolate, the submit takes a slot
 * with `reserveStart` before it writes the row, inserts the row claimed, and the slot sends the message
 * first and then runs the job in that request's `waitUntil`, so it does not wait for the consumer's batch
 * window (`notify` does the same with a claim of its own for a row inserted `waiting`). The message stays the durable path: when it arrives, the
 * rules above apply to whatever the immediate run left (finished → acked; still held → retried after
 * the lease; put back to `waiting` by an unexpected error → claimed and run as any delivery; left
 * `processing` by a run cut off with its isolate → claimed once the lease ran out). Past the bound, or
 * when the signer has no capacity now (`startNow.ready`), the message alone runs the job.
 *
 * `/v2/generate` and the `GET /v2/queue/{id}?wait=` long-poll wait by reading the row
 * again and again within the request's time: the job runs in another invocation, maybe another
 * isolate, whose promises a request may not await. The reads start 50 ms apart and spread out
 * to a quarter of the time waited so far (at most `pollMs`): a job that finishes at once is seen at
 * once, and a long wait costs a few dozen D1 reads of one row rather than one every 50 ms. While the
 * job runs in this isolate (an immediate run, a delivery) nothing can change its row but that run, so
 * the wait looks at the isolate's own record of it every {@link LOCAL_CHECK_MS} instead of reading
 * D1 (the submit's own wait, in the same invocation as the run, awaits the run's end), and answers
 * with the row the run's finishing UPDATE returned (`RETURNING *`). A delivery of a job this isolate
 * finished is acked without a read (the isolate remembers its last {@link FINISHED_KEPT} finished jobs
 * and their rows; completed and failed are final). Durations for `eta` are per isolate, seeded from D1
 * by {@link loadDurations}.
 * @module
 */
import type { Message, MessageBatch, Queue } from '@cloudflare/workers-types'
import { isApiError } from '../errors'
import { jobEta, RECENT_DURATIONS_SQL, type Durations, type JobProcessor, type JobCompletion, type JobQueue, type JobRow, type JobStartSlot } from '../jobs/queue/job-queue'
import type { SqlClient } from '../store/sql'
import type { CodeAndMessage } from '../../shared/schemas/api'
import { abortableDelay } from '../jobs/queue/abortable-delay'

/** The body of one queue message. */
export interface JobMessage {
  jobId: string
  /**
   * The public origin the job was submitted at, when the Worker has no PUBLIC_URL:
   * the consumer signs with the texture URLs of that host (src/api/worker.ts builds per origin).
   */
  origin?: string
}

/** Options of {@link queuesJobQueue}. */
export interface QueuesJobQueueOptions {
  sql: SqlClient
  /** The producer binding (`[[queues.producers]]`). */
  producer: Pick<Queue<JobMessage>, 'send'>
  process: JobProcessor
  /**
   * Reported as `/v2/stats` capacity, and the bound on jobs started at once per isolate (past it the
   * message runs the job; a consumer batch runs up to its `max_batch_size` at once).
   */
  concurrency: number
  now: () => number
  /** Resolves after `ms`, or early once `signal` aborts; `waitFor` waits with it between reads. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Longest interval between `waitFor`'s reads, ms (default 500; see the module note). */
  pollMs?: number
  /** Delay of a retried message after an unexpected error, seconds (default 10). */
  retryDelaySeconds?: number
  /**
   * How long a claim holds a job, ms (default 120 000: longer than any signing, Mojang uploads
   * included). A `processing` job whose claim is older is taken over by the next delivery.
   */
  leaseMs?: number
  /** Called with failures that were not ApiErrors (for logging). */
  onUnexpectedError?: (job: JobRow, error: unknown) => void
  /**
   * TEST ONLY: runs after a job was claimed, before it is processed (the crash test throws here), by
   * the submit's immediate run or a delivery of the job's message.
   */
  afterClaim?: (job: JobRow, runner: JobRunner) => void
  /**
   * Running a job at once in the request that submitted it (module note). Without it, only the
   * message runs jobs.
   */
  startNow?: StartNow
  /**
   * Jobs running in this isolate, shared by its queues (one per origin, src/api/worker.ts): a job starts
   * at once only while fewer than `concurrency` run. Default: this queue's own count.
   */
  running?: { jobs: number }
  /**
   * The invocation being served (./invocation-scope.ts `currentInvocation`): a wait in the invocation
   * that runs the job awaits the run instead of looking again and again. Default: none, always look.
   */
  invocation?: () => object | undefined
  /** Reports an immediate run that ended outside its job's processing (a failed claim, a crash). */
  report?: (e: unknown) => void
  /** Sent with every job (JobMessage.origin); absent when PUBLIC_URL names the site. */
  origin?: string
  /** Called with the job's id once it completed or failed, before its message is acked (webhook events, docs/webhooks.md). */
  onFinished?: (jobId: string) => Promise<void>
  /**
   * A job's status changed here (claimed, completed, failed, back to waiting): the job event stream's
   * object reads the log (docs/cloudflare.md). Awaited in the invocation that made the change, whose
   * I/O it is; it must not reject (the notifier reports its own failures, and the object's poll
   * catches up a lost one), so a notification never fails a job.
   */
  onChange?: () => Promise<void>
}

/** Who runs a claimed job: the submitting request at once, or a delivery of its message. */
export type JobRunner = 'immediate run' | 'message delivery'

/** How {@link queuesJobQueue} starts a job at once (`QueuesJobQueueOptions.startNow`). */
export interface StartNow {
  /**
   * The `waitUntil` of the request being answered, or undefined outside a request (a queue or cron
   * invocation): the run is that request's own I/O, never another's.
   */
  waitUntil: () => ((promise: Promise<unknown>) => void) | undefined
  /**
   * Whether the signer can take a job now (the Mojang pool: an account is free); default yes. A job
   * that would wait for an account is left to the message: a `waitUntil` is cut about 30 s after the
   * answer, and a job cut mid-run waits for its lease.
   */
  ready?: () => Promise<boolean>
}

const INTERNAL: CodeAndMessage = { code: 'internal_error', message: 'An internal error occurred' }
/** Weight of the newest sample in the duration means (as on Bun). */
const EMA = 0.1
/** The first intervals between `waitFor`'s reads, ms. */
const FIRST_READ_MS = 50
/** How often `waitFor` looks at this isolate's record of a job it is running, ms (no I/O). */
export const LOCAL_CHECK_MS = 10
/** Jobs this isolate finished that it remembers, so their messages are acked without a D1 read. */
export const FINISHED_KEPT = 1000

/** The pause before `waitFor`'s next read after `waitedMs`: a quarter of the time waited, 50 ms to `maxMs`. */
export const nextReadMs = (waitedMs: number, maxMs: number): number => Math.max(FIRST_READ_MS, Math.min(maxMs, Math.round(waitedMs / 4)))

/** Completes a job (its duplicate source kept unless one is given) and gives the finished row back. */
const COMPLETE_SQL = `UPDATE jobs SET status = 'completed', result = ?, finished_at = ?, duplicate = coalesce(?, duplicate) WHERE id = ? RETURNING *`

/** The errors a dead-lettered job is failed with. */
export const DEAD_LETTER_ERRORS: CodeAndMessage[] = [
  { code: 'job_failed', message: 'The job failed on every attempt and was moved to the dead-letter queue; submit it again' },
]

/** Creates the Queues-backed queue; `consume` and `deadLetters` are the Worker's queue handlers. */
export function queuesJobQueue(opts: QueuesJobQueueOptions) {
  const { sql, now } = opts
  const wait = opts.wait ?? abortableDelay
  const pollMs = opts.pollMs ?? 500
  const retryDelaySeconds = opts.retryDelaySeconds ?? 10
  const leaseMs = opts.leaseMs ?? 120_000
  // The in-process queue's claim, by id; a `processing` row only once its lease ran out (module doc).
  const claim = (id: string, t: number) =>
    sql.get<JobRow>(
      `UPDATE jobs SET status = 'processing', started_at = ?, attempts = attempts + 1
       WHERE id = ? AND (status = 'waiting' OR (status = 'processing' AND started_at <= ?))
       RETURNING *`,
      [t, id, t - leaseMs],
    )
  // Both give the finished row back: a wait in this isolate answers with it without reading D1 again.
  const complete = (result: string, t: number, id: string) => sql.get<JobRow>(COMPLETE_SQL, [result, t, null, id])
  const fail = (errors: string, t: number, id: string) =>
    sql.get<JobRow>(`UPDATE jobs SET status = 'failed', errors = ?, finished_at = ? WHERE id = ? AND status IN ('waiting', 'processing') RETURNING *`, [errors, t, id])
  // What job-queue.ts's start() does for every crashed job, for this one job.
  const requeue = (id: string) => sql.run(`UPDATE jobs SET status = 'waiting', started_at = NULL WHERE id = ? AND status = 'processing'`, [id])
  const byId = (id: string) => sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [id])
  const changed = async (): Promise<void> => opts.onChange?.()
  const finished = (row: JobRow | null | undefined): row is JobRow => !!row && (row.status === 'completed' || row.status === 'failed')

  const durations: Durations = { pending: 0, generate: 1000 }
  const running = opts.running ?? { jobs: 0 }
  /**
   * Jobs running in this isolate now (the module note: their rows change only through these runs), with
   * the invocation running each and a promise settled when it ends: a wait in that same invocation (the
   * submit's own) awaits it instead of looking every {@link LOCAL_CHECK_MS}; one invocation never awaits
   * another's (./invocation-scope.ts). Held re-entrantly: an immediate run holds its job from before its
   * claim, and `run` holds it again.
   */
  const runningHere = new Map<string, { by: object | undefined; holds: number; done: Promise<void>; end: () => void }>()
  const hold = (jobId: string): (() => void) => {
    let entry = runningHere.get(jobId)
    if (!entry) {
      let end = () => {}
      const done = new Promise<void>((resolve) => (end = resolve))
      entry = { by: opts.invocation?.(), holds: 0, done, end }
      runningHere.set(jobId, entry)
    }
    entry.holds++
    const held = entry
    let released = false
    return () => {
      if (released) return
      released = true
      if (--held.holds === 0) {
        runningHere.delete(jobId)
        held.end()
      }
    }
  }
  /**
   * Jobs this isolate completed or failed, oldest first (a Map keeps insertion order), with their rows as
   * the finishing UPDATE returned them: completed and failed are final, so a wait answers with the row
   * and a delivery acks, neither reading D1. A job failed elsewhere (a dead letter) is kept without one.
   */
  const finishedHere = new Map<string, JobRow | null>()
  const remember = (id: string, row: JobRow | null) => {
    finishedHere.set(id, row)
    if (finishedHere.size > FINISHED_KEPT) finishedHere.delete(finishedHere.keys().next().value!)
  }

  /**
   * Processes a claimed job to its end here: completed, or failed by an ApiError (`finished`), or put back
   * to `waiting` after an unexpected error (`requeued`: a delivery of its message runs it again).
   */
  async function run(job: JobRow): Promise<'finished' | 'requeued'> {
    const release = hold(job.id)
    try {
      return await runClaimed(job)
    } finally {
      release()
    }
  }

  async function runClaimed(job: JobRow): Promise<'finished' | 'requeued'> {
    const started = job.started_at ?? now()
    try {
      // The generator writes the completion in the skin's own batch (one round trip, one atomic write).
      let t = now()
      const completion: JobCompletion = {
        statement: (skinUuid, duplicate) => {
          t = now()
          return { sql: COMPLETE_SQL, params: [skinUuid, t, duplicate, job.id] }
        },
      }
      const { skinUuid, completed } = await opts.process(job, completion)
      if (!completed) t = now()
      remember(job.id, completed ?? (await complete(skinUuid, t, job.id)))
      await changed()
      durations.pending += EMA * (started - job.created_at - durations.pending)
      durations.generate += EMA * (t - started - durations.generate)
      await opts.onFinished?.(job.id)
      return 'finished'
    } catch (e) {
      if (isApiError(e)) {
        const failed = await fail(JSON.stringify([{ code: e.code, message: e.message }, ...e.causes]), now(), job.id)
        remember(job.id, failed)
        if (failed) await changed()
        await opts.onFinished?.(job.id)
        return 'finished'
      }
      opts.onUnexpectedError?.(job, e)
      if ((await requeue(job.id)).changes) await changed()
      return 'requeued'
    }
  }

  async function handle(message: Message<JobMessage>): Promise<void> {
    const jobId = message.body?.jobId
    if (typeof jobId !== 'string' || finishedHere.has(jobId)) return message.ack()
    const t0 = now()
    const job = await claim(jobId, t0)
    if (!job) {
      // Still held by a live runner (the submit's immediate run, another delivery): come back when its
      // lease ends. Completed, failed or unknown: nothing to do.
      const held = await byId(jobId)
      if (held?.status === 'processing') return message.retry({ delaySeconds: Math.max(1, Math.ceil(((held.started_at ?? t0) + leaseMs - t0) / 1000)) })
      return message.ack()
    }
    await changed()
    opts.afterClaim?.(job, 'message delivery')
    running.jobs++
    try {
      if ((await run(job)) === 'finished') message.ack()
      else message.retry({ delaySeconds: retryDelaySeconds })
    } finally {
      running.jobs--
    }
  }

  /**
   * The immediate run of a job just announced (module note), in its submitting request's `waitUntil`.
   * Its slot is taken before the first await, so a burst of submits starts no more than `concurrency`.
   */
  function startNow(jobId: string, waitUntil: (promise: Promise<unknown>) => void): void {
    running.jobs++
    // From here a wait for this job looks at the isolate's record (module note); a claim lost to a
    // delivery ends the record at once, and the wait reads D1 again.
    const release = hold(jobId)
    const go = async () => {
      try {
        if (opts.startNow?.ready && !(await opts.startNow.ready())) return
        const job = await claim(jobId, now())
        // Already claimed by a delivery of its message (or gone): that delivery runs it.
        if (!job) return
        await changed()
        // A run that dies here leaves the job `processing` (the crash hook): the message takes it over
        // once the lease ran out, as for a consumer that died.
        opts.afterClaim?.(job, 'immediate run')
        await run(job)
      } finally {
        release()
        running.jobs--
      }
    }
    waitUntil(go().catch((e) => opts.report?.(e)))
  }

  /** Sends the job's message; a job whose message cannot be sent is failed at once, never left waiting. */
  async function send(jobId: string): Promise<void> {
    try {
      await opts.producer.send({ jobId, ...(opts.origin ? { origin: opts.origin } : {}) })
    } catch (e) {
      if (await fail(JSON.stringify([INTERNAL]), now(), jobId)) await changed()
      throw e
    }
  }

  const queue = {
    /**
     * Sends the job's message, then starts the job at once when the request may (module note) and
     * `startNow` is not false (a submit that asked {@link reserveStart} and was refused).
     */
    async notify(jobId: string, o: { startNow?: boolean } = {}): Promise<void> {
      await send(jobId)
      const waitUntil = o.startNow === false ? undefined : opts.startNow?.waitUntil()
      if (waitUntil && running.jobs < opts.concurrency) startNow(jobId, waitUntil)
    },
    /**
     * A slot to run a job at once, asked for before the job's row is inserted, or null when the job
     * cannot start at once (outside a request, past the concurrency, the signer not ready: then the row
     * goes in `waiting` and {@link notify} sends its message). With a slot the row is inserted and claimed
     * in one batch — `processing`, `started_at` = `at`, one attempt; one D1 round trip and one
     * notification of the job event object less — and `start` sends the message (the durable path, as
     * ever first), then runs the job in the request's `waitUntil`. A message that arrives meanwhile
     * finds the lease running.
     * `cancel` gives the slot back when the insert failed.
     */
    async reserveStart(): Promise<JobStartSlot | null> {
      const waitUntil = opts.startNow?.waitUntil()
      if (!waitUntil || running.jobs >= opts.concurrency) return null
      // Taken before the first await, so a burst of submits reserves no more than `concurrency`.
      running.jobs++
      let held = true
      const free = () => {
        if (held) (held = false), running.jobs--
      }
      try {
        if (opts.startNow?.ready && !(await opts.startNow.ready())) {
          free()
          return null
        }
      } catch (e) {
        free()
        throw e
      }
      return {
        at: now(),
        cancel: free,
        async start(job: JobRow): Promise<void> {
          // From here a wait for this job looks at the isolate's record (module note).
          const release = hold(job.id)
          try {
            await send(job.id)
          } catch (e) {
            release()
            free()
            throw e
          }
          const go = async () => {
            try {
              // A run that dies here leaves the job `processing` (the crash hook): the message takes it
              // over once the lease ran out, as for a consumer that died.
              opts.afterClaim?.(job, 'immediate run')
              await run(job)
            } finally {
              release()
              free()
            }
          }
          waitUntil(go().catch((e) => opts.report?.(e)))
        },
      }
    },
    /** The consumer: processes every message of a batch (at once; the generator dedupes equal textures). */
    async consume(batch: MessageBatch<JobMessage>): Promise<void> {
      await Promise.all(batch.messages.map(handle))
    },
    /** The dead-letter consumer: fails each job that is still unfinished, then acks. */
    async deadLetters(batch: MessageBatch<JobMessage>): Promise<void> {
      for (const message of batch.messages) {
        const jobId = message.body?.jobId
        if (typeof jobId === 'string') {
          if (await fail(JSON.stringify(DEAD_LETTER_ERRORS), now(), jobId)) await changed()
          await opts.onFinished?.(jobId)
        }
        message.ack()
      }
    },
    /** Seeds the duration means from the last completed jobs (once per isolate). */
    async loadDurations(): Promise<void> {
      const r = await sql.get<{ pending: number | null; generate: number | null }>(RECENT_DURATIONS_SQL)
      if (r?.pending != null) durations.pending = r.pending
      if (r?.generate != null) durations.generate = r.generate
    },
    /**
     * Resolves with the finished job row, or null after about `timeoutMs` or once `signal` aborts (the
     * client went away): a bounded re-check loop, see the module note.
     */
    async waitFor(jobId: string, timeoutMs: number, signal?: AbortSignal): Promise<JobRow | null> {
      const start = now()
      for (let paused = 0; ; ) {
        // Finished here: its row as the run left it (final).
        const known = finishedHere.get(jobId)
        if (known) return known
        // Running here: only that run can change the row, so look again without reading D1 (module note).
        const runner = runningHere.get(jobId)
        const local = runner !== undefined
        if (!local) {
          const row = await byId(jobId)
          if (finished(row)) return row
        }
        // The reads take time too (a slow local D1 doubled a 9 s wait): the clock counts, or the
        // pauses alone when the clock stands still (tests).
        const waited = Math.max(paused, now() - start)
        if (waited >= timeoutMs || signal?.aborted) return null
        if (runner && runner.by !== undefined && runner.by === opts.invocation?.()) {
          // Run by this very invocation (the submit's own wait): await its end, within the time left.
          const left = timeoutMs - waited
          const stop = new AbortController()
          const abort = () => stop.abort()
          signal?.addEventListener('abort', abort, { once: true })
          const ended = await Promise.race([runner.done.then(() => true), wait(left, stop.signal).then(() => false)])
          stop.abort()
          signal?.removeEventListener('abort', abort)
          if (!ended) paused += left
          continue
        }
        const step = Math.min(local ? LOCAL_CHECK_MS : nextReadMs(waited, pollMs), timeoutMs - waited)
        await wait(step, signal)
        paused += step
      }
    },
    /** Expected completion time (epoch ms) of an unfinished job. */
    eta: (job: Pick<JobRow, 'status' | 'created_at' | 'started_at'>): number | undefined => jobEta(job, durations),
    /** Jobs this isolate is processing right now (deliveries and immediate runs). */
    active: (): number => running.jobs,
    capacity: (): number => opts.concurrency,
    durations: (): Durations => ({ pending: Math.round(durations.pending), generate: Math.round(durations.generate) }),
  }
  return queue satisfies JobQueue
}

/** The Queues-backed queue type. */
export type QueuesJobQueue = ReturnType<typeof queuesJobQueue>
