/**
 * The platform-neutral half of the API wiring: given a context whose store,
 * blobs, signer, anti-bot verifier and limiter were built for the platform (bun:sqlite + SQLite
 * blobs in ./wiring.ts; D1 + R2 + Durable Objects in the API Worker), builds the counters,
 * generator, queue, lists and stats the routes use. Nothing here knows which platform it runs on.
 * @module
 */
import { createCapeCatalogue } from './capes/capes'
import { createJobQueue, type JobProcessor, type JobQueue, type JobRow, type JobStartSlot, type LocalJobQueue } from './jobs/queue/job-queue'
import type { ApiServices } from './services'
import { createSimilarSkins } from './skins/catalogue/similar'
import { createSkinLists } from './skins/catalogue/skin-lists'
import type { ApiContext } from './services/context'
import { createGenerator } from './jobs/generate/generator'
import { createOwnSkins } from './skins/services/own-skins'
import { createCounters, type Counters } from './services/stats/counters'
import { createStats } from './services/stats/stats'
import { createStorageMeter } from './services/storage/storage-meter'
import type { JobWebhooks } from './webhooks/job-events'
import type { JobLogJob } from './jobs/job-log-line'
import { createJobEventHub } from './jobs/events/job-event-hub'
import { createJobEventLog } from './jobs/events/job-event-log'
import { JOB_LIST_WINDOW_MS } from './jobs/routes/generate'
import type { JobEvents, StreamHub } from './services'

/** Options of {@link wireServices}. */
export interface WireOptions {
  /** Reports errors that were not ApiErrors. */
  report: (e: unknown) => void
  /** Queue poll interval for jobs written by other processes, ms (0 disables). */
  queuePollMs?: number
  /** Resolves after `ms` (the `/v2/generate` deadline). */
  wait?: (ms: number) => Promise<void>
  /** Job callbacks and webhook events (docs/webhooks.md); the Bun wiring's delivery loop. Absent: `callback` is refused. */
  webhooks?: JobWebhooks
  /**
   * Runs `tick` every `ms` until stopped: the job event stream's keep-alives and log poll (tests
   * inject one they drive by hand). Only the in-process queue's wiring holds streams.
   */
  every?: (ms: number, tick: () => void) => () => void
  /** A job finished (completed or failed): its log line (./jobs/job-log-line.ts); the Bun wiring's logger. */
  onJobFinished?: (job: JobLogJob) => void
  /**
   * With `makeQueue`: the job event stream's fan-out where the streams are held elsewhere (the API
   * Worker: src/api/cloudflare/durable-job-events.ts). Absent there, `GET /v2/queue/events` answers 501.
   */
  eventFanout?: EventFanout
  /**
   * The invocation running now, where several serve one build (the API Worker:
   * src/api/cloudflare/invocation-scope.ts): the generator never awaits one invocation's signing from another.
   */
  invocation?: () => object | undefined
}

/** A job event fan-out held outside this process. */
export interface EventFanout {
  /** The hub of one stream (built per request). */
  hubFor: () => StreamHub
  /** A job row changed in this invocation; awaited there, never rejects. */
  changed: () => Promise<void>
}

/** Builds another platform's queue over the generator's processing step (the API Worker: Cloudflare Queues). */
export type QueueFactory<Q extends JobQueue> = (process: JobProcessor) => Q

/** The wired services; `queue` is the concrete queue, for its owner (start/stop on Bun, the consumer on Workers). */
export interface Wired<Q extends JobQueue> {
  services: ApiServices
  counters: Counters
  queue: Q
}

/** Builds the services over a platform's context, with the in-process queue (Bun) unless `makeQueue` builds another. */
export function wireServices(ctx: ApiContext, opts: WireOptions): Wired<LocalJobQueue>
export function wireServices<Q extends JobQueue>(ctx: ApiContext, opts: WireOptions, makeQueue: QueueFactory<Q>): Wired<Q>
export function wireServices(ctx: ApiContext, opts: WireOptions, makeQueue?: QueueFactory<JobQueue>): Wired<JobQueue> {
  const { store, signer, blobs, config, now } = ctx
  const counters = createCounters(store.sql)
  const signingPool = ctx.signingPool
  const capes = createCapeCatalogue({ signerKind: signer.kind, blobs, textureBaseUrl: config.textureBaseUrl, ...(signingPool ? { ownedCapes: () => signingPool.ownedCapes() } : {}) })
  let announce: (jobId: string, o?: { startNow?: boolean }) => void | Promise<void> = () => {}
  let reserveStart: (() => Promise<JobStartSlot | null>) | undefined
  // A job row changed in this invocation: the event stream's hub reads the log then (the process's hub
  // on Bun, the job event object on the API Worker).
  let changed: () => void | Promise<void> = () => {}
  const storage = createStorageMeter({ sql: store.sql, blobs, budgetBytes: config.storageBudgetBytes, now })
  const generator = createGenerator(ctx, { capes, counters, storage, notify: (jobId, o) => announce(jobId, o), reserveStart: () => reserveStart?.() ?? Promise.resolve(null), changed: () => changed(), ...(opts.webhooks ? { webhooks: opts.webhooks } : {}), ...(opts.onJobFinished ? { finishedAtOnce: opts.onJobFinished } : {}), ...(opts.invocation ? { invocation: opts.invocation } : {}) })
  const processJob: JobProcessor = (job, completion) => generator.process(job, completion)
  let queue: JobQueue
  let events: JobEvents | undefined
  if (makeQueue) {
    queue = makeQueue(processJob)
    announce = (jobId, o) => queue.notify(jobId, o)
    if (queue.reserveStart) reserveStart = queue.reserveStart.bind(queue)
    // Workers: the streams live in one Durable Object that reads the log once per change it is told
    // of (docs/cloudflare.md); each request reads its backlog and renders its rows itself.
    const fanout = opts.eventFanout
    if (fanout) {
      changed = fanout.changed
      events = { hubFor: fanout.hubFor, log: createJobEventLog(store.sql), report: opts.report }
    }
  } else {
    const pool = ctx.signingPool
    const local = createJobQueue({
      sql: store.sql,
      process: processJob,
      // With the Mojang pool, as many jobs run at once as accounts can change skins;
      // a job that finds none free waits in the signer, so one more keeps the next account busy.
      concurrency: pool ? () => Math.max(1, pool.lastCapacity().healthy) : config.queueConcurrency,
      ...(pool ? { paceMs: () => pool.lastCapacity().paceMs } : {}),
      now,
      pollMs: opts.queuePollMs,
      onUnexpectedError: (_job, e) => opts.report(e),
      ...(opts.wait ? { wait: opts.wait } : {}),
      onChange: () => changed(),
      ...(opts.webhooks || opts.onJobFinished
        ? {
            onFinished: (job: JobRow) => {
              opts.onJobFinished?.(job)
              if (opts.webhooks) void opts.webhooks.finished(job.id)
            },
          }
        : {}),
    })
    // The in-process loop claims by itself: waking it is fire-and-forget.
    announce = () => void local.notify()
    queue = local
    // The event stream's streams live in this process (docs/api.md "Job events"); its log is kept as
    // long as `GET /v2/queue` lists jobs, and read for other processes' rows as often as the queue polls.
    const log = createJobEventLog(store.sql)
    const hub = createJobEventHub({
      log,
      now,
      retentionMs: JOB_LIST_WINDOW_MS,
      perCaller: config.eventStreams.perCaller,
      maxStreams: config.eventStreams.max,
      ...(opts.queuePollMs !== undefined ? { pollMs: opts.queuePollMs } : {}),
      ...(opts.every ? { every: opts.every } : {}),
      report: opts.report,
    })
    changed = () => void hub.changed()
    events = { hubFor: () => hub, hub, log, report: opts.report }
  }
  const services: ApiServices = {
    ctx,
    queue,
    generator,
    lists: createSkinLists(store.sql),
    similar: createSimilarSkins(store.sql, ctx.now),
    ownSkins: createOwnSkins(store.sql),
    capes,
    ...(events ? { events } : {}),
    stats: createStats({
      counters,
      capacity: queue.capacity,
      active: queue.active,
      durations: queue.durations,
      usableAccounts: async () => (ctx.signingPool ? (await ctx.signingPool.capacity()).healthy : 1),
      upstreamErrors: generator.upstreamErrors,
      now,
    }),
  }
  return { services, counters, queue }
}

