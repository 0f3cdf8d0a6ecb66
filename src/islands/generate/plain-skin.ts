/**
 * The skin the cape preview puts on the player when the visitor has no file of their own: the
 * editor's blank starting skin (src/shared/skin-editor/template.ts) — plain colours per part, no
 * Mojang artwork (Steve and Alex are Mojang's) — drawn in the browser, so nothing is fetched for it.
 * @module
 */
import { blankTemplate } from '../../shared/skin-editor/template'
import { SIZE, type Model } from '../../shared/skin-editor/texture'

/** A PNG data URL of the plain skin for `model` (CSP img-src allows `data:`, src/server/middleware/security-headers.ts). */
export function plainSkinUrl(model: Model): string {
  const canvas = document.createElement('canvas')
  canvas.width = SIZE
  canvas.height = SIZE
  // createTexture() allocates a plain ArrayBuffer; the type only says "any buffer".
  const rgba = blankTemplate(model).rgba as Uint8ClampedArray<ArrayBuffer>
  canvas.getContext('2d')?.putImageData(new ImageData(rgba, SIZE, SIZE), 0, 0)
  return canvas.toDataURL('image/png')
}
