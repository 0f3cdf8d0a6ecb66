/**
 * Test helper: hand-built PNG files (any colour type, per-row filter choice, split IDAT,
 * optional PLTE/tRNS) so the decoder's paths can each be exercised. Filters are applied here by
 * the definitions of PNG spec §9.2, independently of the decoder's unfilter code.
 * @module
 */
import { deflate } from 'pako'
import { chunk } from '../png-encode'

/** What to build: raw samples (rows without filter bytes) and how to write them. */
export interface PngSpec {
  width: number
  height: number
  colorType: 0 | 2 | 3 | 4 | 6
  /** Unfiltered sample bytes: `height` rows of ⌈width × channels × depth / 8⌉ bytes, packed MSB-first. */
  samples: Uint8Array
  /** Bits per sample; default 8. */
  depth?: 1 | 2 | 4 | 8
  /** Filter type per row (0–4), cycled; default all 0. */
  filters?: number[]
  plte?: Uint8Array
  trns?: Uint8Array
  /** Split the zlib stream into this many IDAT chunks. */
  idatChunks?: number
  /** Replace the zlib stream entirely (for corrupt-data tests). */
  zlib?: Uint8Array
}

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** Filtered scanlines (filter byte + filtered row) per PNG spec §9.2. */
export function filterRows(samples: Uint8Array, rowBytes: number, height: number, bpp: number, filters: number[]): Uint8Array {
  const out = new Uint8Array(height * (rowBytes + 1))
  for (let y = 0; y < height; y++) {
    const f = filters[y % filters.length] ?? 0
    out[y * (rowBytes + 1)] = f
    for (let i = 0; i < rowBytes; i++) {
      const x = samples[y * rowBytes + i] ?? 0
      const a = i >= bpp ? (samples[y * rowBytes + i - bpp] ?? 0) : 0
      const b = y > 0 ? (samples[(y - 1) * rowBytes + i] ?? 0) : 0
      const c = y > 0 && i >= bpp ? (samples[(y - 1) * rowBytes + i - bpp] ?? 0) : 0
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][f] ?? 0
      out[y * (rowBytes + 1) + 1 + i] = (x - predictor) & 0xff
    }
  }
  return out
}

/** Builds the PNG file described by `spec`. */
export function buildPng(spec: PngSpec): Uint8Array {
  const channels = CHANNELS[spec.colorType]
  const depth = spec.depth ?? 8
  const rowBytes = Math.ceil((spec.width * channels * depth) / 8)
  const ihdr = new Uint8Array(13)
  const view = new DataView(ihdr.buffer)
  view.setUint32(0, spec.width)
  view.setUint32(4, spec.height)
  ihdr[8] = depth
  ihdr[9] = spec.colorType
  const zlib = spec.zlib ?? deflate(filterRows(spec.samples, rowBytes, spec.height, Math.max(1, (channels * depth) >> 3), spec.filters ?? [0]))
  const parts = [Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), chunk('IHDR', ihdr)]
  if (spec.plte) parts.push(chunk('PLTE', spec.plte))
  if (spec.trns) parts.push(chunk('tRNS', spec.trns))
  const pieces = spec.idatChunks ?? 1
  const step = Math.ceil(zlib.length / pieces)
  for (let i = 0; i < pieces; i++) parts.push(chunk('IDAT', zlib.subarray(i * step, (i + 1) * step)))
  parts.push(chunk('IEND', new Uint8Array(0)))
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}
