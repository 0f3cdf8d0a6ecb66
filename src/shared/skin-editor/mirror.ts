/**
 * Left↔right mirroring across the player's vertical centre plane, with Minecraft's convention (the
 * one the game uses to build a legacy skin's left limbs, src/shared/skin/legacy-layout.ts): the
 * mirrored texel is on the other-side part (or the same part for head and body), on the same face
 * except that the right and left faces swap, in the same layer, with its column reversed.
 * @module
 */
import type { BoxFace, PartName } from '../skin/skin-model'
import { placeOf, rectOf } from './layout'
import type { Model } from './texture'

const MIRROR_PART: Readonly<Record<PartName, PartName>> = {
  head: 'head',
  body: 'body',
  rightArm: 'leftArm',
  leftArm: 'rightArm',
  rightLeg: 'leftLeg',
  leftLeg: 'rightLeg',
}

const MIRROR_FACE: Readonly<Record<BoxFace, BoxFace>> = {
  top: 'top',
  bottom: 'bottom',
  front: 'front',
  back: 'back',
  right: 'left',
  left: 'right',
}

/**
 * The texel mirrored across the player's vertical centre plane: head/body map onto themselves
 * (front/back/top/bottom flipped horizontally, right face ↔ left face), right arm ↔ left arm,
 * right leg ↔ left leg (same faces swapped the same way). null for unused texels. Works for slim
 * too, since both slim arms are 3 texels wide. Mirroring twice gives the texel back.
 */
export function mirrorTexel(x: number, y: number, model: Model): [number, number] | null {
  const place = placeOf(x, y, model)
  if (!place) return null
  const rect = rectOf(model, MIRROR_PART[place.part], place.layer, MIRROR_FACE[place.face])
  return [rect.x + rect.w - 1 - place.u, rect.y + place.v]
}
