/**
 * A draft's thumbnail: the player seen from the front (head, body, arms, legs; base then overlay) as a
 * 16×32 PNG data URL — a few hundred bytes in the draft store, drawn enlarged with `pixelated`.
 * @module
 */
import { rectOf } from '../../shared/skin-editor/layout'
import type { Model } from '../../shared/skin-editor/texture'
import type { PartName, TextureRect } from '../../shared/skin/skin-model'

/** Width and height of the thumbnail in pixels. */
export const THUMBNAIL_SIZE = { width: 16, height: 32 } as const

/** One piece of the figure: which front face goes where. */
export interface FigurePiece {
  from: TextureRect
  to: { x: number; y: number }
}

/** Where each part's front face sits in the figure (the player's right arm is on the viewer's left). */
export function frontFigure(model: Model): FigurePiece[] {
  const arm = model === 'slim' ? 3 : 4
  const spots: [PartName, number, number][] = [
    ['head', 4, 0],
    ['body', 4, 8],
    ['rightArm', 4 - arm, 8],
    ['leftArm', 12, 8],
    ['rightLeg', 4, 20],
    ['leftLeg', 8, 20],
  ]
  const pieces: FigurePiece[] = []
  for (const layer of ['base', 'overlay'] as const) {
    for (const [part, x, y] of spots) pieces.push({ from: rectOf(model, part, layer, 'front'), to: { x, y } })
  }
  return pieces
}

/** The thumbnail of the texture drawn in `source` (a 64×64 canvas), as a PNG data URL. */
export function thumbnailDataUrl(source: HTMLCanvasElement, model: Model): string {
  const canvas = document.createElement('canvas')
  canvas.width = THUMBNAIL_SIZE.width
  canvas.height = THUMBNAIL_SIZE.height
  const ctx = canvas.getContext('2d')
  if (!ctx) return ''
  ctx.imageSmoothingEnabled = false
  for (const { from, to } of frontFigure(model)) ctx.drawImage(source, from.x, from.y, from.w, from.h, to.x, to.y, from.w, from.h)
  return canvas.toDataURL('image/png')
}
