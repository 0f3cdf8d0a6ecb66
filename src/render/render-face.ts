/**
 * The `face` view: the 8x8 front of the head with the hat front on top, flat (like Crafatar avatars).
 * @module
 */
import { drawRectScaled } from './compose'
import { createImage, type RgbaImage } from './image'
import { viewOptions, type ViewOptions } from './render-options'
import { faceRect, skinParts } from '../shared/skin/skin-model'

const HEAD = skinParts(false).head

/** Renders the face (head front + hat front) at 8·scale × 8·scale pixels. */
export function renderFace(skin: RgbaImage, options: Partial<ViewOptions> = {}): RgbaImage {
  const { scale, overlay } = viewOptions(options)
  const out = createImage(8 * scale, 8 * scale)
  drawRectScaled(out, skin, faceRect(HEAD, 'base', 'front'), 0, 0, scale, 'copy')
  if (overlay) drawRectScaled(out, skin, faceRect(HEAD, 'overlay', 'front'), 0, 0, scale, 'over')
  return out
}
