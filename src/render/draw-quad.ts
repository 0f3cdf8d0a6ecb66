/**
 * Draws one textured box face after projection: a parallelogram on screen, filled by inverse
 * mapping each pixel centre back to the face and taking the texel under it (nearest-neighbour;
 * edges are not anti-aliased, so every pixel is one texel or one texel composited on another).
 * @module
 */
import { blendPixel, pixelWords, type DrawMode } from './compose'
import type { RgbaImage } from './image'
import type { TextureRect } from '../shared/skin/skin-model'

/** A projected face: screen position of texel corner (0,0) and the screen vectors spanning the whole face along u and v. */
export interface ScreenQuad {
  ox: number
  oy: number
  ux: number
  uy: number
  vx: number
  vy: number
  rect: TextureRect
}

/**
 * Fills `quad` on `dst` with texels of `skin`. `grow` (in face fractions) widens the accepted
 * range so faces sharing an edge leave no crack where a pixel centre falls on the edge itself.
 */
export function drawQuad(dst: RgbaImage, skin: RgbaImage, quad: ScreenQuad, mode: DrawMode, grow = 0): void {
  const { ox, oy, ux, uy, vx, vy, rect } = quad
  const det = ux * vy - vx * uy
  if (Math.abs(det) < 1e-9) return
  const out = pixelWords(dst)
  const src = pixelWords(skin)
  const srcBytes = skin.rgba
  const width = dst.width
  const { x: rx, y: ry, w: tw, h: th } = rect
  const sw = skin.width
  const copy = mode === 'copy'
  const y0 = Math.max(0, Math.floor(Math.min(oy, oy + uy, oy + vy, oy + uy + vy)))
  const y1 = Math.min(dst.height, Math.ceil(Math.max(oy, oy + uy, oy + vy, oy + uy + vy)))
  // (a, b) = M⁻¹ · (p − o) with M = [u v]: both are linear in the pixel's x along a row.
  const daDx = vy / det
  const dbDx = -uy / det
  const lo = -grow
  const hi = 1 + grow
  for (let y = y0; y < y1; y++) {
    const py = y + 0.5 - oy
    // a and b at x = −0.5 − ox (pixel column "−1"), so column x has a = a0 + (x + 1)·daDx.
    const a0 = (-0.5 - ox) * daDx - (vx * py) / det
    const b0 = (-0.5 - ox) * dbDx + (ux * py) / det
    // Columns where lo ≤ a < hi and lo ≤ b < hi, widened by one and re-checked per pixel.
    const [aFrom, aTo] = columnRange(a0, daDx, lo, hi)
    const [bFrom, bTo] = columnRange(b0, dbDx, lo, hi)
    const xFrom = Math.max(0, aFrom, bFrom)
    const xTo = Math.min(width - 1, aTo, bTo)
    const rowStart = y * width
    for (let x = xFrom; x <= xTo; x++) {
      const a = a0 + (x + 1) * daDx
      const b = b0 + (x + 1) * dbDx
      if (a < lo || a >= hi || b < lo || b >= hi) continue
      // Truncation is flooring here: a and b are ≥ −grow, and the clamps absorb the edges.
      let tx = (a * tw) | 0
      let ty = (b * th) | 0
      tx = tx >= tw ? tw - 1 : tx
      ty = ty >= th ? th - 1 : ty
      const s = (ry + ty) * sw + rx + tx
      const word = src[s] as number
      if (copy) {
        out[rowStart + x] = word
        continue
      }
      const alpha = srcBytes[s * 4 + 3] as number
      if (alpha === 255) out[rowStart + x] = word
      else if (alpha !== 0) blendPixel(dst.rgba, rowStart + x, srcBytes, s)
    }
  }
}

/** Columns x (widened by one, re-checked per pixel) where lo ≤ v0 + (x + 1)·dv < hi. */
function columnRange(v0: number, dv: number, lo: number, hi: number): [number, number] {
  if (dv === 0) return v0 >= lo && v0 < hi ? [-Infinity, Infinity] : [1, 0]
  const t1 = (lo - v0) / dv - 1
  const t2 = (hi - v0) / dv - 1
  return [Math.floor(Math.min(t1, t2)), Math.ceil(Math.max(t1, t2))]
}
