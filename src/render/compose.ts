/**
 * Pixel compositing shared by every view: base layers are copied (they are opaque after the
 * vanilla alpha rules), overlay layers are drawn source-over with straight alpha, because the
 * game draws the outer layer translucent (`entityTranslucent`), so half-transparent hats blend.
 * Whole pixels move as one 32-bit word; only partly transparent texels are blended per channel.
 * @module
 */
import type { RgbaImage } from './image'
import type { TextureRect } from '../shared/skin/skin-model'

/** How a source texel lands on the destination: `copy` replaces, `over` is source-over blending. */
export type DrawMode = 'copy' | 'over'

/** The image's pixels as signed 32-bit words (one per pixel, byte order as stored; int32 keeps JIT-friendly small integers); an unaligned `rgba` is first replaced by an aligned copy. */
export function pixelWords(image: RgbaImage): Int32Array {
  const { rgba } = image
  if (rgba.byteOffset % 4 === 0) return new Int32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2)
  const copy = rgba.slice()
  image.rgba = copy
  return new Int32Array(copy.buffer, 0, copy.length >> 2)
}

/**
 * Source-over of pixel `s` of `src` onto pixel `d` of `dst` (pixel indices), straight alpha
 * (Porter–Duff): outA = sa + da(1 − sa), outC = (sc·sa + dc·da(1 − sa)) / outA. For 0 < sa < 255.
 */
export function blendPixel(dst: Uint8Array, d: number, src: Uint8Array, s: number): void {
  const so = s * 4
  const dO = d * 4
  const sa = src[so + 3] ?? 0
  const dw = ((dst[dO + 3] ?? 0) * (255 - sa)) / 255
  const outA = sa + dw
  dst[dO] = Math.round(((src[so] ?? 0) * sa + (dst[dO] ?? 0) * dw) / outA)
  dst[dO + 1] = Math.round(((src[so + 1] ?? 0) * sa + (dst[dO + 1] ?? 0) * dw) / outA)
  dst[dO + 2] = Math.round(((src[so + 2] ?? 0) * sa + (dst[dO + 2] ?? 0) * dw) / outA)
  dst[dO + 3] = Math.round(outA)
}

/**
 * Draws texture rect `rect` of `skin` onto `dst` with its top-left at (dx, dy), every texel a
 * `scale`×`scale` block (nearest-neighbour: no smoothing ever).
 */
export function drawRectScaled(
  dst: RgbaImage,
  skin: RgbaImage,
  rect: TextureRect,
  dx: number,
  dy: number,
  scale: number,
  mode: DrawMode,
): void {
  const out = pixelWords(dst)
  const src = pixelWords(skin)
  const srcBytes = skin.rgba
  for (let ty = 0; ty < rect.h; ty++) {
    for (let tx = 0; tx < rect.w; tx++) {
      const s = (rect.y + ty) * skin.width + rect.x + tx
      const alpha = srcBytes[s * 4 + 3] ?? 0
      if (mode === 'over' && alpha === 0) continue
      const opaque = mode === 'copy' || alpha === 255
      const x0 = dx + tx * scale
      for (let y = dy + ty * scale, yEnd = y + scale; y < yEnd; y++) {
        const d = y * dst.width + x0
        if (opaque) out.fill(src[s] ?? 0, d, d + scale)
        else for (let i = 0; i < scale; i++) blendPixel(dst.rgba, d + i, srcBytes, s)
      }
    }
  }
}
