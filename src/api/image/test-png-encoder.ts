/**
 * A deliberately general PNG encoder used only to build test fixtures: every colour type and bit
 * depth, all five row filters, Adam7 interlacing (PNG spec §8.2 — no library at hand writes
 * interlaced sub-byte images), split IDATs and arbitrary extra chunks. Production code never imports it.
 * @module
 */
import { deflate } from 'pako'
import { crc32 } from '../../render/crc32'
import { PNG_SIGNATURE } from './png-chunks'

/** Samples per pixel for each colour type (PNG spec Table 11.1). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/** Adam7 passes (PNG spec §8.2), written out again here so the decoder is not tested against itself. */
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
  /** 'cycle' uses filters 0,1,2,3,4,0,… row by row so a decoder must handle all of them. */
  filters?: 'none' | 'cycle' | number
  /** Split the zlib stream into IDAT chunks of this many bytes. */
  idatSize?: number
  /** Extra chunks written right after IHDR (e.g. tEXt, gAMA). */
  extraChunks?: readonly { type: string; data: Uint8Array }[]
  /** zlib level for the IDAT stream. */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
}

/** A PNG chunk with a correct CRC. */
export function pngChunk(type: string, data: Uint8Array = new Uint8Array(0)): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length))
  return out
}

/** IHDR payload; values are not checked, so fixtures can carry illegal headers. */
export function ihdrData(width: number, height: number, bitDepth: number, colorType: number, interlace = 0): Uint8Array {
  const d = new Uint8Array(13)
  const view = new DataView(d.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  d.set([bitDepth, colorType, 0, 0, interlace], 8)
  return d
}

/** Joins byte arrays. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
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

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** Applies filter `type` (§9.2) to `row` given the previous unfiltered row. */
function filterRow(type: number, row: Uint8Array, prev: Uint8Array | null, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length + 1)
  out[0] = type
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0
    const b = prev ? prev[i]! : 0
    const c = prev && i >= bpp ? prev[i - bpp]! : 0
    const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type] ?? 0
    out[i + 1] = (row[i]! - predictor) & 255
  }
  return out
}

/** The filtered scanlines of one (reduced) image. */
function scanlines(spec: TestPngSpec, xs: readonly number[], ys: readonly number[], bpp: number, rowCounter: { n: number }): Uint8Array[] {
  const lines: Uint8Array[] = []
  let prev: Uint8Array | null = null
  for (const y of ys) {
    const row = packRow(xs.flatMap((x) => [...spec.sample(x, y)]), spec.bitDepth)
    const mode = spec.filters ?? 'none'
    const type = mode === 'none' ? 0 : mode === 'cycle' ? rowCounter.n % 5 : mode
    rowCounter.n++
    lines.push(filterRow(type, row, prev, bpp))
    prev = row
  }
  return lines
}

const range = (start: number, end: number, step: number): number[] => {
  const out: number[] = []
  for (let v = start; v < end; v += step) out.push(v)
  return out
}

/** The uncompressed IDAT payload (filter byte + row, per pass). */
export function rawImageData(spec: TestPngSpec): Uint8Array {
  const bpp = Math.max(1, (CHANNELS[spec.colorType]! * spec.bitDepth) >> 3)
  const counter = { n: 0 }
  const passes = spec.interlace ? ADAM7 : ([[0, 0, 1, 1]] as const)
  const lines = passes.flatMap(([x0, y0, dx, dy]) => {
    const xs = range(x0, spec.width, dx)
    const ys = range(y0, spec.height, dy)
    return xs.length && ys.length ? scanlines(spec, xs, ys, bpp, counter) : []
  })
  return concatBytes(...lines)
}

/** Encodes `spec` as a PNG file. */
export function encodeTestPng(spec: TestPngSpec): Uint8Array<ArrayBuffer> {
  const zlib = deflate(rawImageData(spec), { level: spec.level ?? 6 })
  const size = spec.idatSize ?? zlib.length
  const idats = range(0, zlib.length, Math.max(1, size)).map((at) => pngChunk('IDAT', zlib.subarray(at, at + size)))
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
  )
}
