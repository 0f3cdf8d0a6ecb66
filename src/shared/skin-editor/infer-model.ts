/**
 * Classic or slim from the pixels alone, with skinview-utils' `inferModelType` rule (the editor cannot
 * use that package: it needs a canvas). A slim skin leaves four areas of the classic arm layout unused.
 * @module
 */
import { getTexel, packColor, type Model, type SkinTexture } from './texture'

/** [x, y, w, h] of the classic arm texels a slim skin does not use: beside each arm's top/bottom and back. */
const SLIM_GAPS: readonly (readonly [number, number, number, number])[] = [
  [50, 16, 2, 4],
  [54, 20, 2, 12],
  [42, 48, 2, 4],
  [46, 52, 2, 12],
]

function texelsOf([x0, y0, w, h]: readonly [number, number, number, number], t: SkinTexture): number[] {
  const out: number[] = []
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) out.push(getTexel(t, x, y))
  return out
}

/**
 * Guess classic/slim from the pixels: slim when any texel of those gaps is not fully opaque (the
 * game draws base texels opaque, so a classic painter never leaves them see-through), or when all
 * of them are opaque black or all opaque white (what some editors fill unused space with).
 */
export function inferModel(t: SkinTexture): Model {
  const gaps = SLIM_GAPS.flatMap((gap) => texelsOf(gap, t))
  const black = packColor(0, 0, 0)
  const white = packColor(255, 255, 255)
  const slim = gaps.some((c) => (c & 0xff) !== 0xff) || gaps.every((c) => c === black) || gaps.every((c) => c === white)
  return slim ? 'slim' : 'classic'
}
