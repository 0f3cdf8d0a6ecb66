import { describe, expect, test } from 'bun:test'
import { faceRects, placeOf } from './layout'
import type { Model } from './texture'

const used = (model: Model): number => {
  let n = 0
  for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) if (placeOf(x, y, model)) n++
  return n
}

describe('layout', () => {
  test('faces never overlap and cover exactly the used texels (areas from the box sizes)', () => {
    for (const model of ['classic', 'slim'] as const) {
      const area = faceRects(model).reduce((sum, f) => sum + f.rect.w * f.rect.h, 0)
      expect(used(model)).toBe(area)
    }
    // per layer: head 384, body 352, each classic limb 224, each slim arm 192
    expect(used('classic')).toBe(2 * (384 + 352 + 4 * 224))
    expect(used('slim')).toBe(2 * (384 + 352 + 2 * 192 + 2 * 224))
  })

  test('placeOf names part, layer, face and the column/row within the face', () => {
    expect(placeOf(13, 10, 'classic')).toMatchObject({ part: 'head', layer: 'base', face: 'front', u: 5, v: 2 })
    expect(placeOf(40, 8, 'classic')).toMatchObject({ part: 'head', layer: 'overlay', face: 'front', u: 0, v: 0 })
    expect(placeOf(47, 21, 'classic')).toMatchObject({ part: 'rightArm', layer: 'base', face: 'front', u: 3, v: 1 })
    expect(placeOf(47, 21, 'slim')).toMatchObject({ part: 'rightArm', layer: 'base', face: 'left', u: 0, v: 1 })
    expect(placeOf(60, 63, 'classic')).toMatchObject({ part: 'leftArm', layer: 'overlay', face: 'back', u: 0, v: 11 })
    expect(placeOf(7, 50, 'slim')).toMatchObject({ part: 'leftLeg', layer: 'overlay', face: 'top', u: 3, v: 2 })
  })

  test('unused texels and out-of-range coordinates have no place', () => {
    for (const [x, y] of [[0, 0], [7, 7], [56, 16], [0, 48], [63, 31]] as const) expect(placeOf(x, y, 'classic')).toBeNull()
    expect(placeOf(50, 16, 'classic')).not.toBeNull()
    expect(placeOf(50, 16, 'slim')).toBeNull()
    expect(placeOf(55, 25, 'slim')).toBeNull()
    expect(placeOf(-1, 8, 'classic')).toBeNull()
    expect(placeOf(64, 8, 'classic')).toBeNull()
    expect(placeOf(8.5, 8, 'classic')).toBeNull()
  })
})
