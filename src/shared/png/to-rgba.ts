/**
 * Samples of any colour type and bit depth → straight RGBA8 (PNG spec §11.2.2, tRNS §11.3.2.1).
 * 16-bit samples keep their high byte, as lodepng does in mineskin-hash-rust (reference
 * mineskin-api.md §2.3), so the texture hash matches what MineSkin predicts; lower depths scale to
 * 0–255 exactly (§13.12).
 * @module
 */
import { PngError } from './errors'
import { COLOR_TYPE } from './header'
import type { PngParts } from './inspect'

/** Writes the RGBA8 pixel at `out[o]` from sample reader `s` (channel k → raw sample value). */
export type PixelWriter = (out: Uint8Array, o: number, s: (k: number) => number) => void

/** Reads sample `index` of a row at the given bit depth (§7.2: big-endian, leftmost pixel in the high bits). */
export function sample(rows: Uint8Array, rowStart: number, index: number, depth: number): number {
  if (depth === 8) return rows[rowStart + index]!
  if (depth === 16) return (rows[rowStart + index * 2]! << 8) | rows[rowStart + index * 2 + 1]!
  const bit = index * depth
  const byte = rows[rowStart + (bit >> 3)]!
  return (byte >> (8 - depth - (bit & 7))) & ((1 << depth) - 1)
}

/** Builds the sample → RGBA8 conversion for the header's colour type. */
export function pixelWriter(parts: PngParts): PixelWriter {
  const { header: h, palette, transparency: t } = parts
  const depth = h.bitDepth
  const to8 = depth === 16 ? (v: number) => v >> 8 : (v: number) => (v * 255) / ((1 << depth) - 1)
  switch (h.colorType) {
    case COLOR_TYPE.grey: {
      const key = t && t.length >= 2 ? (t[0]! << 8) | t[1]! : -1
      return (out, o, s) => {
        const v = s(0)
        const g = to8(v)
        out[o] = g; out[o + 1] = g; out[o + 2] = g; out[o + 3] = v === key ? 0 : 255
      }
    }
    case COLOR_TYPE.rgb: {
      const key = t && t.length >= 6 ? [(t[0]! << 8) | t[1]!, (t[2]! << 8) | t[3]!, (t[4]! << 8) | t[5]!] : null
      return (out, o, s) => {
        const r = s(0), g = s(1), b = s(2)
        out[o] = to8(r); out[o + 1] = to8(g); out[o + 2] = to8(b)
        out[o + 3] = key && r === key[0] && g === key[1] && b === key[2] ? 0 : 255
      }
    }
    case COLOR_TYPE.palette: {
      const entries = palette!.length / 3
      return (out, o, s) => {
        const i = s(0)
        if (i >= entries) throw new PngError('data', `palette index ${i} is outside the ${entries}-colour palette`)
        out[o] = palette![i * 3]!; out[o + 1] = palette![i * 3 + 1]!; out[o + 2] = palette![i * 3 + 2]!
        out[o + 3] = t && i < t.length ? t[i]! : 255
      }
    }
    case COLOR_TYPE.greyAlpha:
      return (out, o, s) => {
        const g = to8(s(0))
        out[o] = g; out[o + 1] = g; out[o + 2] = g; out[o + 3] = to8(s(1))
      }
    default:
      return (out, o, s) => {
        out[o] = to8(s(0)); out[o + 1] = to8(s(1)); out[o + 2] = to8(s(2)); out[o + 3] = to8(s(3))
      }
  }
}
