/**
 * The job event stream's fan-out on Workers (docs/cloudflare.md "The job event stream"): ONE Durable
 * Object holds every open `GET /v2/queue/events` subscription of the API Worker and runs one job
 * event hub over the D1 log for all of them (./job-events-fanout.ts), so a job change costs one log
 * read however many streams are open. Every writer of a job row (a submit, the Queues consumer)
 * tells it with {@link JobEventsObject.changed}; its poll while it holds streams (`JOB_EVENTS_POLL_S`,
 * default 1) catches up a notification that was lost. Requests subscribe over `fetch` with the
 * protocol of ./job-events-protocol.ts. An object with open streams holds HTTP requests and so is
 * never hibernated; it keeps nothing in storage (the log is the truth), so a restart only ends the
 * streams, whose clients resume with `Last-Event-ID`.
 * Imports `cloudflare:workers`: only a Worker entry may import this file.
 * @module
 */
import type { DurableObjectState, Request as WorkerRequest, Response as WorkerResponse } from '@cloudflare/workers-types'
import { DurableObject } from 'cloudflare:workers'
import { oneLineError } from '../../shared/log/one-line'
import { createJobEventLog } from '../jobs/events/job-event-log'
import { JOB_LIST_WINDOW_MS } from '../jobs/routes/generate'
import { d1Client, type D1DatabaseLike } from '../store/sql'
import { countLogReads, createJobEventsFanout, type FanoutStats, type JobEventsFanout } from './job-events-fanout'
import { pollMsOf, subscriptionOf } from './job-events-protocol'
import { apiConfigFromWorkerEnv } from '../config'

/**
 * What the object reads of the API Worker's env (the whole env is handed to it): its own names, so
 * this file and ./worker-env.ts, whose env type names this class, do not import each other.
 */
export interface JobEventsEnv {
  /** The API's D1 database: the job event log. */
  DB: unknown
  /** Seconds between the safety-net reads of the log while streams are open (default 1; 0: none). */
  JOB_EVENTS_POLL_S?: string
}

const report = (e: unknown) => console.error(`[job-events] ${oneLineError(e)}`)

/** The object's counters under TEST_JOB_EVENTS: the fan-out's, and the reads of the log it made. */
export interface JobEventsStats extends FanoutStats {
  logReads: number
}

/** Durable Object class of the job event fan-out; bind it with a `new_sqlite_classes` migration. */
export class JobEventsObject extends DurableObject<JobEventsEnv> {
  #fanout: JobEventsFanout
  #reads: () => number

  constructor(ctx: DurableObjectState, env: JobEventsEnv) {
    super(ctx, env)
    const counted = countLogReads(createJobEventLog(d1Client(env.DB as unknown as D1DatabaseLike)))
    this.#reads = counted.reads
    // The same caps as a Bun process's hub (docs/api.md "Job events"), read from the Worker's variables.
    const { perCaller, max } = apiConfigFromWorkerEnv(env).eventStreams
    this.#fanout = createJobEventsFanout({ log: counted.log, now: Date.now, retentionMs: JOB_LIST_WINDOW_MS, pollMs: pollMsOf(env), perCaller, maxStreams: max, report })
  }

  /** A subscription (./job-events-protocol.ts); any other request is 404. */
  override async fetch(request: WorkerRequest): Promise<WorkerResponse> {
    const subscription = subscriptionOf(request.url)
    // The runtime's Response is the one workers-types describes; the root tsconfig's is the DOM's.
    const answer = subscription ? await this.#fanout.subscribe(subscription) : new Response('Not found', { status: 404 })
    return answer as unknown as WorkerResponse
  }

  /**
   * RPC: a job row changed. Returns at once: the read runs in the object, which stays alive while
   * it holds streams (the hub reports a failed read; the next change or poll reads again). Answers
   * whether it holds any stream, so a notifier that hears "none" may stay quiet for a poll interval
   * (./durable-job-events.ts).
   */
  changed(): boolean {
    void this.#fanout.changed()
    return this.#fanout.holdsStreams()
  }

  /** RPC, TEST_JOB_EVENTS only (src/api/worker.ts answers it): the counters. */
  stats(): JobEventsStats {
    return { ...this.#fanout.stats(), logReads: this.#reads() }
  }

  /** RPC, TEST_JOB_EVENTS only: resets the object as a deploy or an eviction does, ending its streams. */
  restart(): void {
    this.ctx.abort('TEST_JOB_EVENTS restart')
  }
}
