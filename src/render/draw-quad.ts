/**
 * Draws one textured box face after projection: a parallelogram on screen, filled by inverse
 * mapping each pixel centre back to the face and taking the texel under it (nearest-neighbour;
 * edges are not anti-aliased, so every pixel is one texel or one texel composited on another).
 * @module
 */
import { putTexel, type DrawMode } from './compose'
import type { RgbaImage } from './image'
import type { TextureRect } from './skin-model'

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
  const xs = [ox, ox + ux, ox + vx, ox + ux + vx]
  const ys = [oy, oy + uy, oy + vy, oy + uy + vy]
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 1)
  const x1 = Math.min(dst.width, Math.ceil(Math.max(...xs)) + 1)
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - 1)
  const y1 = Math.min(dst.height, Math.ceil(Math.max(...ys)) + 1)
  // (a, b) = M⁻¹ · (p − o) with M = [u v]; stepping one pixel right adds (vy, −uy) / det.
  const daDx = vy / det
  const dbDx = -uy / det
  const lo = -grow
  const hi = 1 + grow
  const out = dst.rgba
  const src = skin.rgba
  for (let y = y0; y < y1; y++) {
    const py = y + 0.5 - oy
    const px0 = x0 + 0.5 - ox
    let a = (px0 * vy - vx * py) / det
    let b = (ux * py - uy * px0) / det
    for (let x = x0; x < x1; x++, a += daDx, b += dbDx) {
      if (a < lo || a >= hi || b < lo || b >= hi) continue
      const tx = Math.min(rect.w - 1, Math.max(0, Math.floor(a * rect.w)))
      const ty = Math.min(rect.h - 1, Math.max(0, Math.floor(b * rect.h)))
      putTexel(out, (y * dst.width + x) * 4, src, ((rect.y + ty) * skin.width + rect.x + tx) * 4, mode)
    }
  }
}
