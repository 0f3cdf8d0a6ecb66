/**
 * Bounded request bodies. Bodies are read as a stream with a byte cap, so a huge (or endless,
 * chunked) upload is refused after the cap instead of being buffered; chunked multipart uploads
 * (one back end of the official Java client sends them, reference §6) parse like any other.
 * @module
 */
import { ApiError } from '../errors'

/** Cap of JSON and urlencoded bodies (a 20 000-byte PNG as a data URL is 26 690 chars). */
export const MAX_JSON_BODY = 32 * 1024
/** Cap of multipart bodies (a 20 000-byte file plus form overhead and ≤ 5 small fields). */
export const MAX_MULTIPART_BODY = 64 * 1024

/** Reads at most `max` bytes of the body; 413 `invalid_file` beyond. */
export async function readBodyLimited(req: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max)
  if (!req.body) return new Uint8Array(0)
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(max)
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let o = 0
  for (const c of chunks) {
    out.set(c, o)
    o += c.byteLength
  }
  return out
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
