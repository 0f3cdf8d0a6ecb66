/**
 * The service bundle the routes use, built once by `createEmbeddedApi`.
 * @module
 */
import type { CapeCatalogue } from '../capes/capes'
import type { JobQueue } from '../jobs/queue/job-queue'
import type { JobEventHub } from '../jobs/events/job-event-hub'
import type { JobEventLog } from '../jobs/events/job-event-log'
import type { SkinLists } from '../skins/catalogue/skin-lists'
import type { SimilarSkins } from '../skins/catalogue/similar'
import type { ApiContext } from './context'
import type { Generator } from '../jobs/generate/generator'
import type { OwnSkins } from '../skins/services/own-skins'
import type { Stats } from './stats/stats'

/** Everything behind the routes. */
export interface ApiServices {
  ctx: ApiContext
  queue: JobQueue
  generator: Generator
  lists: SkinLists
  similar: SimilarSkins
  stats: Stats
  capes: CapeCatalogue
  ownSkins: OwnSkins
  /**
   * The job event stream's hub and log (`GET /v2/queue/events`): the process's hub on Bun, the job
   * event object on the API Worker; absent where neither is wired, and the route answers 501
   * `events_unavailable`.
   */
  events?: JobEvents
}

/** What a stream needs of a hub: to subscribe and to leave. */
export type StreamHub = Pick<JobEventHub, 'subscribe' | 'unsubscribe'>

/** What `GET /v2/queue/events` reads. */
export interface JobEvents {
  /**
   * The hub a stream subscribes to: the process's one hub (Bun), or, on the API Worker, one per
   * request over the job event object (src/api/cloudflare/durable-job-events.ts: a request's I/O may
   * not serve another request, so each request holds its own subscription there).
   */
  hubFor: () => StreamHub
  /** The process's one hub, where this process holds the streams (Bun): how many are open, and stopping them. */
  hub?: JobEventHub
  log: JobEventLog
  /** Reports a stream that failed (its client reconnects and resumes). */
  report: (e: unknown) => void
}
