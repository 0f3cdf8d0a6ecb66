/**
 * PNG in: any colour type and bit depth a skin may come in, normalised to straight RGBA8.
 * The IHDR is read and the size checked *before* inflating anything, so a PNG bomb costs nothing
 * (reference/skins-and-peers.md §2.1 "Upload hygiene").
 * @module
 */
import { decode, type DecodedPng } from 'fast-png'
import { RenderError } from './errors'
import type { RgbaImage } from './image'

/** Largest PNG file the renderer reads; real skins are under 20 000 bytes (SPEC §5). */
export const MAX_PNG_BYTES = 256 * 1024

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Width and height from the IHDR chunk, which PNG requires to come first (PNG spec §5.6). */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) {
    throw new RenderError('invalid_image', 'The texture is not a PNG image')
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunkType = String.fromCharCode(bytes[12] ?? 0, bytes[13] ?? 0, bytes[14] ?? 0, bytes[15] ?? 0)
  if (view.getUint32(8) !== 13 || chunkType !== 'IHDR') {
    throw new RenderError('invalid_image', 'The PNG does not start with an IHDR chunk')
  }
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

/**
 * Decodes a PNG whose IHDR size passes `acceptSize` into straight RGBA8.
 * Throws `invalid_image` (400) for anything that is not a readable PNG of an accepted size.
 */
export function decodePngRgba(bytes: Uint8Array, acceptSize: (width: number, height: number) => boolean): RgbaImage {
  if (bytes.length > MAX_PNG_BYTES) {
    throw new RenderError('invalid_image', `The texture is larger than ${MAX_PNG_BYTES} bytes`)
  }
  const { width, height } = readPngSize(bytes)
  if (!acceptSize(width, height)) {
    throw new RenderError('invalid_image', `A skin must be 64x64 or 64x32 pixels, this one is ${width}x${height}`)
  }
  let png: DecodedPng
  try {
    png = decode(bytes)
  } catch (e) {
    throw new RenderError('invalid_image', `The PNG could not be decoded: ${(e as Error).message}`)
  }
  return { width, height, rgba: toRgba8(png) }
}

/** Expands every PNG colour type (greyscale, truecolour, indexed, with/without alpha, 1–16 bit) to RGBA8. */
function toRgba8(png: DecodedPng): Uint8Array {
  const n = png.width * png.height
  const out = new Uint8Array(n * 4)
  if (png.palette) return expandIndexed(png, out)
  const { channels, depth, data } = png
  if (depth < 8) return expandLowBitGrey(png, out)
  // 16-bit samples keep their high byte (PNG spec §13.12 allows any monotonic reduction).
  const shift = depth === 16 ? 8 : 0
  const key = png.transparency
  for (let i = 0; i < n; i++) {
    const s = i * channels
    const o = i * 4
    const a = data[s] ?? 0
    if (channels >= 3) {
      out[o] = a >> shift
      out[o + 1] = (data[s + 1] ?? 0) >> shift
      out[o + 2] = (data[s + 2] ?? 0) >> shift
      out[o + 3] = channels === 4 ? (data[s + 3] ?? 0) >> shift : 255
      // tRNS on truecolour names one fully transparent colour (PNG spec §11.3.2.1).
      if (channels === 3 && key && key.length === 3 && a === key[0] && data[s + 1] === key[1] && data[s + 2] === key[2]) {
        out[o + 3] = 0
      }
    } else {
      const g = a >> shift
      out[o] = g
      out[o + 1] = g
      out[o + 2] = g
      out[o + 3] = channels === 2 ? (data[s + 1] ?? 0) >> shift : 255
      if (channels === 1 && key && key.length === 1 && a === key[0]) out[o + 3] = 0
    }
  }
  return out
}

/** Reads `depth`-bit samples packed MSB-first, rows padded to whole bytes (PNG spec §7.2). */
function sampleAt(data: ArrayLike<number>, rowBytes: number, depth: number, x: number, y: number): number {
  const bit = x * depth
  const byte = data[y * rowBytes + (bit >> 3)] ?? 0
  return (byte >> (8 - depth - (bit & 7))) & ((1 << depth) - 1)
}

function expandIndexed(png: DecodedPng, out: Uint8Array): Uint8Array {
  const palette = png.palette ?? []
  const rowBytes = Math.ceil((png.width * png.depth) / 8)
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const entry = palette[sampleAt(png.data, rowBytes, png.depth, x, y)]
      if (!entry) throw new RenderError('invalid_image', 'The PNG uses a colour index outside its palette')
      const o = (y * png.width + x) * 4
      out[o] = entry[0] ?? 0
      out[o + 1] = entry[1] ?? 0
      out[o + 2] = entry[2] ?? 0
      out[o + 3] = entry[3] ?? 255
    }
  }
  return out
}

function expandLowBitGrey(png: DecodedPng, out: Uint8Array): Uint8Array {
  const rowBytes = Math.ceil((png.width * png.depth) / 8)
  const max = (1 << png.depth) - 1
  const key = png.transparency?.[0]
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const s = sampleAt(png.data, rowBytes, png.depth, x, y)
      const g = Math.round((s * 255) / max)
      const o = (y * png.width + x) * 4
      out[o] = g
      out[o + 1] = g
      out[o + 2] = g
      out[o + 3] = key === s ? 0 : 255
    }
  }
  return out
}
