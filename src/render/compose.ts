/**
 * Pixel compositing shared by every view: base layers are copied (they are opaque after the
 * vanilla alpha rules), overlay layers are drawn source-over with straight alpha, because the
 * game draws the outer layer translucent (`entityTranslucent`), so half-transparent hats blend.
 * @module
 */
import type { RgbaImage } from './image'
import type { TextureRect } from './skin-model'

/** How a source texel lands on the destination: `copy` replaces, `over` is source-over blending. */
export type DrawMode = 'copy' | 'over'

/** Writes the texel at byte offset `s` of `src` onto byte offset `d` of `dst` with `mode`. */
export function putTexel(dst: Uint8Array, d: number, src: Uint8Array, s: number, mode: DrawMode): void {
  const sa = src[s + 3] ?? 0
  if (mode === 'copy' || sa === 255) {
    dst[d] = src[s] ?? 0
    dst[d + 1] = src[s + 1] ?? 0
    dst[d + 2] = src[s + 2] ?? 0
    dst[d + 3] = mode === 'copy' ? sa : 255
    return
  }
  if (sa === 0) return
  const da = dst[d + 3] ?? 0
  // Straight-alpha source-over (Porter–Duff): outA = sa + da(1 − sa), outC = (sc·sa + dc·da(1 − sa)) / outA.
  const dw = (da * (255 - sa)) / 255
  const outA = sa + dw
  dst[d] = Math.round(((src[s] ?? 0) * sa + (dst[d] ?? 0) * dw) / outA)
  dst[d + 1] = Math.round(((src[s + 1] ?? 0) * sa + (dst[d + 1] ?? 0) * dw) / outA)
  dst[d + 2] = Math.round(((src[s + 2] ?? 0) * sa + (dst[d + 2] ?? 0) * dw) / outA)
  dst[d + 3] = Math.round(outA)
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
  const out = dst.rgba
  const src = skin.rgba
  for (let ty = 0; ty < rect.h; ty++) {
    for (let tx = 0; tx < rect.w; tx++) {
      const s = ((rect.y + ty) * skin.width + rect.x + tx) * 4
      if (mode === 'over' && src[s + 3] === 0) continue
      const x0 = dx + tx * scale
      for (let y = dy + ty * scale, yEnd = y + scale; y < yEnd; y++) {
        let d = (y * dst.width + x0) * 4
        for (let i = 0; i < scale; i++, d += 4) putTexel(out, d, src, s, mode)
      }
    }
  }
}
