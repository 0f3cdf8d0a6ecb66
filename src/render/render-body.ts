/**
 * The `body` view: the whole player seen from the front, flat, every overlay layer on top.
 * Layout in texels (classic): a 16x32 canvas, head (4,0), body (4,8), the player's right arm on
 * the viewer's left at (0,8), left arm (12,8), right leg (4,20), left leg (8,20). Slim arms are
 * 3 wide and, as in the game's slim model (3-wide arm boxes that still touch the body), sit at
 * (1,8) and (12,8), leaving the outer columns empty; the canvas stays 16x32. The game also hangs
 * slim arms half a texel lower (pivot y 2.5 instead of 2); like every peer renderer we keep them
 * level with the shoulders so the render stays on the texel grid.
 * @module
 */
import { drawRectScaled } from './compose'
import { createImage, type RgbaImage } from './image'
import { viewOptions, type ViewOptions } from './render-options'
import { faceRect, skinParts, type PartName } from '../shared/skin/skin-model'

/** Width and height of the body view in texels. */
export const BODY_TEXELS = { width: 16, height: 32 } as const

/** Top-left texel of each part's front face on the canvas. */
function partPositions(armWidth: number): Record<PartName, readonly [number, number]> {
  return {
    head: [4, 0],
    body: [4, 8],
    rightArm: [4 - armWidth, 8],
    leftArm: [12, 8],
    rightLeg: [4, 20],
    leftLeg: [8, 20],
  }
}

const DRAW_ORDER: readonly PartName[] = ['head', 'body', 'rightArm', 'leftArm', 'rightLeg', 'leftLeg']

/** Renders the front view at 16·scale × 32·scale pixels (classic or slim arms). */
export function renderBody(skin: RgbaImage, options: Partial<ViewOptions> = {}): RgbaImage {
  const { scale, overlay, slim } = viewOptions(options)
  const parts = skinParts(slim)
  const positions = partPositions(parts.rightArm.w)
  const out = createImage(BODY_TEXELS.width * scale, BODY_TEXELS.height * scale)
  for (const layer of overlay ? (['base', 'overlay'] as const) : (['base'] as const)) {
    for (const name of DRAW_ORDER) {
      const [x, y] = positions[name]
      const mode = layer === 'base' ? 'copy' : 'over'
      drawRectScaled(out, skin, faceRect(parts[name], layer, 'front'), x * scale, y * scale, scale, mode)
    }
  }
  return out
}
