/**
 * PNG chunks (PNG spec §5.3 "Chunk layout"): reading one with its CRC checked, writing one, and
 * joining the pieces of a file. Every reader and writer of PNG bytes in the project goes through here.
 * @module
 */
import { crc32 } from './crc32'
import { PngError } from './errors'

/** Big-endian unsigned 32-bit read. */
export const readU32 = (b: Uint8Array, at: number): number =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0

/** Big-endian 32-bit write. */
export function writeU32(b: Uint8Array, at: number, v: number): void {
  b[at] = v >>> 24
  b[at + 1] = v >>> 16
  b[at + 2] = v >>> 8
  b[at + 3] = v
}

/** Joins byte arrays into one new array. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Serialises one chunk: length, type, data, CRC over type + data (§5.3). Writes whatever it is given, so tests can build illegal files. */
export function pngChunk(type: string, data: Uint8Array = new Uint8Array(0)): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length)
  writeU32(out, 0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  writeU32(out, 8 + data.length, crc32(out, 4, 8 + data.length))
  return out
}

/** One chunk found in a file. */
export interface RawChunk {
  type: string
  /** Offset of the chunk's length field. */
  start: number
  /** The chunk's data (a view into the file). */
  data: Uint8Array
  /** Offset just past the CRC: where the next chunk starts. */
  end: number
  /** Bit 5 of the first type byte clear = critical: a decoder must not skip it (§5.4). */
  critical: boolean
}

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)

/** Reads the chunk starting at `at`, checking that its type is four letters, it is complete and its CRC matches (§5.3, §5.4). */
export function readChunk(bytes: Uint8Array, at: number): RawChunk {
  if (at + 8 > bytes.length) throw new PngError('truncated', `the file is truncated (chunk header expected at byte ${at})`)
  const length = readU32(bytes, at)
  const typeBytes = bytes.subarray(at + 4, at + 8)
  const type = String.fromCharCode(...typeBytes)
  if (!typeBytes.every(isLetter)) throw new PngError('chunk', `corrupt chunk structure at byte ${at} (chunk type is not four letters)`)
  const end = at + 12 + length
  if (length > 0x7fffffff || end > bytes.length) {
    throw new PngError('truncated', `the file is truncated (chunk ${type} at byte ${at} declares ${length} bytes but the file ends first)`)
  }
  if (crc32(bytes, at + 4, end - 4) !== readU32(bytes, end - 4)) {
    throw new PngError('crc', `chunk ${type} at byte ${at} has a bad CRC (the file is corrupted)`)
  }
  return { type, start: at, data: bytes.subarray(at + 8, end - 4), end, critical: (typeBytes[0]! & 0x20) === 0 }
}
