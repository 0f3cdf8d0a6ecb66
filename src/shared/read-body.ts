/**
 * Bounded bodies, for the API's uploads and fetched images and the web app's own form posts: the body
 * is read as a stream with a byte cap, so a huge (or endless, chunked) one is refused after the cap
 * instead of being buffered whole.
 * @module
 */

/** Reads at most `max` bytes of a request's or response's body; null when it is (or declares to be) larger. */
export async function readBodyUpTo(message: Request | Response, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(message.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > max) {
    await message.body?.cancel().catch(() => undefined)
    return null
  }
  if (!message.body) return new Uint8Array(0)
  const reader = message.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}
