/**
 * Where each part of the player model lives in the 64x64 texture (reference/skins-and-peers.md
 * §2.1): box sizes, base and overlay texture origins, and the UV rule shared by every box.
 * @module
 */

/** The six faces of a box, named from the player's point of view ("right" is the player's right). */
export type BoxFace = 'top' | 'bottom' | 'right' | 'front' | 'left' | 'back'

/** Every face of a box, in texture order. */
export const BOX_FACES: readonly BoxFace[] = ['top', 'bottom', 'right', 'front', 'left', 'back']

/** A rectangle of texels in the skin texture. */
export interface TextureRect {
  x: number
  y: number
  w: number
  h: number
}

/** A model part: its box size in texels and where its base and overlay layers start in the texture. */
export interface SkinPart {
  /** Width (x), height (y) and depth (z) of the box in texels. */
  w: number
  h: number
  d: number
  base: readonly [number, number]
  overlay: readonly [number, number]
}

/** Model parts the renderer draws; the arms are 3 texels wide on slim (Alex) skins. */
export type PartName = 'head' | 'body' | 'rightArm' | 'leftArm' | 'rightLeg' | 'leftLeg'

/** The six parts for a classic (`slim = false`) or slim model, as in the table of reference §2.1. */
export function skinParts(slim: boolean): Record<PartName, SkinPart> {
  const armWidth = slim ? 3 : 4
  return {
    head: { w: 8, h: 8, d: 8, base: [0, 0], overlay: [32, 0] },
    body: { w: 8, h: 12, d: 4, base: [16, 16], overlay: [16, 32] },
    rightArm: { w: armWidth, h: 12, d: 4, base: [40, 16], overlay: [40, 32] },
    leftArm: { w: armWidth, h: 12, d: 4, base: [32, 48], overlay: [48, 48] },
    rightLeg: { w: 4, h: 12, d: 4, base: [0, 16], overlay: [0, 32] },
    leftLeg: { w: 4, h: 12, d: 4, base: [16, 48], overlay: [0, 48] },
  }
}

/**
 * The texture rect of one face of a box whose texture starts at `origin` (reference §2.1 UV rule):
 * top (u+d, v, w, d), bottom (u+d+w, v, w, d), right (u, v+d, d, h), front (u+d, v+d, w, h),
 * left (u+d+w, v+d, d, h), back (u+2d+w, v+d, w, h).
 */
export function faceRect(part: SkinPart, layer: 'base' | 'overlay', face: BoxFace): TextureRect {
  const [u, v] = part[layer]
  const { w, h, d } = part
  switch (face) {
    case 'top':
      return { x: u + d, y: v, w, h: d }
    case 'bottom':
      return { x: u + d + w, y: v, w, h: d }
    case 'right':
      return { x: u, y: v + d, w: d, h }
    case 'front':
      return { x: u + d, y: v + d, w, h }
    case 'left':
      return { x: u + d + w, y: v + d, w: d, h }
    case 'back':
      return { x: u + 2 * d + w, y: v + d, w, h }
  }
}
