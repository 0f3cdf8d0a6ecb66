/**
 * The renderer's PNG out (SPEC §7 render service): renders are a few dozen flat colours blown up by
 * nearest-neighbour scaling, so it writes an indexed PNG (colour type 3, PLTE + tRNS) whenever the
 * image has ≤ 256 distinct RGBA values — a quarter of the bytes — and RGBA8 (type 6) otherwise.
 * Rows are unfiltered; the zlib stream comes from {@link zlibRuns}, which folds exactly the repeats a
 * scaled render has (a pixel back, a row back). Only IHDR, PLTE, tRNS, IDAT and IEND are written.
 * @module
 */
import { concatBytes, pngChunk } from './chunks'
import type { DecodedPng } from './decode'
import { ihdrData } from './ihdr-data'
import { PNG_SIGNATURE } from './signature'
import { zlibRuns } from './zlib-runs'

const COLOR_INDEXED = 3
const COLOR_RGBA = 6

/** RGBA pixels to encode (the renderer's `RgbaImage` fits). */
export type RgbaPixels = Pick<DecodedPng, 'width' | 'height'> & { rgba: Uint8Array }

/** Encodes an RGBA image as a small PNG file. */
export function encodeCompactPng(image: RgbaPixels): Uint8Array {
  const { width, height } = image
  const indexed = indexedScanlines(image)
  const bytesPerPixel = indexed ? 1 : 4
  const lines = indexed ? indexed.lines : rgbaScanlines(image)
  const chunks: Uint8Array[] = [pngChunk('IHDR', ihdrData(width, height, 8, indexed ? COLOR_INDEXED : COLOR_RGBA))]
  if (indexed) {
    chunks.push(pngChunk('PLTE', indexed.plte))
    if (indexed.trns) chunks.push(pngChunk('tRNS', indexed.trns))
  }
  chunks.push(pngChunk('IDAT', zlibRuns(lines, bytesPerPixel, width * bytesPerPixel + 1)))
  chunks.push(pngChunk('IEND'))
  return concatBytes(PNG_SIGNATURE, ...chunks)
}

/** RGBA8 rows, each after its filter byte 0 (None). */
function rgbaScanlines(image: RgbaPixels): Uint8Array {
  const rowBytes = image.width * 4
  const lines = new Uint8Array(image.height * (rowBytes + 1))
  for (let y = 0; y < image.height; y++) {
    lines.set(image.rgba.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1)
  }
  return lines
}

/** The pixels as one 32-bit word each (an aligned view, or an aligned copy). */
function words(rgba: Uint8Array): Int32Array {
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice()
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2)
}

/**
 * Palette, tRNS and index rows (after filter byte 0) when the image has at most 256 distinct
 * RGBA values, else null. Fully transparent pixels all share one entry whatever their RGB.
 */
function indexedScanlines(image: RgbaPixels): { plte: Uint8Array; trns: Uint8Array | null; lines: Uint8Array } | null {
  const { width, height, rgba } = image
  const pixels = words(rgba)
  const lines = new Uint8Array(height * (width + 1))
  const palette = new Map<number, number>()
  const firstPixel: number[] = []
  let last = -1
  let lastIndex = 0
  let i = 0
  for (let y = 0; y < height; y++) {
    let o = y * (width + 1) + 1
    for (let x = 0; x < width; x++, i++, o++) {
      const word = rgba[i * 4 + 3] === 0 ? 0 : (pixels[i] as number)
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
