/**
 * PNG out, pure TypeScript over pako's deflate (runs unchanged on Bun and Workers).
 * Renders are a few dozen flat colours blown up by nearest-neighbour scaling, so the encoder
 * writes an indexed PNG (colour type 3, PLTE + tRNS) whenever the image has ≤ 256 distinct
 * RGBA values — a quarter of the bytes to deflate — and falls back to RGBA8 (type 6) otherwise.
 * Only IHDR, PLTE, tRNS, IDAT and IEND are written (PNG spec §5.6, §11).
 * @module
 */
import { deflate } from 'pako'
import { crc32 } from './crc32'
import type { RgbaImage } from './image'

/** zlib level: the fastest level that still folds the repeated rows of a scaled render. */
const DEFLATE_LEVEL = 3
const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)
const COLOR_INDEXED = 3
const COLOR_RGBA = 6

/** Encodes an RGBA image as a PNG file. */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height } = image
  const indexed = indexColours(image)
  const chunks: Uint8Array[] = [chunk('IHDR', ihdr(width, height, indexed ? COLOR_INDEXED : COLOR_RGBA))]
  if (indexed) {
    chunks.push(chunk('PLTE', indexed.plte))
    if (indexed.trns) chunks.push(chunk('tRNS', indexed.trns))
    chunks.push(chunk('IDAT', deflate(scanlines(indexed.indices, width, height, 1), { level: DEFLATE_LEVEL })))
  } else {
    chunks.push(chunk('IDAT', deflate(scanlines(image.rgba, width, height, 4), { level: DEFLATE_LEVEL })))
  }
  chunks.push(chunk('IEND', new Uint8Array(0)))
  return concat([SIGNATURE, ...chunks])
}

function ihdr(width: number, height: number, colorType: number): Uint8Array {
  const data = new Uint8Array(13)
  const view = new DataView(data.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  data[8] = 8 // bit depth
  data[9] = colorType
  // compression 0, filter method 0, no interlace
  return data
}

/** Length, type, data, CRC over type + data (PNG spec §5.3). */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/**
 * Rows prefixed with their filter byte. A row equal to the one above is written with filter Up
 * (all zeros, PNG spec §9.2), every other row unfiltered: flat runs already deflate well.
 */
function scanlines(pixels: Uint8Array, width: number, height: number, bytesPerPixel: number): Uint8Array {
  const rowBytes = width * bytesPerPixel
  const out = new Uint8Array(height * (rowBytes + 1))
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * rowBytes, (y + 1) * rowBytes)
    const o = y * (rowBytes + 1)
    if (y > 0 && sameRow(pixels, (y - 1) * rowBytes, y * rowBytes, rowBytes)) {
      out[o] = 2
    } else {
      out.set(row, o + 1)
    }
  }
  return out
}

function sameRow(p: Uint8Array, a: number, b: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (p[a + i] !== p[b + i]) return false
  return true
}

/** Palette + per-pixel indices when the image has at most 256 distinct RGBA values, else null. */
function indexColours(image: RgbaImage): { plte: Uint8Array; trns: Uint8Array | null; indices: Uint8Array } | null {
  const { rgba } = image
  const n = image.width * image.height
  const indices = new Uint8Array(n)
  const palette = new Map<number, number>()
  const colours: number[] = []
  let last = -1
  let lastIndex = 0
  for (let i = 0; i < n; i++) {
    const o = i * 4
    // Fully transparent pixels all share one entry whatever their RGB.
    const a = rgba[o + 3] ?? 0
    const key = a === 0 ? 0 : (((rgba[o] ?? 0) << 24) | ((rgba[o + 1] ?? 0) << 16) | ((rgba[o + 2] ?? 0) << 8) | a) >>> 0
    if (key !== last) {
      let index = palette.get(key)
      if (index === undefined) {
        if (colours.length === 256) return null
        index = colours.length
        palette.set(key, index)
        colours.push(key)
      }
      last = key
      lastIndex = index
    }
    indices[i] = lastIndex
  }
  const plte = new Uint8Array(colours.length * 3)
  const alpha = new Uint8Array(colours.length)
  let lastTranslucent = -1
  colours.forEach((key, i) => {
    plte[i * 3] = key >>> 24
    plte[i * 3 + 1] = (key >>> 16) & 0xff
    plte[i * 3 + 2] = (key >>> 8) & 0xff
    alpha[i] = key & 0xff
    if ((key & 0xff) !== 255) lastTranslucent = i
  })
  // tRNS may stop after the last non-opaque entry; missing entries are opaque (PNG spec §11.3.2.1).
  return { plte, trns: lastTranslucent < 0 ? null : alpha.subarray(0, lastTranslucent + 1), indices }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}
