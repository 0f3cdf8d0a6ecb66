/**
 * The renderer's compact encoder, read back by fast-png (an independent decoder) and by ours.
 */
import { describe, expect, test } from 'bun:test'
import { decode } from 'fast-png'
import { decodePng } from './decode'
import { encodeCompactPng, type RgbaPixels } from './encode-compact'
import { peekPngSize } from './signature'

type RgbaImage = RgbaPixels
const createImage = (width: number, height: number): RgbaImage => ({ width, height, rgba: new Uint8Array(width * height * 4) })
const anySize = { maxBytes: 1 << 24, acceptSize: () => true, sizeRule: 'any size' }

/** fast-png's reading of an indexed or RGBA8 PNG as RGBA8, cross-checked against the shared decoder. */
function decodeForTest(png: Uint8Array): RgbaImage {
  const d = decode(png, { checkCrc: true })
  const rgba = new Uint8Array(d.width * d.height * 4)
  for (let i = 0; i < d.width * d.height; i++) {
    const entry = d.palette ? (d.palette[d.data[i]!] ?? []) : Array.from(d.data.subarray(i * 4, i * 4 + 4))
    rgba.set([entry[0] ?? 0, entry[1] ?? 0, entry[2] ?? 0, entry[3] ?? 255], i * 4)
  }
  expect(decodePng(png, anySize).rgba).toEqual(rgba)
  return { width: d.width, height: d.height, rgba }
}

/** A deterministic pseudo-random source (xorshift32), so the image is the same on every run. */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 2 ** 32
  }
}

function colourType(png: Uint8Array): number {
  return png[25] ?? -1
}

/** Equal pixels, treating every alpha-0 pixel as the same (its RGB is not visible). */
function expectSamePixels(actual: RgbaImage, expected: RgbaImage): void {
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height])
  for (let i = 0; i < expected.rgba.length; i += 4) {
    const want = expected.rgba[i + 3] === 0 ? [0, 0, 0, 0] : Array.from(expected.rgba.subarray(i, i + 4))
    const got = actual.rgba[i + 3] === 0 ? [0, 0, 0, 0] : Array.from(actual.rgba.subarray(i, i + 4))
    if (got.join() !== want.join()) expect({ pixel: i / 4, got }).toEqual({ pixel: i / 4, got: want })
  }
}

describe('encodeCompactPng (the renderer\'s PNG out)', () => {
  test('writes an indexed PNG (with tRNS for transparent and translucent entries) when ≤ 256 colours', () => {
    const image = createImage(30, 20)
    const next = random(7)
    for (let i = 0; i < 600; i++) {
      const c = Math.floor(next() * 200)
      image.rgba.set(c % 3 === 0 ? [c, 0, 0, 0] : [c, 255 - c, c >> 1, c % 5 === 0 ? 128 : 255], i * 4)
    }
    const png = encodeCompactPng(image)
    expect(colourType(png)).toBe(3)
    expectSamePixels(decodeForTest(png), image)
  })

  test('falls back to RGBA8 beyond 256 colours', () => {
    const image = createImage(64, 64)
    const next = random(42)
    for (let i = 0; i < image.rgba.length; i++) image.rgba[i] = Math.floor(next() * 256)
    const png = encodeCompactPng(image)
    expect(colourType(png)).toBe(6)
    expectSamePixels(decodeForTest(png), image)
  })

  test('round-trips repeated rows (the Up-filtered rows of a scaled render) and a 1x1 image', () => {
    const image = createImage(5, 40)
    for (let y = 0; y < 40; y++) for (let x = 0; x < 5; x++) image.rgba.set([Math.floor(y / 10) * 60, x * 50, 9, 255], (y * 5 + x) * 4)
    expectSamePixels(decodeForTest(encodeCompactPng(image)), image)
    const dot = createImage(1, 1)
    dot.rgba.set([1, 2, 3, 4])
    expectSamePixels(decodeForTest(encodeCompactPng(dot)), dot)
  })

  test('writes a valid signature and IHDR with the image size', () => {
    expect(peekPngSize(encodeCompactPng(createImage(180, 201)))).toEqual({ width: 180, height: 201 })
  })
})
