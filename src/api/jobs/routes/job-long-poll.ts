/**
 * The `wait` long-poll of `GET /v2/queue/{id}` (our extension, docs/api.md;
 * src/shared/api/job-wait.ts): an unfinished job's answer is held until the job is completed or
 * failed, or the wait runs out, so the page learns of a job signed in 8 ms in about 8 ms instead of
 * at its next poll. The answer is the one the read would give at that moment, so a client that asks
 * for no wait (every MineSkin client) sees no change. The queue does the waiting: told in-process on
 * Bun, by re-reading D1 on the API Worker (src/api/cloudflare/queues-job-queue.ts).
 *
 * `POST /v2/queue?wait=` is the short wait on the submit: the page's own submit asks it, so a job
 * signed in milliseconds comes back finished with its submit, without a second request. It holds
 * only a job expected (its `eta`) to finish within the wait: a slow (Mojang) signer's job, or one
 * behind a long queue, is answered at once as before, so the page shows it queued without delay.
 * @module
 */
import type { JobRow } from '../queue/job-queue'
import type { ApiServices } from '../../services'

/**
 * `job` once it finished, or as it is when `waitMs` ran out or `signal` aborted (the client went away:
 * the queue drops the waiter then, and the answer goes nowhere).
 */
export async function jobAfterWait(s: ApiServices, job: JobRow, waitMs: number, signal: AbortSignal): Promise<JobRow> {
  if (waitMs <= 0 || job.status === 'completed' || job.status === 'failed') return job
  const done = await s.queue.waitFor(job.id, waitMs, signal)
  // Not finished: the row as it is now, since a waiting job may have started processing meanwhile.
  return done ?? (await s.ctx.store.sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [job.id])) ?? job
}

/** The submit's short wait: {@link jobAfterWait} when the job is expected to finish within `waitMs`, else `job` as it is. */
export async function jobAfterSubmitWait(s: ApiServices, job: JobRow, waitMs: number, signal: AbortSignal): Promise<JobRow> {
  const eta = s.queue.eta(job)
  if (waitMs <= 0 || eta === undefined || eta > s.ctx.now() + waitMs) return job
  return jobAfterWait(s, job, waitMs, signal)
}
