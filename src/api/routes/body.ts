/**
 * Bounded request bodies (`shared/read-body.ts`: a stream with a byte cap, so a huge or endless
 * chunked upload is refused after the cap instead of being buffered); chunked multipart uploads
 * (one back end of the official Java client sends them, reference §6) parse like any other.
 * @module
 */
import { readBodyUpTo } from '../../shared/read-body'
import { ApiError } from '../errors'

/** Cap of JSON and urlencoded bodies (a 20 000-byte PNG as a data URL is 26 690 chars). */
export const MAX_JSON_BODY = 32 * 1024
/** Cap of multipart bodies (a 20 000-byte file plus form overhead and ≤ 5 small fields). */
export const MAX_MULTIPART_BODY = 64 * 1024

/** Reads at most `max` bytes of the body; 413 `invalid_file` beyond. */
export async function readBodyLimited(req: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readBodyUpTo(req, max)
  if (!bytes) throw tooLarge(max)
  return bytes
}

const tooLarge = (max: number) => new ApiError('invalid_file', `Request body is larger than ${max} bytes`, 413)

/** Reads a JSON body of at most MAX_JSON_BODY bytes; an empty body is `{}`, malformed JSON is 400 `invalid_request`. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyLimited(req, MAX_JSON_BODY))
  try {
    return JSON.parse(text || '{}') as unknown
  } catch {
    throw new ApiError('invalid_request', 'Malformed JSON body', 400)
  }
}
