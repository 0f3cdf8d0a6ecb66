/**
 * The wire between an API Worker request serving `GET /v2/queue/events` and the Durable Object that
 * fans the job event log out (./job-events-object.ts, docs/cloudflare.md "The job event stream"). The
 * request subscribes with `GET {@link SUBSCRIBE_URL}?owner=<owner key>&quota=<key>…` on the object's
 * stub (the quota keys the stream counts against, src/api/jobs/events/stream-quota.ts):
 *
 * - accepted: 200, the hub's cursor as JSON in {@link CURSOR_HEADER}, and a body of frames, one per
 *   line: `[row, …]` (a JSON array of raw `job_events` rows of that owner, oldest first) or an empty
 *   line (a keep-alive tick). The body ends when the object ends the subscription (it restarted, or
 *   the request fell too far behind); the request then ends its client's stream, which reconnects
 *   with `Last-Event-ID` and resumes from the log;
 * - refused (the hub threw an ApiError, e.g. a cap of open streams): the error's status and its v2
 *   error body, turned back into the same ApiError on the request's side.
 *
 * The request cancelling the body (its client went away) ends the subscription in the object. Rows
 * travel raw: rendering them (the job and its skin, read from D1) stays in the request, whose caller
 * they are rendered for.
 * @module
 */
import { ApiError } from '../errors'
import type { JobEventHub } from '../jobs/events/job-event-hub'
import type { JobEventRow, OwnerKey } from '../jobs/events/job-event-log'
import { errorBody } from '../routes/envelope'

/**
 * The object's safety-net poll interval from `JOB_EVENTS_POLL_S` (seconds; 0 turns it off), ms. Both
 * sides read it: the object polls at it while it holds streams, and a notifier told "no streams" may
 * stay quiet for that long because the poll catches up whatever it did not tell.
 */
export function pollMsOf(env: { JOB_EVENTS_POLL_S?: string | undefined }): number {
  const s = Number(env.JOB_EVENTS_POLL_S ?? 1)
  return Number.isFinite(s) && s >= 0 ? s * 1000 : 1000
}

/** The subscribe request's URL (the host is never resolved: the stub routes it to the object). */
export const SUBSCRIBE_URL = 'https://job-events.internal/subscribe'

/** The header carrying the hub's cursor at subscription, as JSON. */
export const CURSOR_HEADER = 'x-job-events-cursor'

/** The cursor the hub's `subscribe` resolves with. */
export type HubCursor = Awaited<ReturnType<JobEventHub['subscribe']>>

/** What one frame of the body says. */
export type Frame = { rows: JobEventRow[] } | 'keep-alive'

const OWNER = /^[kuc]:.+$/

/** Whose rows a subscription gets, and who it counts against. */
export interface Subscription {
  owner: OwnerKey
  quota: readonly string[]
}

/** The subscribe URL of `s`. */
export function subscribeUrl(s: Subscription): string {
  const query = new URLSearchParams([['owner', s.owner], ...s.quota.map((key) => ['quota', key] as [string, string])])
  return `${SUBSCRIBE_URL}?${query}`
}

/** The subscription a subscribe URL names; null for any other URL. */
export function subscriptionOf(url: string): Subscription | null {
  const u = new URL(url)
  if (`${u.origin}${u.pathname}` !== SUBSCRIBE_URL) return null
  const owner = u.searchParams.get('owner')
  return owner && OWNER.test(owner) ? { owner: owner as OwnerKey, quota: u.searchParams.getAll('quota') } : null
}

/** A delivery frame. */
export const rowsFrame = (rows: JobEventRow[]): string => `${JSON.stringify(rows)}\n`

/** A keep-alive frame: an empty line. */
export const KEEP_ALIVE_FRAME = '\n'

/** The headers of an accepted subscription. */
export const acceptedHeaders = (cursor: HubCursor): Record<string, string> => ({ 'content-type': 'application/x-ndjson', [CURSOR_HEADER]: JSON.stringify(cursor) })

/** The cursor of an accepted subscription's answer. */
export function cursorOf(res: Response): HubCursor {
  const raw = res.headers.get(CURSOR_HEADER)
  if (raw === null) throw new Error(`the job event object answered without ${CURSOR_HEADER}`)
  return JSON.parse(raw) as HubCursor
}

/** The answer refusing a subscription with `e`. */
export const refusalResponse = (e: ApiError): Response => Response.json(errorBody(e), { status: e.status })

/** The ApiError a refusal carries (status, code, message and causes as the object threw them). */
export async function refusalOf(res: Response): Promise<Error> {
  const text = await res.text()
  try {
    const body = JSON.parse(text) as { errors?: { code?: unknown; message?: unknown }[] }
    const [first, ...causes] = body.errors ?? []
    if (typeof first?.code === 'string' && typeof first.message === 'string') {
      const rest = causes.filter((c): c is { code: string; message: string } => typeof c.code === 'string' && typeof c.message === 'string')
      return new ApiError(first.code, first.message, res.status as ApiError['status'], undefined, rest)
    }
  } catch {
    // Not an error body: reported below as it came.
  }
  return new Error(`the job event object answered ${res.status}: ${text.slice(0, 200)}`)
}

/**
 * The frames of a subscription's body, as they arrive; ends with the body. A line that is neither
 * frame throws (the request ends its stream as for a broken body).
 */
export async function* readFrames(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Frame> {
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    let cut: number
    while ((cut = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, cut)
      buffer = buffer.slice(cut + 1)
      if (line === '') yield 'keep-alive'
      else if (line.startsWith('[')) yield { rows: JSON.parse(line) as JobEventRow[] }
      else throw new Error(`not a job event frame: ${line.slice(0, 80)}`)
    }
  }
}
