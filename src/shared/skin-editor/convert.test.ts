import { describe, expect, test } from 'bun:test'
import { expandLegacySkin } from '../../render/legacy-skin'
import { blankTemplate, convertModel, expandLegacy, inferModel } from './convert'
import { placeOf } from './layout'
import { mirrorTexel } from './mirror'
import { getTexel, packColor, setTexel, type SkinTexture } from './texture'
import { diffTexels, fixtureTexture, legacyFixture, rawTexel } from './testing/fixtures'

describe('expandLegacy', () => {
  for (const name of ['randomImage321.png', 'randomImage322.png']) {
    test(`${name}: top half kept, left limbs mirrored from the right ones, new overlays transparent`, () => {
      const legacy = legacyFixture(name)
      const t = expandLegacy(legacy)
      for (let y = 0; y < 32; y++) for (let x = 0; x < 64; x++) expect(getTexel(t, x, y)).toBe(rawTexel(legacy, 64, x, y))
      // hand-checked texels: right arm front (44,20) → left arm front (39,52); right arm's outer side
      // (40,25) → left arm's outer side (43,57); right leg's outer side (0,20) → (27,52); right leg bottom (9,17) → (26,49)
      for (const [[sx, sy], [dx, dy]] of [[[44, 20], [39, 52]], [[40, 25], [43, 57]], [[0, 20], [27, 52]], [[9, 17], [26, 49]], [[55, 31], [44, 63]]] as const) {
        expect(getTexel(t, dx, dy)).toBe(rawTexel(legacy, 64, sx, sy))
      }
      // every right-limb base texel lands on its mirror texel (an independent path: the layout table)
      for (let y = 16; y < 32; y++) {
        for (let x = 0; x < 56; x++) {
          const place = placeOf(x, y, 'classic')
          if (place?.part !== 'rightArm' && place?.part !== 'rightLeg') continue
          const [mx, my] = mirrorTexel(x, y, 'classic') as [number, number]
          expect(getTexel(t, mx, my)).toBe(rawTexel(legacy, 64, x, y))
        }
      }
      for (let y = 32; y < 64; y++) {
        for (let x = 0; x < 64; x++) {
          if (y >= 48 && x >= 16 && x < 48) continue
          expect(getTexel(t, x, y)).toBe(0)
        }
      }
    })

    test(`${name}: the same texture as the renderer's legacy expansion`, () => {
      const legacy = legacyFixture(name)
      expect([...expandLegacy(legacy).rgba]).toEqual([...expandLegacySkin({ width: 64, height: 32, rgba: legacy }).rgba])
    })
  }

  test('refuses anything but 64x32 RGBA', () => {
    expect(() => expandLegacy(new Uint8Array(64 * 64 * 4))).toThrow(RangeError)
  })
})

/** [fromX, toX, columns, y0, y1): a run of columns that moves from one layout to the other. */
type Span = [number, number, number, number, number]

/** Hand-derived: right arm base and left arm overlay, classic → slim (outer column dropped). */
const CLASSIC_TO_SLIM: Span[] = [
  // right arm base: top and bottom lose x 44 / 48 (outer), front loses x 44, back loses x 55, sides move
  [45, 44, 3, 16, 20], [49, 47, 3, 16, 20],
  [40, 40, 4, 20, 32], [45, 44, 3, 20, 32], [48, 47, 4, 20, 32], [52, 51, 3, 20, 32],
  // left arm overlay: top, bottom and front lose their last column (outer), back its first
  [52, 52, 3, 48, 52], [56, 55, 3, 48, 52],
  [48, 48, 4, 52, 64], [52, 52, 3, 52, 64], [56, 55, 4, 52, 64], [61, 59, 3, 52, 64],
]

/** The columns classic→slim drops, hand-listed per arm box ([x, y0, y1) and the inner neighbour's x). */
const DROPPED: [number, number, number, number][] = [
  [44, 16, 32, 45], [48, 16, 20, 49], [55, 20, 32, 54], // right arm base
  [44, 32, 48, 45], [48, 32, 36, 49], [55, 36, 48, 54], // right arm overlay
  [39, 48, 64, 38], [43, 48, 52, 42], [44, 52, 64, 45], // left arm base
  [55, 48, 64, 54], [59, 48, 52, 58], [60, 52, 64, 61], // left arm overlay
]

const inArms = (x: number, y: number): boolean => (x >= 40 && x < 56 && y >= 16 && y < 48) || (x >= 32 && x < 64 && y >= 48)

describe('convertModel', () => {
  test('classic → slim moves the arm columns as hand-checked and clears the gaps', () => {
    const classic = fixtureTexture('randomImage1.png')
    const slim = convertModel(classic, 'classic', 'slim')
    for (const [fromX, toX, n, y0, y1] of CLASSIC_TO_SLIM) {
      for (let y = y0; y < y1; y++) for (let i = 0; i < n; i++) expect(getTexel(slim, toX + i, y)).toBe(getTexel(classic, fromX + i, y))
    }
    for (const [x, y0, y1] of [[50, 16, 20], [51, 16, 20], [54, 20, 32], [55, 20, 32], [58, 48, 52], [59, 48, 52], [62, 52, 64], [63, 52, 64]] as const) {
      for (let y = y0; y < y1; y++) expect(getTexel(slim, x, y)).toBe(0)
    }
    expect(diffTexels(classic, slim).filter((k) => !inArms(...(k.split(',').map(Number) as [number, number])))).toEqual([])
    expect(inferModel(slim)).toBe('slim')
  })

  test('classic → slim → classic keeps every pixel except the dropped column, which repeats its inner neighbour', () => {
    const classic = fixtureTexture('randomImage2.png')
    const back = convertModel(convertModel(classic, 'classic', 'slim'), 'slim', 'classic')
    const expected: string[] = []
    for (const [x, y0, y1, neighbour] of DROPPED) {
      for (let y = y0; y < y1; y++) {
        expected.push(`${x},${y}`)
        expect(getTexel(back, x, y)).toBe(getTexel(classic, neighbour, y))
      }
    }
    expect(diffTexels(classic, back).sort()).toEqual(expected.sort())
  })

  test('slim → classic widens by repeating the outer edge column (hand-checked on the right arm front)', () => {
    const slim = convertModel(fixtureTexture('randomImage3.png'), 'classic', 'slim')
    const classic = convertModel(slim, 'slim', 'classic')
    for (let y = 20; y < 32; y++) {
      expect([44, 45, 46, 47].map((x) => getTexel(classic, x, y))).toEqual([44, 44, 45, 46].map((x) => getTexel(slim, x, y)))
      // the left arm's back (classic 44..47) starts with its outer edge repeated from slim 43
      expect([44, 45, 46, 47].map((x) => getTexel(classic, x, y + 32))).toEqual([43, 43, 44, 45].map((x) => getTexel(slim, x, y + 32)))
    }
  })

  test('the blank templates convert into each other, and same-model conversion is a copy', () => {
    expect(convertModel(blankTemplate('classic'), 'classic', 'slim').rgba).toEqual(blankTemplate('slim').rgba)
    expect(convertModel(blankTemplate('slim'), 'slim', 'classic').rgba).toEqual(blankTemplate('classic').rgba)
    const t = fixtureTexture('randomImage4.png')
    const copy = convertModel(t, 'classic', 'classic')
    expect(copy.rgba).toEqual(t.rgba)
    expect(copy.rgba).not.toBe(t.rgba)
  })
})

describe('inferModel', () => {
  test('opaque gaps → classic; a transparent texel, or all-black gaps → slim', () => {
    const t = fixtureTexture('randomImage1.png')
    expect(inferModel(t)).toBe('classic')
    expect(inferModel(blankTemplate('classic'))).toBe('classic')
    expect(inferModel(blankTemplate('slim'))).toBe('slim')
    const holed: SkinTexture = { rgba: t.rgba.slice() }
    setTexel(holed, 47, 60, packColor(1, 2, 3, 254))
    expect(inferModel(holed)).toBe('slim')
    const black: SkinTexture = { rgba: t.rgba.slice() }
    for (const [x0, y0, w, h] of [[50, 16, 2, 4], [54, 20, 2, 12], [42, 48, 2, 4], [46, 52, 2, 12]] as const) {
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) setTexel(black, x, y, packColor(0, 0, 0))
    }
    expect(inferModel(black)).toBe('slim')
    setTexel(black, 46, 52, packColor(0, 0, 1))
    expect(inferModel(black)).toBe('classic')
  })
})

describe('blankTemplate', () => {
  test('skin-toned head with a lighter face, bare arms, shirt, trousers, no overlay, unused texels transparent', () => {
    for (const model of ['classic', 'slim'] as const) {
      const t = blankTemplate(model)
      const skin = getTexel(t, 4, 12)
      const face = getTexel(t, 12, 12)
      expect(skin).toBe(packColor(0xc6, 0x9a, 0x7b))
      expect(face).toBe(packColor(0xd2, 0xa8, 0x8a))
      expect(getTexel(t, 12, 4)).toBe(skin)
      // Both arms skin-toned, unlike the shirt.
      expect(getTexel(t, 45, 25)).toBe(skin)
      expect(getTexel(t, 37, 60)).toBe(skin)
      expect(getTexel(t, 24, 24)).not.toBe(skin)
      expect(getTexel(t, 5, 25)).toBe(getTexel(t, 21, 55))
      expect(getTexel(t, 5, 25)).not.toBe(getTexel(t, 24, 24))
      for (let y = 0; y < 64; y++) {
        for (let x = 0; x < 64; x++) {
          const alpha = getTexel(t, x, y) & 0xff
          expect(alpha).toBe(placeOf(x, y, model)?.layer === 'base' ? 255 : 0)
        }
      }
    }
  })
})
