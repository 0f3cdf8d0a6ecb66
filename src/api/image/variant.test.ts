import { describe, expect, test } from 'bun:test'
import { makeSkinPng, makeSkinRgba } from './fixtures'
import { detectVariant, readSkinImage } from './index'

const setAlpha = (rgba: Uint8Array, x: number, y: number, a: number) => {
  rgba[(y * 64 + x) * 4 + 3] = a
}

describe('variant detection (reference mineskin-api.md §2.2)', () => {
  test('an opaque skin is classic, one with an empty x54..55 y20..31 strip is slim', async () => {
    expect((await readSkinImage(makeSkinPng(1))).detectedVariant).toBe('classic')
    expect((await readSkinImage(makeSkinPng(1, { slim: true }))).detectedVariant).toBe('slim')
  })

  test('a single fully opaque pixel in the strip makes it classic', () => {
    const rgba = makeSkinRgba(2, { slim: true })
    setAlpha(rgba, 55, 31, 255)
    expect(detectVariant(rgba, 64, 64)).toBe('classic')
  })

  test('alpha 254 everywhere in the strip still counts as slim', () => {
    const rgba = makeSkinRgba(3)
    for (let y = 20; y <= 31; y++) for (let x = 54; x <= 55; x++) setAlpha(rgba, x, y, 254)
    expect(detectVariant(rgba, 64, 64)).toBe('slim')
  })

  test('opaque pixels just outside the strip do not matter', () => {
    const rgba = makeSkinRgba(4, { slim: true })
    for (let y = 20; y <= 31; y++) setAlpha(rgba, 53, y, 255)
    for (let x = 54; x <= 55; x++) setAlpha(rgba, x, 19, 255)
    expect(detectVariant(rgba, 64, 64)).toBe('slim')
  })

  test('legacy 64x32 skins are always classic', async () => {
    const rgba = new Uint8Array(64 * 32 * 4)
    expect(detectVariant(rgba, 64, 32)).toBe('classic')
    expect((await readSkinImage(makeSkinPng(5, { height: 32 }))).detectedVariant).toBe('classic')
  })
})
