/**
 * Minecraft skin texture layout (64×64; reference skins-and-peers.md): each body part is a box
 * whose six faces are unwrapped around an origin (u, v) — top and bottom on the first row, then
 * right, front, left, back below them. Base layer and overlay layer use separate origins.
 * @module
 */

/** A face of a box. */
export type Face = 'top' | 'bottom' | 'right' | 'front' | 'left' | 'back'

/** A box part: width (x), height (y), depth (z) and texture origins of its two layers. */
export interface PartBox {
  w: number
  h: number
  d: number
  base: readonly [number, number]
  overlay: readonly [number, number]
}

/** Rectangle of one face of a box at origin (u, v). */
export function faceRect(box: Pick<PartBox, 'w' | 'h' | 'd'>, u: number, v: number, face: Face): { x: number; y: number; w: number; h: number } {
  const { w, h, d } = box
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
      return { x: u + d + w + d, y: v + d, w, h }
  }
}

/** Every face. */
export const FACES: readonly Face[] = ['top', 'bottom', 'right', 'front', 'left', 'back']

/** The six parts of the 64×64 layout; arms are 3 px wide on slim skins. */
export function skinParts(slim: boolean) {
  const arm = slim ? 3 : 4
  return {
    head: { w: 8, h: 8, d: 8, base: [0, 0], overlay: [32, 0] },
    body: { w: 8, h: 12, d: 4, base: [16, 16], overlay: [16, 32] },
    rightArm: { w: arm, h: 12, d: 4, base: [40, 16], overlay: [40, 32] },
    leftArm: { w: arm, h: 12, d: 4, base: [32, 48], overlay: [48, 48] },
    rightLeg: { w: 4, h: 12, d: 4, base: [0, 16], overlay: [0, 32] },
    leftLeg: { w: 4, h: 12, d: 4, base: [16, 48], overlay: [0, 48] },
  } satisfies Record<string, PartBox>
}
