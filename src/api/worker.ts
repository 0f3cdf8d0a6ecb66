/**
 * The skin API as a Cloudflare Worker (issue 13 point 1; wrangler.api.toml, Worker
 * `skin-signature-api`): the same services and routes as the embedded API (src/api/app.ts), on D1,
 * R2, Cloudflare Queues and Durable Objects instead of bun:sqlite, SQLite blobs, the in-process queue
 * and in-memory limits. `fetch` serves the API at its root (`/v2/…`, `/textures/…`), as the web
 * Worker's `API` service binding expects; `queue` is the consumer of `skin-jobs` (generate and sign)
 * and of its dead-letter queue. The app is built once per isolate and env (module-level cache).
 * Bun never loads this file: the Durable Object classes import `cloudflare:workers`.
 * @module
 */
import type { ExecutionContext, MessageBatch } from '@cloudflare/workers-types'
import { createApiApp } from './app'
import { workerContext, type ApiWorkerEnv } from './cloudflare/worker-env'
import { queuesJobQueue, type JobMessage, type QueuesJobQueue } from './cloudflare/queues-job-queue'
import type { JobProcessor, JobRow } from './queue/job-queue'
import { applyTagThreshold } from './services/community/tags'
import { oneLineError } from '../shared/log/one-line'
import { wireServices } from './wire-services'
import { countingD1 } from './cloudflare/d1-round-trips'

export { RateLimitObject } from './cloudflare/rate-limit-object'
export { SpentProofObject } from './cloudflare/spent-proof-object'

/** What one isolate builds once per env. */
interface Built {
  app: ReturnType<typeof createApiApp>
  queue: QueuesJobQueue
}

const report = (e: unknown) => console.error(`[api-worker] ${oneLineError(e)}`)

/** TEST_CRASH_ONCE: the first claimed job of this isolate makes the consumer die (throw) once. */
let crashed = false
function crashOnce(job: JobRow): void {
  if (crashed) return
  crashed = true
  throw new Error(`TEST_CRASH_ONCE: the consumer died after claiming job ${job.id}`)
}

/**
 * TEST_FAIL_JOBS_NAMED: a job whose requested name is this one fails with an unexpected error on
 * every attempt, so its message is retried until Queues moves it to the dead-letter queue (issue 24
 * point 3, test/worker/api-worker.test.ts). Other jobs run as usual.
 */
function failingNamed(process: JobProcessor, name: string): JobProcessor {
  return async (job) => {
    if ((JSON.parse(job.options) as { name?: unknown }).name === name) throw new Error(`TEST_FAIL_JOBS_NAMED: job ${job.id} failed unexpectedly`)
    return process(job)
  }
}

/**
 * TEST_COUNT_D1: D1 round trips of the request being answered, sent as `x-d1-round-trips` (issue 24
 * point 5; test/worker/api-worker.test.ts reads them route by route). One counter for the isolate, so
 * the figure is exact only for requests that do not overlap, as the test sends them.
 */
let d1RoundTrips = 0

async function build(env: ApiWorkerEnv): Promise<Built> {
  const ctx = await workerContext(env.TEST_COUNT_D1 === '1' ? { ...env, DB: countingD1(env.DB, () => d1RoundTrips++) } : env)
  const retryDelay = Number(env.QUEUE_RETRY_DELAY_S ?? 10)
  const { services, queue } = wireServices(ctx, { report }, (process) =>
    queuesJobQueue({
      sql: ctx.store.sql,
      producer: env.JOBS,
      // Read only when the variable is set, like TEST_CRASH_ONCE below.
      process: env.TEST_FAIL_JOBS_NAMED ? failingNamed(process, env.TEST_FAIL_JOBS_NAMED) : process,
      concurrency: ctx.config.queueConcurrency,
      now: ctx.now,
      retryDelaySeconds: Number.isFinite(retryDelay) && retryDelay >= 0 ? retryDelay : 10,
      ...(Number(env.QUEUE_LEASE_S) > 0 ? { leaseMs: Number(env.QUEUE_LEASE_S) * 1000 } : {}),
      onUnexpectedError: (_job, e) => report(e),
      // Read only when the variable is set, so a deployment never runs the crash hook.
      ...(env.TEST_CRASH_ONCE === '1' ? { afterClaim: crashOnce } : {}),
    }),
  )
  // What createEmbeddedApi's start() does on Bun, minus crash recovery (Queues redelivers) and demo seeding.
  await Promise.all([applyTagThreshold(ctx.store.db, ctx.config.tagVisibleThreshold), queue.loadDurations()])
  return { app: createApiApp(services, { onUnexpectedError: report }), queue }
}

let cached: { env: ApiWorkerEnv; built: Promise<Built> } | undefined

/** The isolate's app and queue for `env`; a failed build is retried by the next call. */
function built(env: ApiWorkerEnv): Promise<Built> {
  if (!cached || cached.env !== env) {
    const entry = { env, built: build(env) }
    entry.built.catch(() => {
      if (cached === entry) cached = undefined
    })
    cached = entry
  }
  return cached.built
}

export default {
  async fetch(request: Request, env: ApiWorkerEnv, ctx: ExecutionContext): Promise<Response> {
    let app: Built['app']
    try {
      app = (await built(env)).app
    } catch (e) {
      // A missing secret or a bad variable: say what to set instead of a bare 500 (issue 13 point 2).
      report(e)
      return Response.json({ success: false, errors: [{ code: 'api_not_configured', message: e instanceof Error ? e.message : String(e) }] }, { status: 503 })
    }
    if (env.TEST_COUNT_D1 !== '1') return app.fetch(request, env, ctx)
    d1RoundTrips = 0
    const answer = await app.fetch(request, env, ctx)
    const counted = new Response(answer.body, answer)
    counted.headers.set('x-d1-round-trips', String(d1RoundTrips))
    return counted
  },

  async queue(batch: MessageBatch<JobMessage>, env: ApiWorkerEnv): Promise<void> {
    const { queue } = await built(env)
    if (batch.queue === (env.JOBS_DEAD_LETTER_QUEUE ?? 'skin-jobs-dlq')) await queue.deadLetters(batch)
    else await queue.consume(batch)
  },
}
