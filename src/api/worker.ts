/**
 * The skin API as a Cloudflare Worker (wrangler.api.toml, Worker
 * `skin-signature-api`): the same services and routes as the embedded API (src/api/app.ts), on D1,
 * R2, Cloudflare Queues and Durable Objects instead of bun:sqlite, SQLite blobs, the in-process queue
 * and in-memory limits. `fetch` serves the API at its root (`/v2/…`, `/textures/…`), as the web
 * Worker's `API` service binding expects, each request in an invocation scope of its own
 * (./cloudflare/invocation-scope.ts) whose `waitUntil` runs the jobs it submits at once; `queue` is the
 * consumer of `skin-jobs` (the durable path: it signs what no immediate run finished)
 * and of its dead-letter queue, and of `skin-webhooks` (webhook delivery attempts, docs/webhooks.md); `scheduled` (the Cron Trigger of wrangler.api.toml) renews the signing
 * pool's tokens, what the background refresher's timer does on Bun. The app is
 * built once per isolate, env and public origin (module-level cache, ./cloudflare/per-origin-builds.ts).
 * `GET /v2/queue/events` streams are held by one Durable Object, JobEventsObject, which reads the D1
 * event log once per job change it is told of (every writer here tells it) and hands the rows to each
 * request, which renders them for its caller (docs/cloudflare.md "The job event stream").
 * Bun never loads this file: the Durable Object classes import `cloudflare:workers`.
 * @module
 */
import type { DurableObjectNamespace, ExecutionContext, MessageBatch, ScheduledController } from '@cloudflare/workers-types'
import { createTokenBox } from './signing/pool/token-box'
import { createApiApp } from './app'
import { workerConfig, workerContext, type ApiWorkerEnv } from './cloudflare/worker-env'
import { queuesJobQueue, type JobMessage, type JobRunner, type QueuesJobQueue } from './cloudflare/queues-job-queue'
import type { JobProcessor, JobRow } from './jobs/queue/job-queue'
import { applyTagThreshold } from './skins/community/tags'
import { oneLineError } from '../shared/log/one-line'
import { wireServices } from './wire-services'
import { countingD1 } from './cloudflare/d1-round-trips'
import { perOriginBuilds } from './cloudflare/per-origin-builds'
import { publicOriginOf } from '../shared/public-origin'
import type { SigningPool } from './signing/pool/signing-pool'
import { createJobEventLog } from './jobs/events/job-event-log'
import { JOB_LIST_WINDOW_MS } from './jobs/routes/generate'
import { withEdgeClientAddress } from '../shared/edge-client-address'
import { queuesWebhooks, type QueuesWebhooks, type WebhookMessage } from './cloudflare/queues-webhooks'
import { createJobWebhooks } from './webhooks/job-events'
import { workerOperatorEndpoints } from './cloudflare/worker-operator'
import { durableJobEvents, quietMsFor } from './cloudflare/durable-job-events'
import { pollMsOf } from './cloudflare/job-events-protocol'
import { currentInvocation, inInvocation, type Invocation } from './cloudflare/invocation-scope'
import type { JobEventsObject } from './cloudflare/job-events-object'

export { RateLimitObject } from './cloudflare/rate-limit-object'
export { SpentProofObject } from './cloudflare/spent-proof-object'
export { JobEventsObject } from './cloudflare/job-events-object'

/** What one isolate builds once per env. */
interface Built {
  app: ReturnType<typeof createApiApp>
  /** `/healthz`, `/readyz` and `/metrics` (./cloudflare/worker-operator.ts); null for any other request. */
  operator: (request: Request) => Promise<Response | null>
  queue: QueuesJobQueue
  /** The Mojang signing pool when it signs (SIGNER=mojang); the Cron Trigger runs its refresher. */
  signingPool?: SigningPool
  /**
   * Deletes job event rows older than the job list's window: D1's triggers write the log as Bun's do
   * (migration `job_events`); the job event object prunes too, but only while it holds streams.
   */
  pruneJobEvents: () => Promise<number>
  /** Webhook deliveries through the `skin-webhooks` queue (docs/webhooks.md), when WEBHOOKS is bound. */
  webhooks?: QueuesWebhooks
}

const report = (e: unknown) => console.error(`[api-worker] ${oneLineError(e)}`)

/**
 * TEST_CRASH_ONCE: the first claimed job of this isolate makes its runner die (throw) once, after the
 * claim: the submit's immediate run as a rule, else a delivery of its message.
 */
let crashed = false
function crashOnce(job: JobRow, runner: JobRunner): void {
  if (crashed) return
  crashed = true
  throw new Error(`TEST_CRASH_ONCE: the ${runner} died after claiming job ${job.id}`)
}

/**
 * TEST_FAIL_JOBS_NAMED: a job whose requested name is this one fails with an unexpected error on
 * every attempt, so its message is retried until Queues moves it to the dead-letter queue
 * (test/worker/api-worker.test.ts). Other jobs run as usual.
 */
function failingNamed(process: JobProcessor, name: string): JobProcessor {
  return async (job, completion) => {
    if ((JSON.parse(job.options) as { name?: unknown }).name === name) throw new Error(`TEST_FAIL_JOBS_NAMED: job ${job.id} failed unexpectedly`)
    return process(job, completion)
  }
}

/**
 * TEST_COUNT_D1: D1 round trips of the request being answered, sent as `x-d1-round-trips`
 * (docs/cloudflare.md "D1 round trips per route"; test/worker/api-worker.test.ts reads them route
 * by route). Counted per invocation (./cloudflare/invocation-scope.ts), so a job running at once in
 * another request, or a queue batch, adds nothing to a route's figure.
 */
const countedInvocations = new WeakMap<Invocation, number>()
const countRoundTrip = () => {
  const invocation = currentInvocation()
  if (invocation) countedInvocations.set(invocation, (countedInvocations.get(invocation) ?? 0) + 1)
}

/**
 * Jobs running in this isolate, whichever origin's queue runs them: a submit starts its job at once
 * only below QUEUE_CONCURRENCY of them (docs/cloudflare.md "A job starts at once").
 */
const running = { jobs: 0 }

/**
 * The isolate's app for `env` at `origin`: PUBLIC_URL when set, else the origin the request reached the
 * site at (src/shared/public-origin.ts), so texture URLs in signatures, cape links and cookies' `Secure`
 * flag name the host visitors use, never a default.
 */
async function build(env: ApiWorkerEnv, origin: string): Promise<Built> {
  const withOrigin = { ...env, PUBLIC_URL: origin }
  const ctx = await workerContext(env.TEST_COUNT_D1 === '1' ? { ...withOrigin, DB: countingD1(env.DB, countRoundTrip) } : withOrigin)
  const retryDelay = Number(env.QUEUE_RETRY_DELAY_S ?? 10)
  // Webhook secrets are stored sealed with the token key (src/api/webhooks/secret.ts): without one
  // (POOL_TOKEN_KEY) this Worker sends no webhooks rather than keep secrets as they are.
  const box = ctx.config.pool.tokenKey ? await createTokenBox(ctx.config.pool.tokenKey) : undefined
  // Webhooks (docs/webhooks.md): rows in D1, one message per due attempt; the platform refuses private
  // addresses itself, so host names are not resolved here (IP literals still are checked).
  const webhooks = env.WEBHOOKS && box
    ? queuesWebhooks({ sql: ctx.store.sql, producer: env.WEBHOOKS, box, now: ctx.now, random: ctx.random, fetch: ((input, init) => fetch(input, init)) as typeof fetch /* called unbound otherwise: "Illegal invocation" on Workers */, rules: { platformBlocksPrivate: true }, keysUrl: `${ctx.config.publicUrl}/accounts/keys`, report })
    : undefined
  const jobWebhooks = webhooks ? createJobWebhooks({ store: ctx.store, dispatcher: webhooks, rules: { platformBlocksPrivate: true }, now: ctx.now, report }) : undefined
  // Every job row change made here (a submit's insert, its immediate run's and the consumer's updates) is told to the object.
  const jobEvents = env.JOB_EVENTS ? durableJobEvents(env.JOB_EVENTS, { report, quietMs: quietMsFor(pollMsOf(env)) }) : undefined
  // The generator's wait for a texture another job is signing tells invocations apart by their scope.
  const wireOptions = { report, invocation: currentInvocation, ...(jobWebhooks ? { webhooks: jobWebhooks } : {}), ...(jobEvents ? { eventFanout: jobEvents } : {}) }
  const pool = ctx.signingPool
  const { services, queue } = wireServices(ctx, wireOptions, (process) =>
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
      // The consumer has no request to take the origin from: the message carries it.
      ...(env.PUBLIC_URL ? {} : { origin }),
      ...(jobWebhooks ? { onFinished: (jobId: string) => jobWebhooks.finished(jobId) } : {}),
      ...(jobEvents ? { onChange: jobEvents.changed } : {}),
      // The submitting request runs its job at once (docs/cloudflare.md "A job starts at once"); with the
      // Mojang pool only while an account is free now, so the run does not outlast the request's waitUntil.
      startNow: { waitUntil: () => currentInvocation()?.waitUntil, ...(pool ? { ready: async () => (await pool.capacity()).usable > 0 } : {}) },
      running,
      invocation: currentInvocation,
      report,
    }),
  )
  // What createEmbeddedApi's start() does on Bun, minus crash recovery (Queues redelivers) and demo seeding.
  await Promise.all([applyTagThreshold(ctx.store.db, ctx.config.tagVisibleThreshold), queue.loadDurations()])
  const events = createJobEventLog(ctx.store.sql)
  return {
    app: createApiApp(services, { onUnexpectedError: report }),
    operator: workerOperatorEndpoints(ctx, env.METRICS_TOKEN),
    queue,
    ...(ctx.signingPool ? { signingPool: ctx.signingPool } : {}),
    pruneJobEvents: () => events.prune(ctx.now() - JOB_LIST_WINDOW_MS),
    ...(webhooks ? { webhooks } : {}),
  }
}

/** The isolate's builds, one per env and origin; a failed build is retried by the next call. */
const built = perOriginBuilds(build)

/** The origin links name: PUBLIC_URL, else the request's (forwarded over the web Worker's binding). */
const originOf = (env: ApiWorkerEnv, request?: Request): string =>
  (typeof env.PUBLIC_URL === 'string' && env.PUBLIC_URL ? env.PUBLIC_URL : request ? publicOriginOf(request) : workerConfig(env).publicUrl).replace(/\/+$/, '')

/** A batch's messages grouped by the origin they were submitted at (JobMessage.origin). */
function byOrigin(batch: MessageBatch<JobMessage>, env: ApiWorkerEnv): Map<string, MessageBatch<JobMessage>> {
  const groups = new Map<string, MessageBatch<JobMessage>['messages'][number][]>()
  for (const message of batch.messages) {
    const origin = env.PUBLIC_URL || typeof message.body?.origin !== 'string' ? originOf(env) : message.body.origin
    const group = groups.get(origin)
    if (group) group.push(message)
    else groups.set(origin, [message])
  }
  return new Map([...groups].map(([origin, messages]) => [origin, { ...batch, messages } as MessageBatch<JobMessage>]))
}

/**
 * TEST_JOB_EVENTS: `GET /__test/job-events` answers the job event object's counters (streams held,
 * hub subscriptions, notifications, log reads) and `POST /__test/job-events/restart` resets it as a
 * deploy would (test/worker/api-worker-events.test.ts); null for any other request.
 */
async function testJobEvents(request: Request, namespace: DurableObjectNamespace<JobEventsObject>): Promise<Response | null> {
  const { pathname } = new URL(request.url)
  const object = durableJobEvents(namespace, { report })
  if (pathname === '/__test/job-events' && request.method === 'GET') return Response.json(await object.stats())
  if (pathname === '/__test/job-events/restart' && request.method === 'POST') {
    // The reset breaks the call that asked for it.
    await object.restart().catch(() => {})
    return new Response(null, { status: 204 })
  }
  return null
}

/** The `queue()` handler's work: webhook attempts, dead letters, or job messages by the origin they name. */
async function consumeBatch(batch: MessageBatch<JobMessage>, env: ApiWorkerEnv): Promise<void> {
  if (batch.queue === (env.WEBHOOKS_QUEUE ?? 'skin-webhooks')) {
    // Deliveries name no origin: every signed body was built when the event happened.
    const { webhooks } = await built(env, originOf(env))
    if (webhooks) await webhooks.consume(batch as unknown as MessageBatch<WebhookMessage>)
    else batch.ackAll()
    return
  }
  const dead = batch.queue === (env.JOBS_DEAD_LETTER_QUEUE ?? 'skin-jobs-dlq')
  for (const [origin, group] of byOrigin(batch, env)) {
    const { queue } = await built(env, origin)
    if (dead) await queue.deadLetters(group)
    else await queue.consume(group)
  }
}

export default {
  async fetch(incoming: Request, env: ApiWorkerEnv, ctx: ExecutionContext): Promise<Response> {
    const request = withEdgeClientAddress(incoming)
    if (env.TEST_JOB_EVENTS === '1' && env.JOB_EVENTS) {
      const answer = await testJobEvents(request, env.JOB_EVENTS)
      if (answer) return answer
    }
    // The isolate answers: nothing else is asked of a liveness probe.
    if (new URL(request.url).pathname === '/healthz') return Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } })
    let app: Built['app']
    try {
      const b = await built(env, originOf(env, request))
      const operator = await b.operator(request)
      if (operator) return operator
      app = b.app
    } catch (e) {
      // A missing secret or a bad variable: say what to set instead of a bare 500.
      report(e)
      const message = e instanceof Error ? e.message : String(e)
      if (new URL(request.url).pathname === '/readyz') return Response.json({ ready: false, checks: { configuration: { ok: false, reason: message } } }, { status: 503 })
      return Response.json({ success: false, errors: [{ code: 'api_not_configured', message }] }, { status: 503 })
    }
    // The request's scope: its waitUntil runs the jobs it submits at once.
    const invocation: Invocation = { waitUntil: (promise) => ctx.waitUntil(promise) }
    if (env.TEST_COUNT_D1 !== '1') return inInvocation(invocation, () => app.fetch(request, env, ctx))
    const answer = await inInvocation(invocation, () => app.fetch(request, env, ctx))
    const counted = new Response(answer.body, answer)
    counted.headers.set('x-d1-round-trips', String(countedInvocations.get(invocation) ?? 0))
    return counted
  },

  async queue(batch: MessageBatch<JobMessage>, env: ApiWorkerEnv): Promise<void> {
    // A scope of its own (no waitUntil: a delivery never starts another job at once).
    return inInvocation({}, () => consumeBatch(batch, env))
  },

  /**
   * The Cron Trigger (every 5 minutes, wrangler.api.toml `[triggers]`): one round of the signing pool's
   * refresher, renewing each account whose Minecraft token would otherwise need renewing before a job
   * could use it, each one locked in D1 while renewed like a job holds it (src/api/signing/pool/background-refresher.ts).
   * Without the mojang signer there is nothing to renew. It also prunes the job event log.
   */
  async scheduled(_controller: ScheduledController, env: ApiWorkerEnv): Promise<void> {
    const { signingPool, pruneJobEvents, webhooks } = await built(env, originOf(env))
    await pruneJobEvents().catch(report)
    // Deliveries whose message was lost (a failed send) get one again (src/api/cloudflare/queues-webhooks.ts).
    if (webhooks) await webhooks.sweep().catch(report)
    if (!signingPool) return
    const { renewed, failed } = await signingPool.refresher.runOnce()
    await signingPool.capacity()
    if (renewed || failed) console.log(`[api-worker] pool refresh: ${renewed} renewed, ${failed} failed`)
  },
}
