import { describe, expect, test } from 'bun:test'
import { LEGACY_MIRROR_COPIES } from '../skin/legacy-layout'
import { placeOf } from './layout'
import { mirrorTexel } from './mirror'
import type { Model } from './texture'

type Case = [from: [number, number], to: [number, number]]

/** Hand-derived from the layout table: the first texel (u 0, v 0) of every face → the last column of the mirrored face. */
const SHARED: Record<string, Case[]> = {
  'head base': [[[8, 0], [15, 0]], [[16, 0], [23, 0]], [[0, 8], [23, 8]], [[8, 8], [15, 8]], [[16, 8], [7, 8]], [[24, 8], [31, 8]]],
  'head overlay': [[[40, 0], [47, 0]], [[48, 0], [55, 0]], [[32, 8], [55, 8]], [[40, 8], [47, 8]], [[48, 8], [39, 8]], [[56, 8], [63, 8]]],
  'body base': [[[20, 16], [27, 16]], [[28, 16], [35, 16]], [[16, 20], [31, 20]], [[20, 20], [27, 20]], [[28, 20], [19, 20]], [[32, 20], [39, 20]]],
  'body overlay': [[[20, 32], [27, 32]], [[28, 32], [35, 32]], [[16, 36], [31, 36]], [[20, 36], [27, 36]], [[28, 36], [19, 36]], [[32, 36], [39, 36]]],
  'right leg base → left leg': [[[4, 16], [23, 48]], [[8, 16], [27, 48]], [[0, 20], [27, 52]], [[4, 20], [23, 52]], [[8, 20], [19, 52]], [[12, 20], [31, 52]]],
  'right leg overlay → left leg': [[[4, 32], [7, 48]], [[8, 32], [11, 48]], [[0, 36], [11, 52]], [[4, 36], [7, 52]], [[8, 36], [3, 52]], [[12, 36], [15, 52]]],
  'a texel inside a face': [[[9, 10], [14, 10]], [[2, 25], [25, 57]]],
}

const ARMS: Record<Model, Record<string, Case[]>> = {
  classic: {
    'right arm base → left arm': [[[44, 16], [39, 48]], [[48, 16], [43, 48]], [[40, 20], [43, 52]], [[44, 20], [39, 52]], [[48, 20], [35, 52]], [[52, 20], [47, 52]]],
    'right arm overlay → left arm': [[[44, 32], [55, 48]], [[48, 32], [59, 48]], [[40, 36], [59, 52]], [[44, 36], [55, 52]], [[48, 36], [51, 52]], [[52, 36], [63, 52]]],
  },
  slim: {
    'right arm base → left arm': [[[44, 16], [38, 48]], [[47, 16], [41, 48]], [[40, 20], [42, 52]], [[44, 20], [38, 52]], [[47, 20], [35, 52]], [[51, 20], [45, 52]]],
    'right arm overlay → left arm': [[[44, 32], [54, 48]], [[47, 32], [57, 48]], [[40, 36], [58, 52]], [[44, 36], [54, 52]], [[47, 36], [51, 52]], [[51, 36], [61, 52]]],
  },
}

describe.each(['classic', 'slim'] as const)('mirrorTexel (%s)', (model) => {
  const groups = { ...SHARED, ...ARMS[model] }
  for (const [group, cases] of Object.entries(groups)) {
    test(`${group}: every face maps to the hand-checked texel and back`, () => {
      for (const [from, to] of cases) {
        expect(mirrorTexel(from[0], from[1], model)).toEqual(to)
        expect(mirrorTexel(to[0], to[1], model)).toEqual(from)
      }
    })
  }

  test('mirror∘mirror is the identity on every used texel, stays on the layer and is null elsewhere', () => {
    let checked = 0
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const place = placeOf(x, y, model)
        const m = mirrorTexel(x, y, model)
        if (!place) {
          expect(m).toBeNull()
          continue
        }
        expect(m).not.toBeNull()
        const [mx, my] = m as [number, number]
        expect(placeOf(mx, my, model)?.layer).toBe(place.layer)
        expect(mirrorTexel(mx, my, model)).toEqual([x, y])
        checked++
      }
    }
    expect(checked).toBe(model === 'classic' ? 3264 : 3136)
  })
})

test('classic limbs mirror exactly as the game builds a legacy skin', () => {
  for (const [sx, sy, dx, dy, w, h] of LEGACY_MIRROR_COPIES) {
    for (let v = 0; v < h; v++) for (let u = 0; u < w; u++) expect(mirrorTexel(sx + u, sy + v, 'classic')).toEqual([dx + w - 1 - u, dy + v])
  }
})

test('slim-only gaps have no mirror', () => {
  expect(mirrorTexel(54, 20, 'slim')).toBeNull()
  expect(mirrorTexel(54, 20, 'classic')).toEqual([45, 52])
})
