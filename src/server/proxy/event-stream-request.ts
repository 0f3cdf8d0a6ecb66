/**
 * Which requests open the API's job event stream (`GET /v2/queue/events`, docs/api.md "Job events"),
 * under any API root (`/api` on the web app). The Bun entry lifts its idle timeout for them: Bun's
 * `idleTimeout` ends a connection that has not *received* anything for that long, however often the
 * answer writes, so a stream's keep-alives alone would not keep it open past 30 s.
 * @module
 */

const EVENTS = /\/v2\/queue\/events\/?$/i

/** True for a GET of the job event stream. */
export function isEventStreamRequest(request: Request): boolean {
  return request.method === 'GET' && EVENTS.test(new URL(request.url).pathname)
}
