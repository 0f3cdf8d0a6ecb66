/**
 * The raster type every render function passes around: straight (non-premultiplied) RGBA8,
 * row-major, 4 bytes per pixel — the layout PNG colour type 6 stores (PNG spec §7.2).
 * @module
 */

/** A straight-alpha RGBA8 image, `rgba.length === width * height * 4`. */
export interface RgbaImage {
  width: number
  height: number
  rgba: Uint8Array
}

/** A fully transparent image of the given size. */
export function createImage(width: number, height: number): RgbaImage {
  return { width, height, rgba: new Uint8Array(width * height * 4) }
}

/** The pixel at (x, y) as `[r, g, b, a]`; used by tests and tools, not by hot loops. */
export function pixelAt(image: RgbaImage, x: number, y: number): [number, number, number, number] {
  const i = (y * image.width + x) * 4
  const p = image.rgba
  return [p[i] ?? 0, p[i + 1] ?? 0, p[i + 2] ?? 0, p[i + 3] ?? 0]
}
