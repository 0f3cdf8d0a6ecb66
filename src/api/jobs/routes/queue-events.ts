/**
 * `GET /v2/queue/events` (docs/api.md "Job events"): the caller's job changes as server-sent events,
 * resumable with `Last-Event-ID`, with keep-alive comments. The same caller rule as `GET /v2/queue`
 * (../events/job-event-log.ts); an anonymous caller without a client cookie gets one, as there, and the
 * stream follows the jobs it sends with it. Each event's `data` is what `GET /v2/queue/{id}` would
 * answer at that change: the job, and its skin once completed or its `errors` once failed.
 *
 * On Bun one hub serves every stream of the process; on the API Worker one Durable Object runs the
 * hub for every stream and each request subscribes there (docs/cloudflare.md "The job event stream").
 * A deployment without events answers 501 `events_unavailable`, and clients fall back to the `wait`
 * long-poll.
 * @module
 */
import { Hono } from 'hono'
import { jobAnswer } from '../../direct/misc-answers'
import { ApiError } from '../../errors'
import type { ApiServices } from '../../services'
import type { ApiEnv } from '../../routes/env'
import { ensureClientCookie } from '../../routes/middleware'
import type { Identity } from '../../users/identity/identity'
import type { JobRow } from '../queue/job-queue'
import { openEventStream } from '../events/event-stream'
import { ownerOf, type JobEventRow } from '../events/job-event-log'
import { toJobInfo } from './job-json'

/** A `Last-Event-ID` we gave out: a decimal row id (anything else is refused, not silently restarted). */
const EVENT_ID = /^\d{1,15}$/

/** The header's id, null when absent; 400 `invalid_last_event_id` when it is not one of ours. */
export function parseLastEventId(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null
  if (!EVENT_ID.test(raw.trim())) throw new ApiError('invalid_last_event_id', 'Last-Event-ID must be the id of an event this stream sent', 400)
  return Number(raw.trim())
}

/** The `data` of a row: the job as it was at that change, with its skin or errors once finished. */
async function eventData(s: ApiServices, row: JobEventRow, who: Identity): Promise<unknown> {
  const job = await s.ctx.store.sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [row.job_id])
  if (!job) return null
  if (job.status === row.status && (row.status === 'completed' || row.status === 'failed')) {
    const answer = await jobAnswer(s, job, who)
    return { ...answer.payload, ...(answer.parts?.errors ? { errors: answer.parts.errors } : {}) }
  }
  // An earlier change replayed after the job moved on: the status it had then.
  const then: JobRow = { ...job, status: row.status, ...(row.status === 'waiting' ? { started_at: null } : {}) }
  return { job: toJobInfo(then, s.queue) }
}

/** Builds the route. */
export function queueEventRoutes(s: ApiServices) {
  const r = new Hono<ApiEnv>()
  const secure = s.ctx.config.publicUrl.startsWith('https:')
  r.get('/v2/queue/events', (c) => {
    const events = s.events
    if (!events) {
      throw new ApiError('events_unavailable', 'The job event stream is not offered here: read GET /v2/queue/{id} with wait instead', 501)
    }
    const lastEventId = parseLastEventId(c.req.header('last-event-id'))
    if (c.get('identity').kind === 'anonymous') ensureClientCookie(c, secure)
    const who = c.get('identity')
    const body = openEventStream({
      hub: events.hubFor(),
      log: events.log,
      owner: ownerOf(who),
      lastEventId,
      render: (row) => eventData(s, row, who),
      signal: c.req.raw.signal,
      report: events.report,
    })
    // no-transform: no compressing proxy may hold events back to fill a block (RFC 9111 §5.2.2.6);
    // X-Accel-Buffering: nginx's switch for the same.
    return c.body(body, 200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'private, no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    })
  })
  return r
}
