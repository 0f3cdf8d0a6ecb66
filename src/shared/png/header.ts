/**
 * The IHDR check (PNG spec §11.2.2): first chunk, 13 bytes, a legal colour type / bit depth pair,
 * compression, filter and interlace methods, and the caller's size limits — all before anything
 * else in the file is looked at.
 * @module
 */
import { PngError } from './errors'
import { MAX_PNG_PIXELS, type PngLimits } from './limits'
import { readU32, type RawChunk } from './chunks'

/** PNG colour types (§11.2.2 Table 11.1). */
export const COLOR_TYPE = { grey: 0, rgb: 2, palette: 3, greyAlpha: 4, rgba: 6 } as const

/** Samples per pixel for each colour type. */
export const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/** Allowed bit depths per colour type (§11.2.2 Table 11.1). */
const DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
}

/** Decoded IHDR fields. */
export interface PngHeader {
  width: number
  height: number
  bitDepth: number
  colorType: number
  /** Samples per pixel (1..4). */
  channels: number
  interlace: 0 | 1
}

/** Validates the first chunk as IHDR under `limits`; the size is checked first, as it decides what decoding would cost. */
export function readHeader(chunk: RawChunk, limits: PngLimits): PngHeader {
  if (chunk.type !== 'IHDR') throw new PngError('ihdr', `the first chunk must be IHDR, found ${chunk.type}`)
  if (chunk.data.length !== 13) throw new PngError('ihdr', `IHDR must be 13 bytes long, found ${chunk.data.length}`)
  const d = chunk.data
  const width = readU32(d, 0)
  const height = readU32(d, 4)
  const [bitDepth, colorType, compression, filter, interlace] = d.subarray(8, 13)
  if (width === 0 || height === 0 || width * height > MAX_PNG_PIXELS || !limits.acceptSize(width, height)) {
    throw new PngError('dimensions', `the image is ${width}x${height} pixels; ${limits.sizeRule}`)
  }
  const depths = DEPTHS[colorType!]
  if (!depths) throw new PngError('ihdr', `unknown PNG colour type ${colorType}`)
  if (!depths.includes(bitDepth!)) throw new PngError('ihdr', `bit depth ${bitDepth} is not allowed for colour type ${colorType}`)
  if (compression !== 0) throw new PngError('ihdr', `unknown compression method ${compression}`)
  if (filter !== 0) throw new PngError('ihdr', `unknown filter method ${filter}`)
  if (interlace !== 0 && interlace !== 1) throw new PngError('ihdr', `unknown interlace method ${interlace}`)
  return { width, height, bitDepth: bitDepth!, colorType: colorType!, channels: CHANNELS[colorType!]!, interlace }
}
