/**
 * PNG files for fuzzing the upload check: valid skins mutated the ways
 * hostile uploads are — flipped bytes, truncation, IHDR fields changed (with the CRC fixed so the
 * change reaches the decoder), bad CRCs, huge dimensions, extra/duplicated/misplaced chunks,
 * trailing bytes, and IDAT streams that inflate far beyond the header. Chunks are read and written
 * with the shared PNG module (src/shared/png), so no PNG code is duplicated here.
 * @module
 */
import fc from 'fast-check'
import { deflateSync } from 'node:zlib'
import { concatBytes, ihdrData, pngChunk, PNG_SIGNATURE, readChunk } from '../../src/shared/png'
import { paintedSkinPng } from '../support/skin-files'

/** One chunk: its type and data (length and CRC are written by `assemble`). */
export interface Chunk {
  type: string
  data: Uint8Array
}

/** Splits a valid PNG into its chunks. */
function chunksOf(png: Uint8Array): Chunk[] {
  const out: Chunk[] = []
  for (let at = PNG_SIGNATURE.length; at < png.length; ) {
    const chunk = readChunk(png, at)
    out.push({ type: chunk.type, data: chunk.data.slice() })
    at = chunk.end
  }
  return out
}

/** Serialises chunks with the shared PNG writer; the chunk at index `badCrc` gets a wrong CRC. */
export function assemble(chunks: Chunk[], badCrc = -1): Uint8Array<ArrayBuffer> {
  return concatBytes(
    PNG_SIGNATURE,
    ...chunks.map((c, i) => {
      const bytes = pngChunk(c.type.padEnd(4, 'x').slice(0, 4), c.data)
      if (i === badCrc) bytes[bytes.length - 1]! ^= 1
      return bytes
    }),
  )
}

/** Valid skins to start from (Mojang encoding, 64x64). */
export const BASE_SKINS: readonly Uint8Array<ArrayBuffer>[] = [paintedSkinPng(11), paintedSkinPng(12)]

/** IHDR data with the given fields; compression and filter method (always 0 in `ihdrData`) patched in. */
function ihdr(width: number, height: number, bitDepth: number, colorType: number, compression = 0, filter = 0, interlace = 0): Uint8Array {
  const d = ihdrData(width >>> 0, height >>> 0, bitDepth, colorType, interlace)
  d[10] = compression
  d[11] = filter
  return d
}

const dimension = fc.oneof(fc.constantFrom(0, 1, 32, 63, 64, 65, 128, 4096, 65535, 0x7fffffff, 0x80000000, 0xffffffff), fc.nat())
const byte = fc.integer({ min: 0, max: 255 })

/** One structural mutation of a chunk list. */
const mutation: fc.Arbitrary<(chunks: Chunk[]) => Chunk[]> = fc.oneof(
  // IHDR fields changed, CRC recomputed, so the decoder has to cope with the lie.
  fc.tuple(dimension, dimension, fc.constantFrom(1, 2, 4, 8, 16, 0, 3, 255), fc.constantFrom(0, 2, 3, 4, 6, 1, 7, 255), byte, byte, fc.constantFrom(0, 1, 2)).map(
    ([w, h, depth, type, comp, filt, inter]) =>
      (chunks: Chunk[]) =>
        chunks.map((c) => (c.type === 'IHDR' ? { type: 'IHDR', data: ihdr(w, h, depth, type, comp, filt, inter) } : c)),
  ),
  // Only the size changed (the common attack: a huge header in front of small data).
  fc.tuple(dimension, dimension).map(([w, h]) => (chunks: Chunk[]) => chunks.map((c) => (c.type === 'IHDR' ? { type: 'IHDR', data: ihdr(w, h, 8, 6) } : c))),
  // An extra chunk anywhere: ancillary, critical unknown, PLTE/tRNS/IDAT/IHDR/IEND duplicates.
  fc
    .tuple(fc.constantFrom('tEXt', 'zTXt', 'iCCP', 'PLTE', 'tRNS', 'IDAT', 'IHDR', 'IEND', 'aBCD', 'XYZW', 'acTL', 'fdAT'), fc.uint8Array({ maxLength: 64 }), fc.nat())
    .map(([type, data, at]) => (chunks: Chunk[]) => {
      const copy = [...chunks]
      copy.splice(at % (copy.length + 1), 0, { type, data })
      return copy
    }),
  // A chunk removed or the chunks shuffled.
  fc.nat().map((at) => (chunks: Chunk[]) => chunks.filter((_, i) => i !== at % chunks.length)),
  fc.nat().map((seed) => (chunks: Chunk[]) => [...chunks].sort((a, b) => ((a.type.charCodeAt(0) * seed) % 7) - ((b.type.charCodeAt(0) * seed) % 7))),
  // IDAT replaced: random bytes, a valid zlib stream of the wrong size (a small bomb), or empty.
  fc
    .oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.integer({ min: 0, max: 400_000 }).map((n) => new Uint8Array(deflateSync(new Uint8Array(n)))),
      fc.uint8Array({ maxLength: 40 }).map((b) => new Uint8Array(deflateSync(b))),
    )
    .map((data) => (chunks: Chunk[]) => {
      const first = chunks.findIndex((c) => c.type === 'IDAT')
      return chunks.filter((c, i) => c.type !== 'IDAT' || i === first).map((c) => (c.type === 'IDAT' ? { type: 'IDAT', data } : c))
    }),
)

/** One byte-level mutation of a serialised file. */
const byteMutation: fc.Arbitrary<(png: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>> = fc.oneof(
  fc.tuple(fc.nat(), byte).map(([at, value]) => (png: Uint8Array<ArrayBuffer>) => {
    const copy = png.slice()
    copy[at % copy.length] = value
    return copy
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })).map(([at, bit]) => (png: Uint8Array<ArrayBuffer>) => {
    const copy = png.slice()
    copy[at % copy.length]! ^= 1 << bit
    return copy
  }),
  fc.nat().map((at) => (png: Uint8Array<ArrayBuffer>) => png.slice(0, at % (png.length + 1))),
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((tail) => (png: Uint8Array<ArrayBuffer>) => {
    const out = new Uint8Array(png.length + tail.length)
    out.set(png)
    out.set(tail, png.length)
    return out
  }),
)

/** A valid skin put through 1–3 chunk mutations (some with a broken CRC) and 0–2 byte mutations. */
export const mutatedPng = (): fc.Arbitrary<Uint8Array<ArrayBuffer>> =>
  fc
    .tuple(fc.constantFrom(...BASE_SKINS), fc.array(mutation, { minLength: 0, maxLength: 3 }), fc.integer({ min: -1, max: 6 }), fc.array(byteMutation, { maxLength: 2 }))
    .map(([base, mutations, badCrc, bytes]) => {
      const chunks = mutations.reduce((acc, m) => m(acc), chunksOf(base))
      return bytes.reduce((png, m) => m(png), assemble(chunks, badCrc))
    })

/** Bytes that may or may not look like a PNG: random, signature + random, or a mutated skin. */
export const pngLike = (): fc.Arbitrary<Uint8Array<ArrayBuffer>> =>
  fc.oneof(
    fc.uint8Array({ maxLength: 400 }) as fc.Arbitrary<Uint8Array<ArrayBuffer>>,
    fc.uint8Array({ maxLength: 400 }).map((b) => concatBytes(PNG_SIGNATURE, b)),
    { weight: 4, arbitrary: mutatedPng() },
  )
