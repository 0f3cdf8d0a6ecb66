/**
 * Fuzzing the PNG checks: random bytes and mutated valid skins (flipped
 * bytes, truncation, IHDR lies, bad CRCs, huge sizes, extra chunks, zlib bombs) either decode to a
 * 64x64 or 64x32 skin or are refused with the typed error — `PngError` from the shared PNG module,
 * 400 `invalid_image` from the API's upload check — never another exception, never a hang.
 */
import { describe, expect, test } from 'bun:test'
import { isApiError } from '../../src/api/errors'
import { readSkinImage } from '../../src/api/image'
import { decodePng, isPngError } from '../../src/shared/png'
import { pngLike } from './png-arbitraries'
import { checkAsync, fuzzTimeout } from './runs'

/** Longest one check may take: the decoder is bounded, so even a bomb is refused quickly. */
const MAX_MS_PER_FILE = 2000

describe('fuzz: PNG upload check', () => {
  test(
    'random and mutated PNGs: a 64x64/64x32 skin or invalid_image, in bounded time',
    async () => {
      let accepted = 0
      let refused = 0
      await checkAsync(500, pngLike(), async (bytes) => {
        const started = performance.now()
        try {
          const skin = await readSkinImage(bytes)
          expect(skin.width).toBe(64)
          expect([64, 32]).toContain(skin.height)
          expect(skin.rgba.length).toBe(64 * skin.height * 4)
          expect(skin.textureHash).toMatch(/^[0-9a-f]{64}$/)
          accepted++
        } catch (e) {
          if (!isApiError(e) || e.code !== 'invalid_image' || e.status !== 400) throw new Error(`not the typed invalid_image error: ${e instanceof Error ? e.stack : String(e)}`)
          refused++
        }
        expect(performance.now() - started).toBeLessThan(MAX_MS_PER_FILE)
      })
      // Both outcomes must occur, or the generator no longer tests what it claims to.
      expect(accepted).toBeGreaterThan(0)
      expect(refused).toBeGreaterThan(0)
    },
    fuzzTimeout(),
  )

  test(
    'shared PNG decoder: a 64x64/64x32 RGBA image or a PngError, in bounded time',
    async () => {
      const outcomes = { decoded: 0, refused: 0 }
      await checkAsync(500, pngLike(), async (bytes) => {
        const started = performance.now()
        try {
          const png = decodePng(bytes)
          expect(png.width).toBe(64)
          expect([64, 32]).toContain(png.height)
          expect(png.rgba.length).toBe(64 * png.height * 4)
          outcomes.decoded++
        } catch (e) {
          if (!isPngError(e)) throw new Error(`not a PngError: ${e instanceof Error ? e.stack : String(e)}`)
          expect(e.message.length).toBeGreaterThan(0)
          outcomes.refused++
        }
        expect(performance.now() - started).toBeLessThan(MAX_MS_PER_FILE)
      })
      expect(outcomes.decoded).toBeGreaterThan(0)
      expect(outcomes.refused).toBeGreaterThan(0)
    },
    fuzzTimeout(),
  )
})
