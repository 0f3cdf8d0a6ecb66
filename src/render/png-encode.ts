/**
 * PNG out, pure TypeScript (runs unchanged on Bun and Workers). Renders are a few dozen flat
 * colours blown up by nearest-neighbour scaling, so the encoder writes an indexed PNG (colour
 * type 3, PLTE + tRNS) whenever the image has ≤ 256 distinct RGBA values — a quarter of the
 * bytes — and RGBA8 (type 6) otherwise. Rows are unfiltered; the zlib stream comes from
 * {@link zlibRuns}, which folds exactly the repeats a scaled render has (a pixel back, a row back).
 * Only IHDR, PLTE, tRNS, IDAT and IEND are written (PNG spec §5.6, §11).
 * @module
 */
import { pixelWords } from './compose'
import { crc32 } from './crc32'
import type { RgbaImage } from './image'
import { zlibRuns } from './zlib-runs'

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)
const COLOR_INDEXED = 3
const COLOR_RGBA = 6

/** Encodes an RGBA image as a PNG file. */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height } = image
  const indexed = indexedScanlines(image)
  const bytesPerPixel = indexed ? 1 : 4
  const lines = indexed ? indexed.lines : rgbaScanlines(image)
  const chunks: Uint8Array[] = [chunk('IHDR', ihdr(width, height, indexed ? COLOR_INDEXED : COLOR_RGBA))]
  if (indexed) {
    chunks.push(chunk('PLTE', indexed.plte))
    if (indexed.trns) chunks.push(chunk('tRNS', indexed.trns))
  }
  chunks.push(chunk('IDAT', zlibRuns(lines, bytesPerPixel, width * bytesPerPixel + 1)))
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
export function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** RGBA8 rows, each after its filter byte 0 (None). */
function rgbaScanlines(image: RgbaImage): Uint8Array {
  const rowBytes = image.width * 4
  const lines = new Uint8Array(image.height * (rowBytes + 1))
  for (let y = 0; y < image.height; y++) {
    lines.set(image.rgba.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1)
  }
  return lines
}

/**
 * Palette, tRNS and index rows (after filter byte 0) when the image has at most 256 distinct
 * RGBA values, else null. Fully transparent pixels all share one entry whatever their RGB.
 */
function indexedScanlines(image: RgbaImage): { plte: Uint8Array; trns: Uint8Array | null; lines: Uint8Array } | null {
  const { width, height, rgba } = image
  const words = pixelWords(image)
  const lines = new Uint8Array(height * (width + 1))
  const palette = new Map<number, number>()
  const firstPixel: number[] = []
  let last = -1
  let lastIndex = 0
  let i = 0
  for (let y = 0; y < height; y++) {
    let o = y * (width + 1) + 1
    for (let x = 0; x < width; x++, i++, o++) {
      const word = rgba[i * 4 + 3] === 0 ? 0 : (words[i] as number)
      if (word !== last) {
        let index = palette.get(word)
        if (index === undefined) {
          if (firstPixel.length === 256) return null
          index = firstPixel.length
          palette.set(word, index)
          firstPixel.push(word === 0 ? -1 : i)
        }
        last = word
        lastIndex = index
      }
      lines[o] = lastIndex
    }
  }
  const plte = new Uint8Array(firstPixel.length * 3)
  const alpha = new Uint8Array(firstPixel.length)
  let lastTranslucent = -1
  firstPixel.forEach((pixel, k) => {
    if (pixel >= 0) plte.set(rgba.subarray(pixel * 4, pixel * 4 + 3), k * 3)
    alpha[k] = pixel >= 0 ? (rgba[pixel * 4 + 3] as number) : 0
    if (alpha[k] !== 255) lastTranslucent = k
  })
  // tRNS may stop after the last non-opaque entry; missing entries are opaque (PNG spec §11.3.2.1).
  return { plte, trns: lastTranslucent < 0 ? null : alpha.subarray(0, lastTranslucent + 1), lines }
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
