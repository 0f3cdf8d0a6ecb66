/**
 * The `head` view: an isometric head, top, front and the player's right side visible, the hat
 * drawn as the game draws it — a box inflated by half a texel on every side (9/8 of the head, as
 * Crafatar and Minotar do) and not back-face culled, so through holes in the hat one sees its
 * inside faces, just as in the game (the outer layer is drawn translucent, without culling).
 *
 * Projection (orthographic, "2:1 pixel-art isometric"): world axes in texels, x towards the
 * player's left, y up, z towards the player's front; the camera is turned 45° (front and the
 * player's right side visible) and tilted 30° down. A point maps to screen pixels as
 *   sx = cx + s·(x + z),  sy = cy + s·(z − x)/2 − s·√1.5·y
 * so a texel along a horizontal edge spans exactly `scale` pixels across and half that down
 * (edges slope 1:2), and a vertical texel spans s·√1.5 ≈ 1.22·s pixels (the two screen rows of
 * the projection are orthogonal and of equal length, i.e. a true orthographic view). The
 * canvas is the bounding box of the hat box, 18·s × ⌈9·s·(1 + √1.5)⌉, also without overlay,
 * so a head's size never depends on its options. No shading: colours stay the texture's.
 * @module
 */
import type { DrawMode } from './compose'
import { drawQuad, type ScreenQuad } from './draw-quad'
import { createImage, type RgbaImage } from './image'
import { viewOptions, type ViewOptions } from './render-options'
import { faceRect, skinParts, type BoxFace, type SkinPart } from './skin-model'

const HEAD = skinParts(false).head
/** Vertical screen length of one texel, in units of `scale` (tilt 30°: √(3/2)). */
export const HEAD_VERTICAL = Math.sqrt(1.5)
/** Half the edge of the hat box: 4 texels of head plus the game's 0.5 inflation. */
const HAT_HALF = 4.5

/** Output size of the head view at `scale`. */
export function headSize(scale: number): { width: number; height: number } {
  return { width: 18 * scale, height: Math.ceil(2 * HAT_HALF * scale * (1 + HEAD_VERTICAL) - 1e-9) }
}

const EDGE_GROW = 1e-9

type Vec3 = readonly [number, number, number]

/** Corner of texel (0,0) and the full u and v edges of each face of a box centred on the origin. */
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

/** Faces turned towards the camera, and those turned away (seen only from inside the hat). */
const FRONT_FACES: readonly BoxFace[] = ['top', 'right', 'front']
const BACK_FACES: readonly BoxFace[] = ['bottom', 'left', 'back']

function project(scale: number, cx: number, cy: number, half: number, part: SkinPart, layer: 'base' | 'overlay', face: BoxFace): ScreenQuad {
  const { o, u, v } = faceFrame(face, half)
  const vert = scale * HEAD_VERTICAL
  const dx = (p: Vec3): number => scale * (p[0] + p[2])
  const dy = (p: Vec3): number => (scale * (p[2] - p[0])) / 2 - vert * p[1]
  return { ox: cx + dx(o), oy: cy + dy(o), ux: dx(u), uy: dy(u), vx: dx(v), vy: dy(v), rect: faceRect(part, layer, face) }
}

/** Renders the isometric head at 18·scale × ⌈20.02·scale⌉ pixels (see the module comment for the projection). */
export function renderHead(skin: RgbaImage, options: Partial<ViewOptions> = {}): RgbaImage {
  const { scale, overlay } = viewOptions(options)
  const { width, height } = headSize(scale)
  const out = createImage(width, height)
  const cx = HAT_HALF * 2 * scale
  const cy = HAT_HALF * scale * (1 + HEAD_VERTICAL)
  const draw = (half: number, layer: 'base' | 'overlay', faces: readonly BoxFace[], mode: DrawMode, grow: number): void => {
    for (const face of faces) drawQuad(out, skin, project(scale, cx, cy, half, HEAD, layer, face), mode, grow)
  }
  // Faces overlap by a hair so rounding can never open a crack along a shared edge.
  if (overlay) draw(HAT_HALF, 'overlay', BACK_FACES, 'over', EDGE_GROW)
  draw(4, 'base', FRONT_FACES, 'copy', EDGE_GROW)
  if (overlay) draw(HAT_HALF, 'overlay', FRONT_FACES, 'over', EDGE_GROW)
  return out
}
