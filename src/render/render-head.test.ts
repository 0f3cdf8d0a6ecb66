import { describe, expect, test } from 'bun:test'
import { decodeSkin } from './decode-skin'
import { renderHead } from './render-head'
import { colourSet, px } from './testing/pixels'
import { faceColour, syntheticSkinPng, texelColour } from './testing/synthetic-skin'

const S = 10
const skin = decodeSkin(syntheticSkinPng())
const withHat = renderHead(skin, { scale: S })
const bare = renderHead(skin, { scale: S, overlay: false })

/**
 * The projection documented in render-head.ts, written out independently: x towards the
 * player's left, y up, z towards the front; origin at the head's centre.
 */
const V = Math.sqrt(1.5)
function screen(x: number, y: number, z: number): [number, number] {
  return [9 * S + S * (x + z), 4.5 * S * (1 + V) + (S * (z - x)) / 2 - S * V * y]
}

/** The centre of texel (tx, ty) of a visible face of a head box of half-size `half` (base 4, hat 4.5). */
function texelPoint(face: 'front' | 'right' | 'top', half: number, tx: number, ty: number): [number, number] {
  const k = (2 * half) / 8
  const a = -half + (tx + 0.5) * k
  const b = half - (ty + 0.5) * k
  if (face === 'front') return screen(a, b, half) // u → player's left, v ↓
  if (face === 'right') return screen(-half, b, a) // u → front, v ↓
  return screen(a, half, -half + (ty + 0.5) * k) // top: u → player's left, v → front
}

describe('renderHead', () => {
  test('is 18·scale wide and ⌈9·scale·(1+√1.5)⌉ high, with or without the hat', () => {
    expect([withHat.width, withHat.height]).toEqual([180, 201])
    expect([bare.width, bare.height]).toEqual([180, 201])
    const small = renderHead(skin, { scale: 1 })
    expect([small.width, small.height]).toEqual([18, 21])
  })

  test('clamps the scale to 1…10', () => {
    expect(renderHead(skin, { scale: 99 }).width).toBe(180)
    expect(renderHead(skin, { scale: -3 }).width).toBe(18)
  })

  describe('without overlay', () => {
    for (const face of ['front', 'right', 'top'] as const) {
      test(`shows the ${face} face with its marker at texel (0,0) and its colour elsewhere`, () => {
        expect(px(bare, ...texelPoint(face, 4, 0, 0))).toEqual(texelColour('head', 'base', face, 0, 0))
        expect(px(bare, ...texelPoint(face, 4, 7, 7))).toEqual(faceColour('head', 'base', face))
        expect(px(bare, ...texelPoint(face, 4, 6, 1))).toEqual(faceColour('head', 'base', face))
      })
    }

    test('shows nothing where only the hat would be', () => {
      expect(px(bare, ...screen(-4.4, 4.5, -4.4))[3]).toBe(0)
      expect(px(bare, ...screen(4.4, 4.2, 4.5))[3]).toBe(0)
    })
  })

  describe('with the hat (9/8 of the head)', () => {
    for (const face of ['front', 'right', 'top'] as const) {
      test(`draws the hat ${face} over the head, marker at its texel (0,0)`, () => {
        expect(px(withHat, ...texelPoint(face, 4.5, 0, 0))).toEqual(texelColour('head', 'overlay', face, 0, 0))
        expect(px(withHat, ...texelPoint(face, 4.5, 2, 5))).toEqual(faceColour('head', 'overlay', face))
      })
    }

    test('shows the head through a transparent hat texel', () => {
      // Hat front texel (6,4) is transparent; behind it, half a texel deeper, is head front texel (7,4).
      expect(px(withHat, ...texelPoint('front', 4.5, 6, 4))).toEqual(faceColour('head', 'base', 'front'))
    })

    test('shows the inside of the hat back through a hole in the hat top, as the game does (no culling)', () => {
      // A ray through the hat top at (1.9, 4.5, −4.3) (texel 5,0: transparent) misses the head and leaves
      // the hat through its back face at x = 2.1, y ≈ 4.34: back texel (2,0), opaque.
      expect(px(withHat, ...screen(1.9, 4.5, -4.3))).toEqual(faceColour('head', 'overlay', 'back'))
    })
  })

  test('introduces no colour that is not in the skin (nearest-neighbour, no anti-aliasing)', () => {
    const skinColours = colourSet(skin)
    for (const c of colourSet(withHat)) expect(skinColours.has(c)).toBe(true)
    for (const c of colourSet(bare)) expect(skinColours.has(c)).toBe(true)
  })
})
