/**
 * A deliberately general PNG encoder for tests only: every colour type and bit depth, all five row
 * filters, Adam7 interlacing (no library at hand writes interlaced sub-byte images), split IDATs,
 * extra chunks, appended bytes and a replaced zlib stream. Filters and passes are written out here
 * from the PNG spec (§9.2, §8.2) rather than shared with the decoder, so the decoder is not tested
 * against itself. Production code never imports it.
 * @module
 */
import { deflate } from 'pako'
import { concatBytes, pngChunk } from '../chunks'
import { CHANNELS } from '../header'
import { ihdrData } from '../ihdr-data'
import { PNG_SIGNATURE } from '../signature'

/** Adam7 passes (PNG spec §8.2) as [x0, y0, dx, dy]. */
const ADAM7 = [
  [0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2],
] as const

/** What to encode. */
export interface TestPngSpec {
  width: number
  height: number
  colorType: 0 | 2 | 3 | 4 | 6
  bitDepth: 1 | 2 | 4 | 8 | 16
  /** Raw samples of pixel (x, y) at `bitDepth`, one per channel (a palette index for colour type 3). */
  sample: (x: number, y: number) => readonly number[]
  interlace?: boolean
  /** PLTE entries, RGB. */
  palette?: readonly (readonly [number, number, number])[]
  /** Raw tRNS payload. */
  transparency?: Uint8Array
  /** 'cycle' uses filters 0,1,2,3,4,0,… row by row so a decoder must handle all of them; an array is cycled. */
  filters?: 'none' | 'cycle' | number | readonly number[]
  /** Split the zlib stream into IDAT chunks of this many bytes. */
  idatSize?: number
  /** Extra chunks written right after IHDR (e.g. tEXt, gAMA). */
  extraChunks?: readonly { type: string; data: Uint8Array }[]
  /** zlib level for the IDAT stream. */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
  /** Use this zlib stream instead of the image's (corrupt-data and bomb tests). */
  zlib?: Uint8Array
  /** Bytes appended after IEND. */
  trailing?: Uint8Array
}

/** Packs one row of samples at `depth` bits, big-endian, leftmost pixel in the high bits (§7.2). */
function packRow(samples: readonly number[], depth: number): Uint8Array {
  const row = new Uint8Array(Math.ceil((samples.length * depth) / 8))
  samples.forEach((v, i) => {
    if (depth === 16) {
      row[i * 2] = v >> 8
      row[i * 2 + 1] = v & 255
    } else if (depth === 8) {
      row[i] = v
    } else {
      const bit = i * depth
      row[bit >> 3]! |= v << (8 - depth - (bit & 7))
    }
  })
  return row
}

/** Applies filter `type` (§9.2) to `row` given the previous unfiltered row; the Paeth predictor is spelled out here. */
function filterRow(type: number, row: Uint8Array, prev: Uint8Array | null, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length + 1)
  out[0] = type
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0
    const b = prev ? prev[i]! : 0
    const c = prev && i >= bpp ? prev[i - bpp]! : 0
    const p = a + b - c
    const nearest = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c
    const predictor = [0, a, b, (a + b) >> 1, nearest][type] ?? 0
    out[i + 1] = (row[i]! - predictor) & 255
  }
  return out
}

function filterFor(spec: TestPngSpec, n: number): number {
  const mode = spec.filters ?? 'none'
  if (mode === 'none') return 0
  if (mode === 'cycle') return n % 5
  return typeof mode === 'number' ? mode : mode[n % mode.length]!
}

const range = (start: number, end: number, step: number): number[] => {
  const out: number[] = []
  for (let v = start; v < end; v += step) out.push(v)
  return out
}

/** The uncompressed IDAT payload (filter byte + row, per pass). */
export function rawImageData(spec: TestPngSpec): Uint8Array<ArrayBuffer> {
  const bpp = Math.max(1, (CHANNELS[spec.colorType]! * spec.bitDepth) >> 3)
  let n = 0
  const passes = spec.interlace ? ADAM7 : ([[0, 0, 1, 1]] as const)
  const lines = passes.flatMap(([x0, y0, dx, dy]) => {
    const xs = range(x0, spec.width, dx)
    let prev: Uint8Array | null = null
    return xs.length === 0 ? [] : range(y0, spec.height, dy).map((y) => {
      const row = packRow(xs.flatMap((x) => [...spec.sample(x, y)]), spec.bitDepth)
      const line = filterRow(filterFor(spec, n++), row, prev, bpp)
      prev = row
      return line
    })
  })
  return concatBytes(...lines)
}

/** Encodes `spec` as a PNG file. */
export function encodeTestPng(spec: TestPngSpec): Uint8Array<ArrayBuffer> {
  const zlib = spec.zlib ?? deflate(rawImageData(spec), { level: spec.level ?? 6 })
  const size = Math.max(1, spec.idatSize ?? zlib.length)
  const idats = range(0, Math.max(1, zlib.length), size).map((at) => pngChunk('IDAT', zlib.subarray(at, at + size)))
  const plte = spec.palette ? [pngChunk('PLTE', Uint8Array.from(spec.palette.flat()))] : []
  const trns = spec.transparency ? [pngChunk('tRNS', spec.transparency)] : []
  return concatBytes(
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdrData(spec.width, spec.height, spec.bitDepth, spec.colorType, spec.interlace ? 1 : 0)),
    ...(spec.extraChunks ?? []).map((c) => pngChunk(c.type, c.data)),
    ...plte,
    ...trns,
    ...idats,
    pngChunk('IEND'),
    spec.trailing ?? new Uint8Array(0),
  )
}

/** Chunk types of a PNG in file order, up to IEND (no checks: for assertions on encoder output). */
export function chunkTypes(png: Uint8Array): string[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const types: string[] = []
  for (let at = 8; at + 8 <= png.length; at += 12 + view.getUint32(at)) {
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8))
    types.push(type)
    if (type === 'IEND') break
  }
  return types
}
