/**
 * How long the API holds an answer on purpose: a job read with `wait` is a long-poll
 * (src/shared/api/job-wait.ts), answered only when the job finished or the wait ran out, and a
 * submit with `wait` may be held as long. The proxy (./remote-backend.ts) adds this to its
 * per-attempt timeout, so a long-poll is neither cut as a slow upstream nor retried for it, which
 * would hold the visitor for a second wait and end in a 502 (a submit is never retried anyway).
 * @module
 */
import { requestedJobWaitMs } from '../../shared/api/job-wait'

/** `GET /v2/queue/{24 hex}` under any API root (`/api` on a MineSkin-compatible origin included). */
const JOB_READ = /\/v2\/queue\/[0-9a-f]{24}\/?$/i
/** `POST /v2/queue`, whose `wait` is the short wait on the submit. */
const SUBMIT = /\/v2\/queue\/?$/i

/** Ms the API may hold the answer to `request` before it starts sending it; 0 for every other request. */
export function heldAnswerMs(request: Request): number {
  const url = new URL(request.url)
  const held = request.method === 'GET' ? JOB_READ : request.method === 'POST' ? SUBMIT : null
  return held?.test(url.pathname) ? requestedJobWaitMs(url.searchParams.get('wait')) : 0
}
