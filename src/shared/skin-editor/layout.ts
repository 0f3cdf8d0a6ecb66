/**
 * Where every texel of the texture belongs: which part, layer and face, and its column/row within
 * that face. Built once per model from the one layout table (src/shared/skin/skin-model.ts) so the
 * editor, the renderer and the 3D view agree on every texel.
 * @module
 */
import { BOX_FACES, faceRect, skinParts, type BoxFace, type PartName, type TextureRect } from '../skin/skin-model'
import { setTexel, SIZE, type Color, type Layer, type Model, type SkinTexture } from './texture'

/** One face of one part's layer and its texture rect. */
export interface FaceRect {
  part: PartName
  layer: Layer
  face: BoxFace
  rect: TextureRect
}

/** Where one texel sits on the model. */
export interface TexelPlace {
  part: PartName
  layer: Layer
  face: BoxFace
  /** column within the face (0 at the rect's left edge) */
  u: number
  /** row within the face (0 at the rect's top edge) */
  v: number
  rect: TextureRect
}

/** The six parts in the order the 2D view labels them. */
export const PART_NAMES: readonly PartName[] = ['head', 'body', 'rightArm', 'leftArm', 'rightLeg', 'leftLeg']

const LAYERS: readonly Layer[] = ['base', 'overlay']

interface ModelLayout {
  faces: readonly FaceRect[]
  /** index into `faces` per texel, -1 for unused texels */
  owner: Int16Array
}

const layouts = new Map<Model, ModelLayout>()

function layoutOf(model: Model): ModelLayout {
  const cached = layouts.get(model)
  if (cached) return cached
  const parts = skinParts(model === 'slim')
  const faces: FaceRect[] = []
  const owner = new Int16Array(SIZE * SIZE).fill(-1)
  for (const part of PART_NAMES) {
    for (const layer of LAYERS) {
      for (const face of BOX_FACES) {
        const rect = faceRect(parts[part], layer, face)
        for (let y = rect.y; y < rect.y + rect.h; y++) owner.fill(faces.length, y * SIZE + rect.x, y * SIZE + rect.x + rect.w)
        faces.push({ part, layer, face, rect })
      }
    }
  }
  const layout = { faces, owner }
  layouts.set(model, layout)
  return layout
}

/** Every face rect of the model with its part, layer and face (for the 2D view's labels/grid and for fills). */
export function faceRects(model: Model): readonly FaceRect[] {
  return layoutOf(model).faces
}

/** Which part/layer/face texel (x,y) belongs to for `model`; null for unused texels and outside the texture. */
export function placeOf(x: number, y: number, model: Model): TexelPlace | null {
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= SIZE || y >= SIZE) return null
  const { faces, owner } = layoutOf(model)
  const face = faces[owner[y * SIZE + x] ?? -1]
  if (!face) return null
  return { part: face.part, layer: face.layer, face: face.face, u: x - face.rect.x, v: y - face.rect.y, rect: face.rect }
}

/** The rect of one face of one part's layer for `model`. */
export function rectOf(model: Model, part: PartName, layer: Layer, face: BoxFace): TextureRect {
  return faceRect(skinParts(model === 'slim')[part], layer, face)
}

/** Calls `visit` for every texel of `rect`, row by row. */
export function forEachInRect(rect: TextureRect, visit: (x: number, y: number) => void): void {
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) visit(x, y)
  }
}

/** Sets every texel of `rect` to `c` (templates, clearing areas; not for undoable edits). */
export function fillRect(t: SkinTexture, rect: TextureRect, c: Color): void {
  forEachInRect(rect, (x, y) => setTexel(t, x, y, c))
}
