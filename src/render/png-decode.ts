/**
 * PNG in: any colour type and bit depth a skin may come in, normalised to straight RGBA8.
 * The IHDR is read and the size checked *before* inflating anything, and the image data is
 * inflated with a hard cap on its size, so a PNG bomb costs nothing (reference/skins-and-peers.md
 * §2.1 "Upload hygiene"). 8-bit non-interlaced images — every real skin — take a fast path
 * (pako inflate + unfilter, ~3× faster than fast-png here); the rest go through fast-png.
 * @module
 */
import { decode, type DecodedPng } from 'fast-png'
import { Inflate } from 'pako'
import { RenderError } from './errors'
import type { RgbaImage } from './image'
import { expand8, toRgba8 } from './png-expand'

/** Largest PNG file the renderer reads; real skins are under 20 000 bytes (SPEC §5). */
export const MAX_PNG_BYTES = 256 * 1024

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Samples per pixel by colour type (PNG spec §6.1). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/** The IHDR fields the decoder needs (PNG spec §11.2.2). */
export interface PngHeader {
  width: number
  height: number
  depth: number
  colorType: number
  interlace: number
}

const invalid = (message: string): RenderError => new RenderError('invalid_image', message)

/** The IHDR, which PNG requires to be the first chunk (PNG spec §5.6). */
export function readPngHeader(bytes: Uint8Array): PngHeader {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) throw invalid('The texture is not a PNG image')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunkType = String.fromCharCode(bytes[12] ?? 0, bytes[13] ?? 0, bytes[14] ?? 0, bytes[15] ?? 0)
  if (view.getUint32(8) !== 13 || chunkType !== 'IHDR') throw invalid('The PNG does not start with an IHDR chunk')
  return {
    width: view.getUint32(16),
    height: view.getUint32(20),
    depth: bytes[24] ?? 0,
    colorType: bytes[25] ?? 0,
    interlace: bytes[28] ?? 0,
  }
}

/** Width and height from the IHDR. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } {
  const { width, height } = readPngHeader(bytes)
  return { width, height }
}

/**
 * Decodes a PNG whose IHDR size passes `acceptSize` into straight RGBA8.
 * Throws `invalid_image` (400) for anything that is not a readable PNG of an accepted size.
 */
export function decodePngRgba(bytes: Uint8Array, acceptSize: (width: number, height: number) => boolean): RgbaImage {
  if (bytes.length > MAX_PNG_BYTES) throw invalid(`The texture is larger than ${MAX_PNG_BYTES} bytes`)
  const header = readPngHeader(bytes)
  const { width, height, depth, colorType, interlace } = header
  if (!acceptSize(width, height)) throw invalid(`A skin must be 64x64 or 64x32 pixels, this one is ${width}x${height}`)
  const channels = CHANNELS[colorType]
  if (channels === undefined) throw invalid(`Unknown PNG colour type ${colorType}`)
  const chunks = readChunks(bytes)
  const rowBytes = Math.ceil((width * channels * depth) / 8)
  // Adam7 adds at most one filter byte per pass row: 2× the plain size bounds it generously.
  const data = inflateCapped(chunks.idat, (rowBytes + 1) * height * (interlace ? 2 : 1))
  if (depth === 8 && interlace === 0) {
    if (data.length !== (rowBytes + 1) * height) throw invalid('The PNG image data has the wrong length')
    const pixels = unfilter(data, rowBytes, height, channels)
    return { width, height, rgba: expand8(pixels, width * height, colorType, chunks.plte, chunks.trns) }
  }
  let png: DecodedPng
  try {
    png = decode(bytes)
  } catch (e) {
    throw invalid(`The PNG could not be decoded: ${(e as Error).message}`)
  }
  return { width, height, rgba: toRgba8(png) }
}

/** IDAT data joined, and PLTE/tRNS if present. Stops at IEND; a truncated chunk is an error. */
function readChunks(bytes: Uint8Array): { idat: Uint8Array; plte: Uint8Array | null; trns: Uint8Array | null } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const idat: Uint8Array[] = []
  let plte: Uint8Array | null = null
  let trns: Uint8Array | null = null
  let offset = 8
  for (;;) {
    if (offset + 12 > bytes.length) throw invalid('The PNG is truncated')
    const length = view.getUint32(offset)
    const type = String.fromCharCode(bytes[offset + 4] ?? 0, bytes[offset + 5] ?? 0, bytes[offset + 6] ?? 0, bytes[offset + 7] ?? 0)
    const end = offset + 12 + length
    if (end > bytes.length) throw invalid('The PNG is truncated')
    const data = bytes.subarray(offset + 8, offset + 8 + length)
    if (type === 'IDAT') idat.push(data)
    else if (type === 'PLTE') plte = data
    else if (type === 'tRNS') trns = data
    else if (type === 'IEND') break
    offset = end
  }
  if (idat.length === 0) throw invalid('The PNG has no image data')
  const joined = new Uint8Array(idat.reduce((n, c) => n + c.length, 0))
  let o = 0
  for (const c of idat) {
    joined.set(c, o)
    o += c.length
  }
  return { idat: joined, plte, trns }
}

/** Inflates a zlib stream, stopping as soon as the output would exceed `max` bytes (zip bombs). */
function inflateCapped(compressed: Uint8Array, max: number): Uint8Array {
  const out = new Uint8Array(max)
  let length = 0
  const tooLarge = invalid('The PNG image data is larger than its size allows')
  const inflator = new Inflate({ chunkSize: 16384 })
  inflator.onData = (chunk: Uint8Array) => {
    // Throwing here unwinds out of push() at once, so a bomb is never inflated past the cap.
    if (length + chunk.length > max) throw tooLarge
    out.set(chunk, length)
    length += chunk.length
  }
  inflator.onEnd = () => undefined
  inflator.push(compressed, true)
  if (inflator.err) throw invalid(`The PNG image data is corrupt: ${inflator.msg}`)
  return out.subarray(0, length)
}

/** Reverses the five PNG filters in place, row by row (PNG spec §9). Returns the pixel bytes without filter bytes. */
function unfilter(data: Uint8Array, rowBytes: number, height: number, bpp: number): Uint8Array {
  const out = new Uint8Array(rowBytes * height)
  for (let y = 0; y < height; y++) {
    const filter = data[y * (rowBytes + 1)] ?? 0
    const src = y * (rowBytes + 1) + 1
    const row = y * rowBytes
    const prev = row - rowBytes
    for (let i = 0; i < rowBytes; i++) {
      const x = data[src + i] ?? 0
      const a = i >= bpp ? (out[row + i - bpp] ?? 0) : 0
      const b = y > 0 ? (out[prev + i] ?? 0) : 0
      let v: number
      switch (filter) {
        case 0:
          v = x
          break
        case 1:
          v = x + a
          break
        case 2:
          v = x + b
          break
        case 3:
          v = x + ((a + b) >> 1)
          break
        case 4: {
          const c = y > 0 && i >= bpp ? (out[prev + i - bpp] ?? 0) : 0
          const p = a + b - c
          const pa = Math.abs(p - a)
          const pb = Math.abs(p - b)
          const pc = Math.abs(p - c)
          v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
          break
        }
        default:
          throw invalid(`Unknown PNG filter type ${filter}`)
      }
      out[row + i] = v & 0xff
    }
  }
  return out
}
