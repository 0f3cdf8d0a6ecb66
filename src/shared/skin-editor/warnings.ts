/**
 * What to tell the player before signing, where the game would show something they do not expect.
 * @module
 */
import { faceRects, forEachInRect, rectOf } from './layout'
import { alphaOf, getTexel, type Model, type SkinTexture } from './texture'

/** A surprise the game would show: see {@link signingWarnings}. */
export type EditorWarning = { code: 'transparent_base'; count: number } | { code: 'face_hidden'; coverage: number }

/** Share of the hat's front that, once opaque, hides the face. */
export const FACE_HIDDEN_SHARE = 0.9

/**
 * `transparent_base`: base-layer texels of used faces with alpha < 255 — the game forces base
 * layers opaque, so they show as their RGB, usually black. `face_hidden`: the share of the head
 * overlay's front face that is fully opaque, when it is at least 90 % (a hat that covers the face).
 */
export function signingWarnings(t: SkinTexture, model: Model): EditorWarning[] {
  const warnings: EditorWarning[] = []
  let count = 0
  for (const { layer, rect } of faceRects(model)) {
    if (layer !== 'base') continue
    forEachInRect(rect, (x, y) => {
      if (alphaOf(getTexel(t, x, y)) < 255) count++
    })
  }
  if (count > 0) warnings.push({ code: 'transparent_base', count })
  const front = rectOf(model, 'head', 'overlay', 'front')
  let opaque = 0
  forEachInRect(front, (x, y) => {
    if (alphaOf(getTexel(t, x, y)) === 255) opaque++
  })
  const coverage = opaque / (front.w * front.h)
  if (coverage >= FACE_HIDDEN_SHARE) warnings.push({ code: 'face_hidden', coverage })
  return warnings
}
