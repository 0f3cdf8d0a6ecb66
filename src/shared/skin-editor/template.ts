/**
 * Blank starting skins: plain neutral colours per part so every face is visible on the model, and no
 * Mojang artwork (the Steve/Alex textures are Mojang's; the editor must not ship them).
 * @module
 */
import type { PartName } from '../skin/skin-model'
import { faceRects, fillRect } from './layout'
import { createTexture, packColor, type Color, type Model, type SkinTexture } from './texture'

/**
 * Base-layer colour of each part: skin-toned head and bare arms, a shirt on the body, trousers on the
 * legs — arms unlike the body, so the model's parts stand apart from the first look.
 */
const PART_COLORS: Readonly<Record<PartName, Color>> = {
  head: packColor(0xc6, 0x9a, 0x7b),
  body: packColor(0x4a, 0x7f, 0xb5),
  rightArm: packColor(0xc6, 0x9a, 0x7b),
  leftArm: packColor(0xc6, 0x9a, 0x7b),
  rightLeg: packColor(0x3b, 0x3f, 0x5c),
  leftLeg: packColor(0x3b, 0x3f, 0x5c),
}

/** The face is a touch lighter than the rest of the head, so the model shows which way it looks. */
const FACE_COLOR: Color = packColor(0xd2, 0xa8, 0x8a)

/** A plain skin for `model`: base layer coloured per part, overlay and unused texels transparent. */
export function blankTemplate(model: Model): SkinTexture {
  const t = createTexture()
  for (const { part, layer, face, rect } of faceRects(model)) {
    if (layer !== 'base') continue
    const color = part === 'head' && face === 'front' ? FACE_COLOR : PART_COLORS[part]
    fillRect(t, rect, color)
  }
  return t
}
