/**
 * PNG container parsing (PNG spec, W3C 2nd ed. §5 "Datastream structure", §11 "Chunk specifications").
 * Reads the signature, the IHDR and every chunk's length, type and CRC without decompressing anything,
 * so a PNG bomb (huge IHDR, authlib-injector "upload hygiene", skins-and-peers.md §2.1) is refused
 * before any pixel buffer is allocated.
 * @module
 */
import { crc32 } from '../../render/crc32'
import { invalidImage } from './invalid-image'
import { SKIN_HEIGHTS, SKIN_WIDTH } from './limits'

/** The 8-byte PNG signature (§5.2). */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

/** PNG colour types (§11.2.2 Table 11.1). */
export const COLOR_TYPE = { grey: 0, rgb: 2, palette: 3, greyAlpha: 4, rgba: 6 } as const

/** Samples per pixel for each colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/** Allowed bit depths per colour type (§11.2.2 Table 11.1). */
const DEPTHS: Record<number, readonly number[]> = {
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

/** The parts of a PNG the pixel decoder needs; ancillary chunks other than tRNS are dropped. */
export interface PngParts {
  header: PngHeader
  /** PLTE entries as RGB triples. */
  palette?: Uint8Array
  /** tRNS payload (§11.3.2.1), meaning depends on the colour type. */
  transparency?: Uint8Array
  /** Concatenated IDAT payloads (the zlib stream). */
  idat: Uint8Array
}

const readU32 = (b: Uint8Array, at: number): number =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0

const chunkType = (b: Uint8Array, at: number): string =>
  String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!)

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)

/** True when `bytes` starts with the PNG signature. */
export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)
}

interface RawChunk {
  type: string
  /** Offset of the chunk's data. */
  data: number
  length: number
}

/** Reads the chunk starting at `at`, checking that it is complete and its CRC matches (§5.3). */
function readChunk(bytes: Uint8Array, at: number): RawChunk {
  if (at + 8 > bytes.length) throw invalidImage(`the file is truncated (chunk header expected at byte ${at})`)
  const length = readU32(bytes, at)
  const type = chunkType(bytes, at + 4)
  if (![0, 1, 2, 3].every((i) => isLetter(bytes[at + 4 + i]!))) {
    throw invalidImage(`corrupt chunk structure at byte ${at} (chunk type is not four letters)`)
  }
  const end = at + 8 + length + 4
  if (length > 0x7fffffff || end > bytes.length) {
    throw invalidImage(`the file is truncated (chunk ${type} at byte ${at} declares ${length} bytes but the file ends first)`)
  }
  const stored = readU32(bytes, end - 4)
  if (crc32(bytes, at + 4, end - 4) !== stored) {
    throw invalidImage(`chunk ${type} at byte ${at} has a bad CRC (the file is corrupted)`)
  }
  return { type, data: at + 8, length }
}

/** Validates the IHDR (§11.2.2) including the skin size rule: 64x64 or 64x32 only. */
function readHeader(bytes: Uint8Array, chunk: RawChunk): PngHeader {
  if (chunk.type !== 'IHDR') throw invalidImage(`the first chunk must be IHDR, found ${chunk.type}`)
  if (chunk.length !== 13) throw invalidImage(`IHDR must be 13 bytes long, found ${chunk.length}`)
  const at = chunk.data
  const width = readU32(bytes, at)
  const height = readU32(bytes, at + 4)
  const [bitDepth, colorType, compression, filter, interlace] = bytes.subarray(at + 8, at + 13)
  if (width !== SKIN_WIDTH || !(SKIN_HEIGHTS as readonly number[]).includes(height)) {
    throw invalidImage(`the image is ${width}x${height} pixels; a skin must be 64x64 or 64x32`)
  }
  const depths = DEPTHS[colorType!]
  if (!depths) throw invalidImage(`unknown PNG colour type ${colorType}`)
  if (!depths.includes(bitDepth!)) throw invalidImage(`bit depth ${bitDepth} is not allowed for colour type ${colorType}`)
  if (compression !== 0) throw invalidImage(`unknown compression method ${compression}`)
  if (filter !== 0) throw invalidImage(`unknown filter method ${filter}`)
  if (interlace !== 0 && interlace !== 1) throw invalidImage(`unknown interlace method ${interlace}`)
  return { width, height, bitDepth: bitDepth!, colorType: colorType!, channels: CHANNELS[colorType!]!, interlace }
}

/**
 * Splits a PNG into header, palette, transparency and image data, checking the signature, the
 * skin size (before anything else is read), every chunk's CRC, truncation and chunk order.
 */
export function parsePng(bytes: Uint8Array): PngParts {
  if (!hasPngSignature(bytes)) throw invalidImage('not a PNG file (the PNG signature is missing)')
  const first = readChunk(bytes, 8)
  const header = readHeader(bytes, first)
  let at = first.data + first.length + 4
  let palette: Uint8Array | undefined
  let transparency: Uint8Array | undefined
  const idat: Uint8Array[] = []
  let idatEnded = false
  for (;;) {
    const chunk = readChunk(bytes, at)
    const data = bytes.subarray(chunk.data, chunk.data + chunk.length)
    at = chunk.data + chunk.length + 4
    if (chunk.type === 'IEND') break
    if (idat.length > 0 && chunk.type !== 'IDAT') idatEnded = true
    switch (chunk.type) {
      case 'IHDR':
        throw invalidImage('the file has more than one IHDR chunk')
      case 'PLTE':
        if (idat.length > 0) throw invalidImage('PLTE comes after the image data')
        if (chunk.length === 0 || chunk.length % 3 !== 0 || chunk.length > 768) {
          throw invalidImage(`PLTE has an invalid length ${chunk.length}`)
        }
        palette = data
        break
      case 'tRNS':
        if (idat.length > 0) throw invalidImage('tRNS comes after the image data')
        transparency = data
        break
      case 'IDAT':
        if (idatEnded) throw invalidImage('IDAT chunks are not consecutive')
        idat.push(data)
        break
      default:
        // Bit 5 of the first type byte clear = critical chunk (§5.4): a decoder must not ignore it.
        if ((bytes[chunk.data - 4]! & 0x20) === 0) throw invalidImage(`unknown critical chunk ${chunk.type}`)
    }
  }
  if (idat.length === 0) throw invalidImage('the file has no image data (IDAT)')
  if (header.colorType === COLOR_TYPE.palette && !palette) throw invalidImage('a palette image has no PLTE chunk')
  return { header, palette, transparency, idat: concat(idat) }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
