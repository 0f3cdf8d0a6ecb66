/**
 * Bounded inflate of the IDAT zlib stream (RFC 1950) with pako, the one inflater of the project:
 * the output buffer is sized from the IHDR, and inflation stops at the first byte beyond it, so a
 * decompression bomb whose header claims 64x64 costs at most one 16 KiB step.
 * @module
 */
import { Inflate } from 'pako'
import { PngError } from './errors'

/** Inflates `zlib` to exactly `expected` bytes; throws `data` for more, fewer or corrupt data. */
export function inflateExact(zlib: Uint8Array, expected: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(expected)
  let filled = 0
  const inflator = new Inflate({ chunkSize: Math.min(expected + 1, 16_384) })
  inflator.onData = (chunk: Uint8Array) => {
    // Throwing out of pako's output callback stops inflation at the first byte too many.
    // Made only when thrown: an Error records its stack when it is made, on every image otherwise.
    if (filled + chunk.length > expected) throw new PngError('data', 'the image data is larger than the IHDR size allows')
    out.set(chunk, filled)
    filled += chunk.length
  }
  inflator.onEnd = () => {}
  inflator.push(zlib, true)
  if (inflator.err) {
    throw new PngError('data', filled < expected ? 'the image data is truncated' : `the image data is corrupt (${inflator.msg || 'zlib error'})`)
  }
  if (filled < expected) throw new PngError('data', `the image data is truncated (${filled} of ${expected} bytes)`)
  return out
}
