/**
 * Bounded request bodies (`shared/read-body.ts`: a stream with a byte cap and a deadline, so a huge,
 * endless chunked or trickling upload is refused instead of buffered or waited for;
 * docs/operations.md "Request limits").
 * Every route that reads a body names its cap in {@link BODY_LIMITS} (reference/mineskin-api.md §1.2:
 * small JSON bodies, one file with at most 5 fields for multipart). Chunked multipart uploads (one back
 * end of the official Java client sends them, reference §6) parse like any other.
 * @module
 */
import { DEFAULT_BODY_TIMEOUT_MS, readBody } from '../../shared/read-body'
import { ApiError } from '../errors'

/** Largest body, in bytes, of each route that reads one. */
export const BODY_LIMITS = {
  /** `POST /v2/generate|queue` JSON `{url|user,...}` (a 20 000-byte PNG as a data URL is 26 690 chars). */
  generateJson: 32 * 1024,
  /** `POST /v2/generate|queue` urlencoded: the same fields as JSON. */
  generateUrlencoded: 32 * 1024,
  /** `POST /v2/generate|queue` multipart: a 20 000-byte file plus form overhead and ≤ 5 small fields. */
  generateMultipart: 64 * 1024,
  /**
   * `POST /v2/queue/batch` JSON `{items:[…]}`: up to 24 items, each as large as one `generateJson`
   * body (a data URL of the largest PNG), so 24 × 32 KiB = 768 KiB (docs/api.md "Batch generation").
   */
  queueBatchJson: 24 * 32 * 1024,
  /** `PATCH /v2/skins/{id}`: `{name?, visibility?}`. */
  skinUpdate: 4 * 1024,
  /** `POST /v2/skins/{id}/tags`: `{tag, vote}`. */
  tagVote: 4 * 1024,
  /** `POST /v2/skins/{id}/report`: `{reason}`. */
  report: 4 * 1024,
} as const
/** A route's entry in {@link BODY_LIMITS}. */
export type BodyRoute = keyof typeof BODY_LIMITS

/**
 * Reads the body of `route` within its cap and `timeoutMs`: 413 beyond the cap (`invalid_file` first
 * for multipart as MineSkin's multer answers, then the stable `payload_too_large`), 408
 * `request_timeout` when it does not arrive in time, 400 `request_aborted` when the client went away
 * (an ApiError, so a plain client abort is not logged as a server failure).
 */
export async function readBodyLimited(req: Request, route: BodyRoute, timeoutMs = DEFAULT_BODY_TIMEOUT_MS): Promise<Uint8Array<ArrayBuffer>> {
  const maxBytes = BODY_LIMITS[route]
  const read = await readBody(req, { maxBytes, timeoutMs })
  if (read.ok) return read.bytes
  if (read.reason === 'too_large') throw tooLarge(maxBytes, route === 'generateMultipart')
  if (read.reason === 'timeout') throw new ApiError('request_timeout', `The request body did not arrive within ${timeoutMs} ms`, 408)
  throw new ApiError('request_aborted', 'The request body ended early', 400)
}

function tooLarge(max: number, multipart: boolean): ApiError {
  const message = `Request body is larger than ${max} bytes`
  const stable = { code: 'payload_too_large', message }
  return multipart ? new ApiError('invalid_file', message, 413, 'CLIENT', [stable]) : new ApiError(stable.code, message, 413)
}

/** Reads the JSON body of `route`; an empty body is `{}`, malformed JSON is 400 `invalid_request`. */
export async function readJsonBody(req: Request, route: BodyRoute, timeoutMs?: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyLimited(req, route, timeoutMs))
  try {
    return JSON.parse(text || '{}') as unknown
  } catch {
    throw new ApiError('invalid_request', 'Malformed JSON body', 400)
  }
}
