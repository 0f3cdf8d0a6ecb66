/**
 * The 13-byte IHDR payload (PNG spec §11.2.2); compression and filter method 0.
 * @module
 */
import { writeU32 } from './chunks'

/** IHDR payload; values are not checked, so tests can write illegal headers too. */
export function ihdrData(width: number, height: number, bitDepth: number, colorType: number, interlace = 0): Uint8Array<ArrayBuffer> {
  const d = new Uint8Array(13)
  writeU32(d, 0, width)
  writeU32(d, 4, height)
  d.set([bitDepth, colorType, 0, 0, interlace], 8)
  return d
}
