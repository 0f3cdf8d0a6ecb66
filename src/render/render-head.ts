/**
 * The `head` view: an isometric head, top, front and the player's right side visible, the hat
 * drawn as the game draws it — a box inflated by half a texel on every side (9/8 of the head, as
 * Crafatar and Minotar do) and not back-face culled, so through holes in the hat one sees its
 * inside faces, just as in the game (the outer layer is drawn translucent, without culling).
 *
 * Projection (orthographic, "2:1 pixel-art isometric"): world axes in texels, x towards the
 * player's left, y up, z towards the player's front, origin at the head's centre; the camera is
 * turned 45° (front and the player's right side visible) and tilted 30° down. A point maps to
 * screen pixels as
 *   sx = 9·s + s·(x + z),  sy = 4.5·s·(1 + √1.5) + s·(z − x)/2 − s·√1.5·y
 * so a texel along a horizontal edge spans exactly `scale` pixels across and half that down
 * (edges slope 1:2), and a vertical texel spans s·√1.5 ≈ 1.22·s pixels (the two screen rows of
 * the projection are orthogonal and of equal length, i.e. a true orthographic view). The
 * canvas is the bounding box of the hat box, 18·s × ⌈9·s·(1 + √1.5)⌉, also without overlay,
 * so a head's size never depends on its options. No shading: colours stay the texture's.
 *
 * The geometry does not depend on the skin, so for each scale the faces are rasterised once into
 * per-pixel texel-index maps (painter's order: hat inside faces, head, hat outside faces); a
 * render is then one pass of lookups and compositing.
 * @module
 */
import { blendPixel, pixelWords } from './compose'
import { drawQuad, type ScreenQuad } from './draw-quad'
import { createImage, type RgbaImage } from './image'
import { viewOptions, type ViewOptions } from './render-options'
import { faceRect, skinParts, type BoxFace } from '../shared/skin/skin-model'

const HEAD = skinParts(false).head
/** Vertical screen length of one texel, in units of `scale` (tilt 30°: √(3/2)). */
const VERTICAL = Math.sqrt(1.5)
/** Half the edge of the head box and of the hat box (the game inflates the hat by 0.5). */
const HEAD_HALF = 4
const HAT_HALF = 4.5
/** Faces overlap by a hair so rounding can never open a crack along a shared edge. */
const EDGE_GROW = 1e-9
/** Faces turned towards the camera, and those turned away (seen only from inside the hat). */
const FRONT_FACES: readonly BoxFace[] = ['top', 'right', 'front']
const BACK_FACES: readonly BoxFace[] = ['bottom', 'left', 'back']

/** Output size of the head view at `scale`. */
export function headSize(scale: number): { width: number; height: number } {
  return { width: 4 * HAT_HALF * scale, height: Math.ceil(2 * HAT_HALF * scale * (1 + VERTICAL) - 1e-9) }
}

type Vec3 = readonly [number, number, number]

/** Corner of texel (0,0) and the full u and v edges of each face of a box centred on the origin (reference §2.1 face orientation). */
function faceFrame(face: BoxFace, half: number): { o: Vec3; u: Vec3; v: Vec3 } {
  const e = 2 * half
  switch (face) {
    case 'top':
      return { o: [-half, half, -half], u: [e, 0, 0], v: [0, 0, e] }
    case 'bottom':
      return { o: [-half, -half, -half], u: [e, 0, 0], v: [0, 0, e] }
    case 'right':
      return { o: [-half, half, -half], u: [0, 0, e], v: [0, -e, 0] }
    case 'front':
      return { o: [-half, half, half], u: [e, 0, 0], v: [0, -e, 0] }
    case 'left':
      return { o: [half, half, half], u: [0, 0, -e], v: [0, -e, 0] }
    case 'back':
      return { o: [half, half, -half], u: [-e, 0, 0], v: [0, -e, 0] }
  }
}

function project(scale: number, half: number, layer: 'base' | 'overlay', face: BoxFace): ScreenQuad {
  const { o, u, v } = faceFrame(face, half)
  const dx = (p: Vec3): number => scale * (p[0] + p[2])
  const dy = (p: Vec3): number => (scale * (p[2] - p[0])) / 2 - scale * VERTICAL * p[1]
  const cx = 2 * HAT_HALF * scale
  const cy = HAT_HALF * scale * (1 + VERTICAL)
  return { ox: cx + dx(o), oy: cy + dy(o), ux: dx(u), uy: dy(u), vx: dx(v), vy: dy(v), rect: faceRect(HEAD, layer, face) }
}

/** Per output pixel, the skin texel index (y·64 + x) each layer shows there, or −1. */
interface HeadLayout {
  width: number
  height: number
  hatInside: Int16Array
  head: Int16Array
  hatOutside: Int16Array
}

/** A 64x64 "skin" whose pixel words are texel index + 1, to rasterise indices instead of colours. */
const INDEX_SKIN: RgbaImage = (() => {
  const image = createImage(64, 64)
  const words = pixelWords(image)
  for (let i = 0; i < words.length; i++) words[i] = i + 1
  return image
})()

const layouts = new Map<number, HeadLayout>()

function headLayout(scale: number): HeadLayout {
  const cached = layouts.get(scale)
  if (cached) return cached
  const { width, height } = headSize(scale)
  const rasterise = (half: number, layer: 'base' | 'overlay', faces: readonly BoxFace[]): Int16Array => {
    const image = createImage(width, height)
    for (const face of faces) drawQuad(image, INDEX_SKIN, project(scale, half, layer, face), 'copy', EDGE_GROW)
    return Int16Array.from(pixelWords(image), (word) => word - 1)
  }
  const layout: HeadLayout = {
    width,
    height,
    hatInside: rasterise(HAT_HALF, 'overlay', BACK_FACES),
    head: rasterise(HEAD_HALF, 'base', FRONT_FACES),
    hatOutside: rasterise(HAT_HALF, 'overlay', FRONT_FACES),
  }
  layouts.set(scale, layout)
  return layout
}

/** Renders the isometric head at 18·scale × ⌈20.02·scale⌉ pixels (see the module comment for the projection). */
export function renderHead(skin: RgbaImage, options: Partial<ViewOptions> = {}): RgbaImage {
  const { scale, overlay } = viewOptions(options)
  const { width, height, hatInside, head, hatOutside } = headLayout(scale)
  const out = createImage(width, height)
  const words = pixelWords(out)
  const src = pixelWords(skin)
  const bytes = skin.rgba
  for (let i = 0; i < words.length; i++) {
    // Painter's order: hat inside faces, then the opaque head over them, then the hat.
    const h = head[i] as number
    if (h >= 0) {
      words[i] = src[h] as number
    } else if (overlay) {
      // Source-over onto a transparent pixel is the source itself.
      const inside = hatInside[i] as number
      if (inside >= 0 && bytes[inside * 4 + 3] !== 0) words[i] = src[inside] as number
    }
    if (!overlay) continue
    const hat = hatOutside[i] as number
    if (hat < 0) continue
    const alpha = bytes[hat * 4 + 3] as number
    if (alpha === 255) words[i] = src[hat] as number
    else if (alpha !== 0) blendPixel(out.rgba, i, bytes, hat)
  }
  return out
}
