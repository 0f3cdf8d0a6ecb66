import { describe, expect, test } from 'bun:test'
import { cloneTexture, colorToHex, createTexture, getTexel, hexToColor, packColor, sameColor, setTexel } from './texture'
import { fixtureTexture } from './testing/fixtures'

describe('texture', () => {
  test('getTexel packs the fixture bytes as 0xRRGGBBAA', () => {
    const t = fixtureTexture('randomImage1.png')
    const i = (5 * 64 + 9) * 4
    const [r, g, b, a] = [...t.rgba.subarray(i, i + 4)]
    expect(getTexel(t, 9, 5)).toBe(((r! << 24) | (g! << 16) | (b! << 8) | a!) >>> 0)
    expect(getTexel(t, 9, 5)).toBeGreaterThanOrEqual(0)
  })

  test('setTexel writes the four channels and clones are independent', () => {
    const t = createTexture()
    const copy = cloneTexture(t)
    setTexel(t, 63, 63, 0x80ff01fe)
    expect([...t.rgba.subarray(t.rgba.length - 4)]).toEqual([0x80, 0xff, 0x01, 0xfe])
    expect(getTexel(copy, 63, 63)).toBe(0)
  })

  test('hex round trip drops alpha and rejects junk', () => {
    expect(colorToHex(0x0a0b0c80)).toBe('#0a0b0c')
    expect(hexToColor('#0A0b0c')).toBe(0x0a0b0cff)
    expect(hexToColor('#abc')).toBe(0xaabbccff)
    expect(hexToColor('0a0b0c')).toBeNull()
    expect(hexToColor('#0a0b0g')).toBeNull()
    expect(hexToColor('#0a0b0c0d')).toBeNull()
  })

  test('all fully transparent colours are the same colour', () => {
    expect(sameColor(packColor(1, 2, 3, 0), 0)).toBe(true)
    expect(sameColor(packColor(1, 2, 3, 1), packColor(1, 2, 3, 0))).toBe(false)
  })
})
