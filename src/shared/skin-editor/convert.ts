/**
 * Layout conversions: a legacy 64x32 skin to 64x64, and the arms between the classic (4 texels
 * wide) and slim (3 wide) layouts. Also re-exports model inference and the blank templates, which
 * belong to the same "what layout is this texture in" question.
 * @module
 */
import type { BoxFace, PartName } from '../skin/skin-model'
import { expandLegacyRgba } from '../skin/legacy-layout'
import { faceRects, fillRect, rectOf } from './layout'
import { cloneTexture, createTexture, getTexel, setTexel, SIZE, TRANSPARENT, type Model, type SkinTexture } from './texture'

export { inferModel } from './infer-model'
export { blankTemplate } from './template'

/** Bytes of a legacy 64x32 RGBA texture. */
const LEGACY_BYTES = SIZE * 32 * 4

/**
 * 64×32 legacy RGBA (64*32*4 bytes) → 64×64 as the game lays it out: the top half unchanged, the left
 * arm and left leg as horizontally mirrored copies of the right ones (outer and inner sides swap),
 * the new overlay areas (jacket, sleeves, trousers) transparent.
 */
export function expandLegacy(rgba32: Uint8Array | Uint8ClampedArray): SkinTexture {
  if (rgba32.length !== LEGACY_BYTES) throw new RangeError(`a legacy skin has ${LEGACY_BYTES} bytes, got ${rgba32.length}`)
  const out = createTexture()
  expandLegacyRgba(rgba32, out.rgba)
  return out
}

const ARMS: readonly PartName[] = ['rightArm', 'leftArm']

/**
 * True when column 0 of an arm face (top, bottom, front, back) is the arm's outer edge, the one away
 * from the body. Seen from the front the player's right arm is on the viewer's left, so its front,
 * top and bottom start at the outer edge and its back ends there; the left arm is the mirror image.
 */
function outerEdgeFirst(part: PartName, face: BoxFace): boolean {
  return (part === 'rightArm') === (face !== 'back')
}

/** The source column that dest column `du` takes when a face changes from `srcW` to `dstW` columns. */
function sourceColumn(du: number, srcW: number, dstW: number, outerFirst: boolean): number {
  if (srcW === dstW) return du
  return outerFirst ? Math.max(0, du + srcW - dstW) : Math.min(du, srcW - 1)
}

/**
 * Moves every arm face's pixels between the 4-px and 3-px layouts (both layers, both arms); returns
 * a new texture. The game's slim arm stays against the shoulder and loses its outer column, so
 * classic→slim drops, on the front, back, top and bottom of each arm, the column at the arm's outer
 * edge (away from the body); the two side faces keep all four columns and move with the faces after
 * them. slim→classic widens those faces by repeating their outer edge column. Hence
 * classic→slim→classic keeps every pixel except the dropped column, which becomes a copy of its
 * neighbour. Texels outside the arms are untouched; arm texels the new layout no longer uses become
 * transparent.
 */
export function convertModel(t: SkinTexture, from: Model, to: Model): SkinTexture {
  const out = cloneTexture(t)
  if (from === to) return out
  const arms = faceRects(from).filter((f) => ARMS.includes(f.part))
  for (const { rect } of arms) fillRect(out, rect, TRANSPARENT)
  for (const { part, layer, face, rect: src } of arms) {
    const dst = rectOf(to, part, layer, face)
    const outerFirst = outerEdgeFirst(part, face)
    for (let du = 0; du < dst.w; du++) {
      const su = sourceColumn(du, src.w, dst.w, outerFirst)
      for (let v = 0; v < dst.h; v++) setTexel(out, dst.x + du, dst.y + v, getTexel(t, src.x + su, src.y + v))
    }
  }
  return out
}
