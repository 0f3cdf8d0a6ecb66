import { describe, expect, test } from 'bun:test'
import { Stroke } from './stroke'
import { cloneTexture, getTexel, packColor, setTexel, type SkinTexture } from './texture'
import { erase, fill, line, linePoints, noise, paint, pick, shade, type ToolOptions } from './tools'
import { diffTexels, fixtureTexture } from './testing/fixtures'

const RED = packColor(200, 10, 10)
const BLUE = packColor(20, 40, 220)
const GREEN = packColor(20, 200, 40)
const GREY = packColor(100, 100, 100)
const base: ToolOptions = { model: 'classic', layer: 'base', mirror: false, color: RED, size: 1, random: () => 0.5 }

/** Runs `draw` on a copy of randomImage1 and returns the changed texels ("x,y", sorted) and the result. */
function changed(draw: (t: SkinTexture, s: Stroke) => void, start = fixtureTexture('randomImage1.png')): { texels: string[]; t: SkinTexture; stroke: Stroke } {
  const t = cloneTexture(start)
  const stroke = new Stroke()
  draw(t, stroke)
  return { texels: diffTexels(start, t).sort(), t, stroke }
}

const sorted = (xs: string[]): string[] => [...xs].sort()

describe('paint and erase', () => {
  test('brush sizes 1, 2 (right and down) and 3 (centred)', () => {
    expect(changed((t, s) => paint(t, s, 11, 11, base)).texels).toEqual(['11,11'])
    expect(changed((t, s) => paint(t, s, 11, 11, { ...base, size: 2 })).texels).toEqual(sorted(['11,11', '12,11', '11,12', '12,12']))
    const three = changed((t, s) => paint(t, s, 11, 11, { ...base, size: 3 }))
    expect(three.texels).toEqual(sorted(['10,10', '11,10', '12,10', '10,11', '11,11', '12,11', '10,12', '11,12', '12,12']))
    expect(getTexel(three.t, 10, 10)).toBe(RED)
    expect(three.stroke.size).toBe(9)
  })

  test('the brush is clipped to the face under the pointer', () => {
    // head front's top-left corner: the head's right face (x 7) and top (y 7) are not touched
    expect(changed((t, s) => paint(t, s, 8, 8, { ...base, size: 3 })).texels).toEqual(sorted(['8,8', '9,8', '8,9', '9,9']))
    // head front's last texel with size 2: the left face (x 16) and the body (y 16) stay
    expect(changed((t, s) => paint(t, s, 15, 15, { ...base, size: 2 })).texels).toEqual(['15,15'])
    // right arm front's first texel: its top (y 19) and right face (x 43) stay
    expect(changed((t, s) => paint(t, s, 44, 20, { ...base, size: 3 })).texels).toEqual(sorted(['44,20', '45,20', '44,21', '45,21']))
  })

  test('the other layer and unused texels are never changed', () => {
    expect(changed((t, s) => paint(t, s, 9, 9, { ...base, layer: 'overlay', size: 3 })).texels).toEqual([])
    expect(changed((t, s) => paint(t, s, 41, 9, { ...base, size: 3 })).texels).toEqual([])
    expect(changed((t, s) => paint(t, s, 2, 2, { ...base, size: 3 })).texels).toEqual([])
    expect(changed((t, s) => paint(t, s, 41, 9, { ...base, layer: 'overlay' })).texels).toEqual(['41,9'])
    // slim: the gap beside the right arm's back is unused
    expect(changed((t, s) => paint(t, s, 54, 25, { ...base, model: 'slim' })).texels).toEqual([])
    expect(changed((t, s) => paint(t, s, 54, 25, base)).texels).toEqual(['54,25'])
  })

  test('mirror paints the mirrored texel too, in classic and slim', () => {
    const on = { ...base, mirror: true }
    expect(changed((t, s) => paint(t, s, 44, 20, on)).texels).toEqual(sorted(['44,20', '39,52']))
    expect(changed((t, s) => paint(t, s, 44, 20, { ...on, model: 'slim' })).texels).toEqual(sorted(['44,20', '38,52']))
    expect(changed((t, s) => paint(t, s, 9, 10, on)).texels).toEqual(sorted(['9,10', '14,10']))
    expect(changed((t, s) => paint(t, s, 5, 36, { ...on, layer: 'overlay' })).texels).toEqual(sorted(['5,36', '6,52']))
  })

  test('erase makes the brush transparent', () => {
    const { texels, t } = changed((t, s) => erase(t, s, 20, 40, { ...base, layer: 'overlay', size: 2 }))
    expect(texels).toEqual(sorted(['20,40', '21,40', '20,41', '21,41']))
    expect(getTexel(t, 21, 41)).toBe(0)
  })
})

describe('fill', () => {
  /** Head base: the right face and the front all BLUE, a GREEN wall down the front's column u=3. */
  function walled(): SkinTexture {
    const t = fixtureTexture('randomImage1.png')
    for (let y = 8; y < 16; y++) {
      for (let x = 0; x < 16; x++) setTexel(t, x, y, BLUE)
      setTexel(t, 11, y, GREEN)
    }
    return t
  }

  test('connected stays in the face and stops at other colours', () => {
    const start = walled()
    const { texels, t } = changed((t, s) => fill(t, s, 9, 12, 'connected', base), start)
    const expected: string[] = []
    for (let y = 8; y < 16; y++) for (let x = 8; x < 11; x++) expected.push(`${x},${y}`)
    expect(texels).toEqual(sorted(expected))
    expect(getTexel(t, 7, 12)).toBe(BLUE)
    expect(getTexel(t, 12, 12)).toBe(BLUE)
    expect(getTexel(t, 10, 12)).toBe(RED)
  })

  test('connected on noise changes only the texel itself (no same-colour neighbour)', () => {
    expect(changed((t, s) => fill(t, s, 20, 25, 'connected', base)).texels).toEqual(['20,25'])
  })

  test('face fills the whole face of that layer', () => {
    const { texels } = changed((t, s) => fill(t, s, 43, 3, 'face', { ...base, layer: 'overlay' }))
    const expected: string[] = []
    for (let y = 0; y < 8; y++) for (let x = 40; x < 48; x++) expected.push(`${x},${y}`)
    expect(texels).toEqual(sorted(expected))
  })

  test('colour fills every texel of that colour on the active layer only', () => {
    const start = fixtureTexture('randomImage1.png')
    for (const [x, y] of [[10, 10], [30, 25], [5, 60], [42, 10], [0, 0]] as const) setTexel(start, x, y, GREEN)
    const { texels, t } = changed((t, s) => fill(t, s, 10, 10, 'colour', base), start)
    // (5,60) is the left leg's overlay, (42,10) the hat, (0,0) unused: they keep GREEN
    expect(texels).toEqual(sorted(['10,10', '30,25']))
    expect(getTexel(t, 42, 10)).toBe(GREEN)
  })

  test('fill with mirror fills the mirrored region', () => {
    const { texels } = changed((t, s) => fill(t, s, 1, 25, 'face', { ...base, mirror: true }))
    // right leg's right face (0..3, 20..31) and the left leg's left face (24..27, 52..63)
    expect(texels.length).toBe(96)
    expect(texels).toContain('24,63')
    expect(texels).toContain('3,20')
  })

  test('a fill on the other layer does nothing', () => {
    expect(changed((t, s) => fill(t, s, 43, 3, 'face', base)).texels).toEqual([])
  })
})

describe('shade and noise', () => {
  const greyHead = (): SkinTexture => {
    const t = fixtureTexture('randomImage1.png')
    for (let x = 8; x < 16; x++) setTexel(t, x, 12, GREY)
    setTexel(t, 9, 9, RED)
    return t
  }

  test('lighten/darken move lightness by 8 % and keep the hue', () => {
    const { t } = changed((t, s) => {
      shade(t, s, 10, 12, 'lighten', base)
      shade(t, s, 9, 9, 'darken', base)
    }, greyHead())
    expect(getTexel(t, 10, 12)).toBe(packColor(120, 120, 120))
    expect(getTexel(t, 9, 9)).toBe(packColor(161, 8, 8))
  })

  test('each texel is shaded once per stroke however often the brush passes', () => {
    const start = greyHead()
    const { t, texels } = changed((t, s) => {
      for (let i = 0; i < 5; i++) shade(t, s, 11, 12, 'darken', { ...base, size: 3 })
      line(t, s, [8, 12], [15, 12], base, 'shade-darken')
    }, start)
    expect(getTexel(t, 11, 12)).toBe(packColor(80, 80, 80))
    expect(getTexel(t, 15, 12)).toBe(packColor(80, 80, 80))
    expect(texels.filter((k) => k.endsWith(',12')).length).toBe(8)
    // a new stroke shades again
    shade(t, new Stroke(), 11, 12, 'darken', base)
    expect(getTexel(t, 11, 12)).toBe(packColor(60, 60, 60))
  })

  test('shade leaves transparent texels alone', () => {
    const start = fixtureTexture('randomImage1.png')
    setTexel(start, 41, 9, 0)
    expect(changed((t, s) => shade(t, s, 41, 9, 'lighten', { ...base, layer: 'overlay' }), start).texels).toEqual([])
  })

  test('noise uses the injected random source, once per texel, same change on the mirror side', () => {
    const start = greyHead()
    setTexel(start, 14, 12, GREY)
    const draws = [1, 0.5, 0]
    const random = (): number => draws.shift() ?? 0.5
    const { t } = changed((t, s) => {
      noise(t, s, 9, 12, { ...base, mirror: true, random })
      noise(t, s, 9, 12, { ...base, mirror: true, random })
      noise(t, s, 10, 12, { ...base, mirror: true, random })
    }, start)
    // random 1 → +12 %: 100 → 131; its mirror (14,12) the same; the second pass changes nothing
    expect(getTexel(t, 9, 12)).toBe(packColor(131, 131, 131))
    expect(getTexel(t, 14, 12)).toBe(packColor(131, 131, 131))
    // (10,12) draws 0 → −12 %: 100 → 69, and so does its mirror (13,12)
    expect(getTexel(t, 10, 12)).toBe(packColor(69, 69, 69))
    expect(getTexel(t, 13, 12)).toBe(packColor(69, 69, 69))
  })
})

describe('line and pick', () => {
  test('Bresenham points', () => {
    expect(linePoints([0, 0], [5, 2])).toEqual([[0, 0], [1, 0], [2, 1], [3, 1], [4, 2], [5, 2]])
    expect(linePoints([3, 3], [3, 0])).toEqual([[3, 3], [3, 2], [3, 1], [3, 0]])
    expect(linePoints([2, 2], [2, 2])).toEqual([[2, 2]])
  })

  test('a line crossing faces paints each point within its face, and only on the active layer', () => {
    const across = changed((t, s) => line(t, s, [4, 12], [11, 12], base, 'paint'))
    expect(across.texels).toEqual(sorted(['4,12', '5,12', '6,12', '7,12', '8,12', '9,12', '10,12', '11,12']))
    const intoHat = changed((t, s) => line(t, s, [28, 10], [36, 10], base, 'paint'))
    expect(intoHat.texels).toEqual(sorted(['28,10', '29,10', '30,10', '31,10']))
    const erased = changed((t, s) => line(t, s, [40, 9], [42, 9], { ...base, layer: 'overlay' }, 'erase'))
    expect(erased.texels).toEqual(sorted(['40,9', '41,9', '42,9']))
  })

  test('pick reads any layer', () => {
    const t = fixtureTexture('randomImage1.png')
    expect(pick(t, 41, 9)).toBe(getTexel(t, 41, 9))
    setTexel(t, 41, 9, BLUE)
    expect(pick(t, 41, 9)).toBe(BLUE)
  })
})
