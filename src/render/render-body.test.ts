import { describe, expect, test } from 'bun:test'
import { decodeSkin } from './decode-skin'
import type { RgbaImage } from './image'
import { renderBody } from './render-body'
import { colourSet, texelBlock } from './testing/pixels'
import { PARTS, faceRectOf, syntheticSkinPng, texelColour, type Part, type Rgba } from './testing/synthetic-skin'

const S = 10

/** Top-left texel of each part's front face on the 16x32 canvas (written out here, not imported). */
const CLASSIC: Record<Part, [number, number]> = {
  head: [4, 0],
  body: [4, 8],
  rightArm: [0, 8],
  leftArm: [12, 8],
  rightLeg: [4, 20],
  leftLeg: [8, 20],
}
const SLIM: Record<Part, [number, number]> = { ...CLASSIC, rightArm: [1, 8], leftArm: [12, 8] }

function expectTexel(image: RgbaImage, tx: number, ty: number, colour: Rgba): void {
  for (const p of texelBlock(image, S, tx, ty)) expect(p).toEqual(colour)
}

for (const slim of [false, true]) {
  const layout = slim ? SLIM : CLASSIC
  const skin = decodeSkin(syntheticSkinPng({ slim }))
  const withOverlay = renderBody(skin, { scale: S, slim })
  const bare = renderBody(skin, { scale: S, slim, overlay: false })

  describe(`renderBody ${slim ? 'slim' : 'classic'}`, () => {
    test('is 16x32 texels at scale 10', () => {
      expect([withOverlay.width, withOverlay.height]).toEqual([160, 320])
    })

    for (const part of PARTS) {
      test(`${part}: front face at texel (${layout[part].join(',')}) with its overlay on top`, () => {
        const [x, y] = layout[part]
        const [, , w, h] = faceRectOf(part, 'base', 'front', slim)
        // marker texel (0,0): the overlay's opaque left half covers it
        expectTexel(withOverlay, x, y, texelColour(part, 'overlay', 'front', 0, 0, slim))
        expectTexel(withOverlay, x + 1, y + 1, texelColour(part, 'overlay', 'front', 1, 1, slim))
        // the overlay's transparent right half shows the base
        expectTexel(withOverlay, x + w - 1, y + h - 1, texelColour(part, 'base', 'front', w - 1, h - 1, slim))
        // overlay off: the base marker is visible, so the face is not mirrored
        expectTexel(bare, x, y, texelColour(part, 'base', 'front', 0, 0, slim))
        expectTexel(bare, x + w - 1, y, texelColour(part, 'base', 'front', w - 1, 0, slim))
      })
    }

    test(slim ? 'leaves the outer columns beside 3-px arms empty' : 'fills the outer columns with 4-px arms', () => {
      for (const tx of [0, 15]) {
        for (const ty of [8, 13, 19]) {
          const [p] = texelBlock(withOverlay, S, tx, ty)
          expect(p?.[3]).toBe(slim ? 0 : 255)
        }
      }
    })

    test('leaves the space beside the legs and above the shoulders empty', () => {
      for (const [tx, ty] of [[0, 0], [3, 7], [12, 0], [0, 20], [3, 31], [12, 25], [15, 31]] as const) {
        const [p] = texelBlock(withOverlay, S, tx, ty)
        expect(p?.[3]).toBe(0)
      }
    })

    test('introduces no colour that is not in the skin (nearest-neighbour only)', () => {
      const skinColours = colourSet(skin)
      for (const c of colourSet(withOverlay)) expect(skinColours.has(c)).toBe(true)
    })
  })
}

describe('renderBody legacy 64x32', () => {
  const skin = decodeSkin(syntheticSkinPng({ legacy: true }))
  const body = renderBody(skin, { scale: S })

  test('draws the left leg as the right leg mirrored: the marker moves to the outer column', () => {
    expectTexel(body, 4, 20, texelColour('rightLeg', 'base', 'front', 0, 0))
    expectTexel(body, 11, 20, texelColour('rightLeg', 'base', 'front', 0, 0))
    expectTexel(body, 8, 20, texelColour('rightLeg', 'base', 'front', 3, 0))
  })

  test('draws the left arm as the right arm mirrored', () => {
    expectTexel(body, 0, 8, texelColour('rightArm', 'base', 'front', 0, 0))
    expectTexel(body, 15, 8, texelColour('rightArm', 'base', 'front', 0, 0))
    expectTexel(body, 12, 9, texelColour('rightArm', 'base', 'front', 3, 1))
  })

  test('keeps the hat, the only overlay a legacy skin has', () => {
    expectTexel(body, 4, 0, texelColour('head', 'overlay', 'front', 0, 0))
    expectTexel(body, 5, 8, texelColour('body', 'base', 'front', 1, 0))
  })
})
