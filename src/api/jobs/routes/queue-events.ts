/**
 * `GET /v2/queue/events` (docs/api.md "Job events"): the caller's job changes as server-sent events,
 * resumable with `Last-Event-ID`, with keep-alive comments. The same caller rule as `GET /v2/queue`
 * (../events/job-event-log.ts); an anonymous caller without a client cookie gets one, as there, and the
 * stream follows the jobs it sends with it. Each event's `data` is what `GET /v2/queue/{id}` would
 * answer at that change: the job, and its skin once completed or its `errors` once failed.
 *
 * Limits (docs/api.md "Job events", `EVENT_STREAMS_*`): streams opened per minute per caller (429
 * `rate_limit`), open at once per caller (429 `too_many_streams`, ../events/stream-quota.ts) and in all
 * (503 `events_busy`). A keyed or signed-in caller's stream ends once its key is revoked, its session
 * ends or its account is locked (../events/event-stream.ts). Event ids are sealed (../events/event-ids.ts).
 *
 * On Bun one hub serves every stream of the process; on the API Worker one Durable Object runs the
 * hub for every stream and each request subscribes there (docs/cloudflare.md "The job event stream").
 * A deployment without events answers 501 `events_unavailable`, and clients fall back to the `wait`
 * long-poll.
 * @module
 */
import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { jobAnswer } from '../../direct/misc-answers'
import { ApiError, isApiError } from '../../errors'
import type { ApiServices } from '../../services'
import type { ApiEnv } from '../../routes/env'
import { ensureClientCookie } from '../../routes/middleware'
import type { Identity } from '../../users/identity/identity'
import type { JobRow } from '../queue/job-queue'
import { openEventStream } from '../events/event-stream'
import { ownerOf, type JobEventRow, type OwnerKey } from '../events/job-event-log'
import { SEALED_EVENT_ID, type EventIds } from '../events/event-ids'
import { streamQuota } from '../events/stream-quota'
import { toJobInfo } from './job-json'

/** A `Last-Event-ID` of the numbered form ids had before they were sealed: read as "cannot resume". */
const NUMBERED_EVENT_ID = /^\d{1,15}$/

/**
 * Where the header asks to resume: null when absent, 0 for `0` (every change still kept), the row id
 * of one of our sealed ids, `'unknown'` for an id we cannot read (another server's, an old numbered
 * one: the stream answers with `resync`); 400 `invalid_last_event_id` for anything else.
 */
export async function parseLastEventId(raw: string | undefined, ids: Pick<EventIds, 'open'>): Promise<number | 'unknown' | null> {
  const value = raw?.trim() ?? ''
  if (value === '') return null
  if (value === '0') return 0
  if (SEALED_EVENT_ID.test(value)) return (await ids.open(value)) ?? 'unknown'
  if (NUMBERED_EVENT_ID.test(value)) return 'unknown'
  throw new ApiError('invalid_last_event_id', 'Last-Event-ID must be the id of an event this stream sent, or 0', 400)
}

/**
 * Whether the credentials of the stream's request still name the same owner: the request's headers and
 * cookies resolved again, as every request's are. A revoked key or a locked account refuses (an
 * ApiError); a session that ended falls back to anonymous, another owner.
 */
function credentialsCheck(s: ApiServices, c: Context<ApiEnv>, owner: OwnerKey): () => Promise<boolean> {
  const headers = new Headers(c.req.raw.headers)
  const cookies = getCookie(c)
  return async () => {
    try {
      return ownerOf(await s.ctx.resolveIdentity(headers, cookies)) === owner
    } catch (e) {
      if (isApiError(e)) return false
      throw e
    }
  }
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
  r.get('/v2/queue/events', async (c) => {
    const events = s.events
    if (!events) {
      throw new ApiError('events_unavailable', 'The job event stream is not offered here: read GET /v2/queue/{id} with wait instead', 501)
    }
    const lastEventId = await parseLastEventId(c.req.header('last-event-id'), s.ctx.eventIds)
    if (c.get('identity').kind === 'anonymous') ensureClientCookie(c, secure)
    const who = c.get('identity')
    const quota = streamQuota(who)
    // Streams opened per minute: EventSource reconnects by itself, a loop of opens is not a client.
    const perMinute = s.ctx.config.eventStreams.openedPerMinute
    const opened = await s.ctx.limiter.hit(`events:${quota[0]}`, { per_minute: perMinute, per_hour: perMinute * 60, delay: 0 }, s.ctx.now())
    if (!opened.allowed) {
      c.header('Retry-After', String(Math.max(1, opened.retryAfter)))
      throw new ApiError('rate_limit', `At most ${perMinute} job event streams may be opened per minute`, 429)
    }
    const owner = ownerOf(who)
    const body = await openEventStream({
      hub: events.hubFor(),
      log: events.log,
      owner,
      quota,
      lastEventId,
      ids: s.ctx.eventIds,
      render: (row) => eventData(s, row, who),
      signal: c.req.raw.signal,
      ...(owner && who.kind !== 'anonymous' ? { stillAllowed: credentialsCheck(s, c, owner) } : {}),
      now: s.ctx.now,
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
