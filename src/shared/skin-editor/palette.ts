/**
 * The skin's own palette: the colours already on it, so a player can keep to them.
 * @module
 */
import { forEachInRect } from './layout'
import { alphaOf, getTexel, SIZE, type Color, type SkinTexture } from './texture'

/** Distinct fully opaque colours of the texture, most used first (ties: first in reading order), at most `max`. */
export function skinPalette(t: SkinTexture, max = 32): Color[] {
  const counts = new Map<Color, number>()
  forEachInRect({ x: 0, y: 0, w: SIZE, h: SIZE }, (x, y) => {
    const c = getTexel(t, x, y)
    if (alphaOf(c) === 255) counts.set(c, (counts.get(c) ?? 0) + 1)
  })
  // Map keeps insertion order and Array.prototype.sort is stable, so ties stay in reading order.
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, max).map(([c]) => c)
}
