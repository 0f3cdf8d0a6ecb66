/**
 * The `wait` extension of `GET /v2/queue/{id}` (so generating feels instant when signing is):
 * a long-poll. With `wait=<ms>` the API holds the answer until the job is completed or failed, or
 * until the wait runs out, then answers exactly as without it; no `wait` (or 0) is MineSkin's
 * immediate answer. Zod-free, so the proxy (src/server/proxy) and the browser's poller read the cap
 * without the schema code; the API validates the parameter with `jobQuerySchema` (schemas/api/job.ts).
 * @module
 */

/**
 * The longest wait the API holds a job read for, ms; a larger `wait` is clamped to it, as
 * `/v2/generate` clamps `timeout`. Below every proxy and client timeout in front of the API once
 * they add it to their own (src/server/proxy/remote-backend.ts), and below Bun's 30 s idle timeout.
 */
export const JOB_WAIT_MAX_MS = 10_000

/**
 * The wait a job read asks for, read leniently (the proxy in front of the API, which must not cut a
 * long-poll): a number of ms clamped to 0–{@link JOB_WAIT_MAX_MS}, else 0. The API itself refuses a
 * malformed value with 400 `validation_error`.
 */
export function requestedJobWaitMs(raw: string | null | undefined): number {
  const ms = Number(raw ?? 0)
  return Number.isFinite(ms) && ms > 0 ? Math.min(JOB_WAIT_MAX_MS, Math.floor(ms)) : 0
}
