import { describe, expect, test } from 'bun:test'
import { blankTemplate } from './convert'
import { packColor, setTexel } from './texture'
import { signingWarnings } from './warnings'
import { fixtureTexture } from './testing/fixtures'

describe('signingWarnings', () => {
  test('a blank template and an opaque random skin without a hat warn about nothing', () => {
    expect(signingWarnings(blankTemplate('slim'), 'slim')).toEqual([])
    const t = fixtureTexture('randomImage1.png')
    for (let y = 8; y < 16; y++) for (let x = 40; x < 48; x++) setTexel(t, x, y, 0)
    expect(signingWarnings(t, 'classic')).toEqual([])
  })

  test('transparent_base counts translucent base texels of used faces only', () => {
    const t = blankTemplate('slim')
    setTexel(t, 9, 9, 0)
    setTexel(t, 20, 20, packColor(5, 5, 5, 200))
    setTexel(t, 0, 0, 0) // unused
    setTexel(t, 55, 25, 0) // unused on slim
    setTexel(t, 41, 9, 0) // overlay
    expect(signingWarnings(t, 'slim')).toEqual([{ code: 'transparent_base', count: 2 }])
    // read as classic, the slim template's four 2-column gaps (2×4 + 2×12 texels per arm) are base texels
    expect(signingWarnings(blankTemplate('slim'), 'classic')).toEqual([{ code: 'transparent_base', count: 2 * (2 * 4 + 2 * 12) }])
  })

  test('face_hidden from 90 % of the hat front opaque', () => {
    const t = blankTemplate('classic')
    let painted = 0
    for (let y = 8; y < 16; y++) {
      for (let x = 40; x < 48; x++) {
        if (painted === 57) break
        setTexel(t, x, y, packColor(30, 30, 30))
        painted++
      }
    }
    expect(signingWarnings(t, 'classic')).toEqual([])
    setTexel(t, 47, 15, packColor(30, 30, 30))
    expect(signingWarnings(t, 'classic')).toEqual([{ code: 'face_hidden', coverage: 58 / 64 }])
    setTexel(t, 46, 15, packColor(30, 30, 30, 254))
    expect(signingWarnings(t, 'classic')).toEqual([{ code: 'face_hidden', coverage: 58 / 64 }])
  })
})
