/**
 * Bounded bodies, for the API's uploads and fetched images and the web app's own form posts: the
 * body is read as a stream with a byte cap and a deadline, so a huge (or endless, chunked) one is
 * refused after the cap, and a slow one after the deadline, instead of being buffered or waited for
 * (docs/operations.md "Request limits").
 *
 * The stream is cancelled without waiting for the cancel to settle: in Bun, cancelling the body of a
 * Request that wraps another one (`new Request(url, request)`, as the in-process API forward does)
 * only settles once the client has sent the whole body, so awaiting it left an over-cap chunked upload
 * without any answer.
 * @module
 */

/** How long a whole request body may take to arrive by default (slow bodies time out). */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000

/** Caps of one body read. */
export interface BodyLimit {
  /** Most bytes accepted. */
  maxBytes: number
  /** Deadline for the whole body, ms (none when omitted). */
  timeoutMs?: number
}

/** What a bounded read gave: the bytes, or why there are none. */
export type BodyRead =
  | { ok: true; bytes: Uint8Array<ArrayBuffer> }
  /** `too_large`: over the cap (declared or streamed); `timeout`: not complete by the deadline; `aborted`: the stream broke (client gone). */
  | { ok: false; reason: 'too_large' | 'timeout' }
  | { ok: false; reason: 'aborted'; error: unknown }

const TIMED_OUT = Symbol('timeout')

/** Reads a request's or response's body within `limit`; never throws for a broken or slow stream. */
export async function readBody(message: Request | Response, limit: BodyLimit): Promise<BodyRead> {
  const declared = Number(message.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > limit.maxBytes) {
    cancelQuietly(message.body)
    return { ok: false, reason: 'too_large' }
  }
  if (!message.body) return { ok: true, bytes: new Uint8Array(0) }
  const reader = message.body.getReader()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline =
    limit.timeoutMs === undefined ? null : new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), limit.timeoutMs)))
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const next = reader.read()
      let step: Awaited<typeof next> | typeof TIMED_OUT
      try {
        step = deadline ? await Promise.race([next, deadline]) : await next
      } catch (error) {
        return { ok: false, reason: 'aborted', error }
      }
      if (step === TIMED_OUT) {
        next.catch(() => undefined)
        cancelQuietly(reader)
        return { ok: false, reason: 'timeout' }
      }
      if (step.done) break
      total += step.value.byteLength
      if (total > limit.maxBytes) {
        cancelQuietly(reader)
        return { ok: false, reason: 'too_large' }
      }
      chunks.push(step.value)
    }
  } finally {
    clearTimeout(timer)
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { ok: true, bytes: out }
}

/** Reads at most `max` bytes of a body; null when it is (or declares to be) larger. A broken stream throws its error. */
export async function readBodyUpTo(message: Request | Response, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const read = await readBody(message, { maxBytes: max })
  if (read.ok) return read.bytes
  if (read.reason === 'too_large') return null
  if (read.reason === 'aborted') throw read.error
  throw new Error('unreachable: readBodyUpTo sets no deadline')
}

/** Starts cancelling and lets it settle on its own (see the module doc). */
function cancelQuietly(stream: { cancel(): Promise<void> } | null): void {
  try {
    stream?.cancel().catch(() => undefined)
  } catch {
    // A locked or already closed stream: nothing left to cancel.
  }
}
