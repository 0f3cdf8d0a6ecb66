/**
 * Lightness changes for the shade and noise tools. They work in HSL so lightening keeps the hue
 * (a darker red stays red instead of drifting to brown, as an RGB multiply would).
 * @module
 */
import { alphaOf, packColor, type Color } from './texture'

/** `c` with its HSL lightness moved by `delta` (−1…1, clamped), hue, saturation and alpha kept. */
export function shiftLightness(c: Color, delta: number): Color {
  const r = (c >>> 24) / 255
  const g = ((c >>> 16) & 0xff) / 255
  const b = ((c >>> 8) & 0xff) / 255
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const chroma = max - min
  const s = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * l - 1))
  let h = 0
  if (chroma !== 0) {
    if (max === r) h = ((g - b) / chroma + 6) % 6
    else if (max === g) h = (b - r) / chroma + 2
    else h = (r - g) / chroma + 4
  }
  const l2 = Math.min(1, Math.max(0, l + delta))
  const c2 = (1 - Math.abs(2 * l2 - 1)) * s
  const x = c2 * (1 - Math.abs((h % 2) - 1))
  const m = l2 - c2 / 2
  const [r1, g1, b1] = h < 1 ? [c2, x, 0] : h < 2 ? [x, c2, 0] : h < 3 ? [0, c2, x] : h < 4 ? [0, x, c2] : h < 5 ? [x, 0, c2] : [c2, 0, x]
  const to255 = (v: number): number => Math.round((v + m) * 255)
  return packColor(to255(r1), to255(g1), to255(b1), alphaOf(c))
}
