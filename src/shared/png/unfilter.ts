/**
 * Reverses the per-row filters of one (reduced) image (PNG spec §9.2 "Filter types for filter method 0").
 * @module
 */
import { PngError } from './errors'

/** Paeth predictor (§9.4). */
export function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/**
 * Unfilters `height` rows of `rowBytes` bytes that start at `raw[at]`, each after its filter byte;
 * `bpp` is the bytes per complete pixel (at least 1). Returns the rows without filter bytes.
 */
export function unfilter(raw: Uint8Array, at: number, rowBytes: number, height: number, bpp: number): Uint8Array<ArrayBuffer> {
  const rows = new Uint8Array(rowBytes * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[at + y * (rowBytes + 1)]!
    const src = at + y * (rowBytes + 1) + 1
    const row = y * rowBytes
    const prev = row - rowBytes
    const up = (i: number) => (y > 0 ? rows[prev + i]! : 0)
    // One loop per filter type: the switch stays out of the per-byte path.
    switch (filter) {
      case 0:
        rows.set(raw.subarray(src, src + rowBytes), row)
        break
      case 1:
        for (let i = 0; i < rowBytes; i++) rows[row + i] = raw[src + i]! + (i >= bpp ? rows[row + i - bpp]! : 0)
        break
      case 2:
        for (let i = 0; i < rowBytes; i++) rows[row + i] = raw[src + i]! + up(i)
        break
      case 3:
        for (let i = 0; i < rowBytes; i++) rows[row + i] = raw[src + i]! + (((i >= bpp ? rows[row + i - bpp]! : 0) + up(i)) >> 1)
        break
      case 4:
        for (let i = 0; i < rowBytes; i++) {
          const a = i >= bpp ? rows[row + i - bpp]! : 0
          const c = i >= bpp ? up(i - bpp) : 0
          rows[row + i] = raw[src + i]! + paeth(a, up(i), c)
        }
        break
      default:
        throw new PngError('data', `row ${y} uses unknown filter type ${filter}`)
    }
  }
  return rows
}
