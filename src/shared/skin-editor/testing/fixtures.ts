/**
 * Test helpers: the skin PNG fixtures the renderer's tests use (MineSkin/mineskin-hash-rust vectors,
 * src/render/testing/fixtures) decoded with the shared PNG decoder, and texel shorthands.
 * @module
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodePng, SKIN_TEXTURE_LIMITS } from '../../png'
import { getTexel, type Color, type SkinTexture } from '../texture'

const FIXTURES = join(import.meta.dir, '../../../render/testing/fixtures')

/** The bytes of a fixture PNG, e.g. `randomImage1.png`. */
export const fixturePng = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)))

/** A 64x64 fixture as an editor texture. */
export function fixtureTexture(name: string): SkinTexture {
  const png = decodePng(fixturePng(name), SKIN_TEXTURE_LIMITS)
  if (png.height !== 64) throw new Error(`${name} is not 64x64`)
  return { rgba: new Uint8ClampedArray(png.rgba) }
}

/** A 64x32 legacy fixture's raw RGBA. */
export function legacyFixture(name: string): Uint8Array {
  const png = decodePng(fixturePng(name), SKIN_TEXTURE_LIMITS)
  if (png.height !== 32) throw new Error(`${name} is not 64x32`)
  return png.rgba
}

/** The colour at (x, y) of a raw RGBA image `width` texels wide. */
export function rawTexel(rgba: Uint8Array, width: number, x: number, y: number): Color {
  const i = (y * width + x) * 4
  return (((rgba[i] ?? 0) << 24) | ((rgba[i + 1] ?? 0) << 16) | ((rgba[i + 2] ?? 0) << 8) | (rgba[i + 3] ?? 0)) >>> 0
}

/** Indices of the texels where two textures differ, as "x,y". */
export function diffTexels(a: SkinTexture, b: SkinTexture): string[] {
  const out: string[] = []
  for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) if (getTexel(a, x, y) !== getTexel(b, x, y)) out.push(`${x},${y}`)
  return out
}
