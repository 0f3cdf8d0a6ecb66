import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readSkinImage, skinFromRgba } from './index'
import { encodeTestPng } from '../../shared/png/testing/encode-test-png'

const rgba64 = fc.uint8Array({ minLength: 64 * 64 * 4, maxLength: 64 * 64 * 4 })

describe('property: any RGBA 64x64 survives our encoding', () => {
  test('decode of our re-encode gives the same pixels, and hashing is deterministic', async () => {
    await fc.assert(
      fc.asyncProperty(rgba64, async (rgba) => {
        const first = await skinFromRgba(rgba, 64, 64)
        const again = await skinFromRgba(rgba.slice(), 64, 64)
        expect(again.textureHash).toBe(first.textureHash)
        expect(again.png).toEqual(first.png)
        // Even pure noise stays under the 20 000-byte limit: deflate falls back to stored blocks (~16.5 KB).
        const decoded = await readSkinImage(first.png)
        expect(decoded.rgba).toEqual(rgba)
        expect(decoded.textureHash).toBe(first.textureHash)
      }),
      { numRuns: 40 },
    )
  })

  test('any filter choice and interlacing decode to the same pixels', async () => {
    // Low-entropy pixels so the file stays under 20 000 bytes with every filter.
    const palette = fc.array(fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)), { minLength: 1, maxLength: 4 })
    await fc.assert(
      fc.asyncProperty(palette, fc.integer({ min: 0, max: 4 }), fc.boolean(), fc.integer({ min: 1, max: 9 }), async (colours, filter, interlace, stripe) => {
        const px = (x: number, y: number) => colours[Math.floor((x + y) / stripe) % colours.length]!
        const bytes = encodeTestPng({ width: 64, height: 64, colorType: 6, bitDepth: 8, sample: px, filters: filter, interlace })
        const skin = await readSkinImage(bytes)
        const expected = Uint8Array.from({ length: 64 * 64 * 4 }, (_, i) => px((i >> 2) % 64, i >> 8)[i & 3]!)
        expect(skin.rgba).toEqual(expected)
      }),
      { numRuns: 60 },
    )
  })
})
