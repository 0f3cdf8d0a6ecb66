/**
 * Test helpers: read pixels of a render and PNG bytes back with fast-png (an independent decoder).
 * @module
 */
import { decode } from 'fast-png'
import type { RgbaImage } from '../image'
import { pixelAt } from '../image'
import type { Rgba } from './synthetic-skin'

/** The pixel at (x, y), floored, as `[r, g, b, a]`. */
export function px(image: RgbaImage, x: number, y: number): Rgba {
  return pixelAt(image, Math.floor(x), Math.floor(y))
}

/** Every pixel of the `scale`×`scale` block of texel (tx, ty) of a flat render, as `[r,g,b,a]`. */
export function texelBlock(image: RgbaImage, scale: number, tx: number, ty: number): Rgba[] {
  const out: Rgba[] = []
  for (let y = ty * scale; y < (ty + 1) * scale; y++) {
    for (let x = tx * scale; x < (tx + 1) * scale; x++) out.push(pixelAt(image, x, y))
  }
  return out
}

/** Distinct RGBA values of an image (transparent pixels all count as one). */
export function colourSet(image: RgbaImage): Set<string> {
  const set = new Set<string>()
  for (let i = 0; i < image.rgba.length; i += 4) {
    const a = image.rgba[i + 3] ?? 0
    set.add(a === 0 ? '0,0,0,0' : Array.from(image.rgba.subarray(i, i + 4)).join(','))
  }
  return set
}

/** Decodes PNG bytes to RGBA8 with fast-png (expects 8-bit RGBA or indexed output). */
export function decodeForTest(png: Uint8Array): RgbaImage {
  const d = decode(png, { checkCrc: true })
  const n = d.width * d.height
  const rgba = new Uint8Array(n * 4)
  for (let i = 0; i < n; i++) {
    if (d.palette) {
      const entry = d.palette[d.data[i] ?? 0] ?? []
      rgba.set([entry[0] ?? 0, entry[1] ?? 0, entry[2] ?? 0, entry[3] ?? 255], i * 4)
    } else {
      for (let c = 0; c < 4; c++) rgba[i * 4 + c] = c < d.channels ? (d.data[i * d.channels + c] ?? 0) : 255
    }
  }
  return { width: d.width, height: d.height, rgba }
}
