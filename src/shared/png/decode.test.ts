/**
 * The shared decoder on its own (the API's and the renderer's skin tests cover it through their
 * callers): every filter, colour type and depth, Adam7 against fast-png as an independent oracle,
 * and the bounded inflate that refuses a decompression bomb after one small step.
 */
import { describe, expect, test } from 'bun:test'
import { decode as fastPngDecode, encode as fastPngEncode } from 'fast-png'
import { deflate, inflate } from 'pako'
import { decodePng } from './decode'
import { isPngError, type PngErrorCode } from './errors'
import type { PngLimits } from './limits'
import { encodeTestPng, rawImageData, type TestPngSpec } from './testing/encode-test-png'

const anySize: PngLimits = { maxBytes: 1 << 20, acceptSize: () => true, sizeRule: 'any size' }
const W = 16
const H = 12

/** Deterministic bytes (xorshift32) with some runs, so every filter sees varied neighbours. */
function noise(seed: number): (x: number, y: number) => number[] {
  return (x, y) => {
    let s = seed + x * 977 + y * 131
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    const v = (s >>> 0) & 0xff
    return [v, (v * 3) & 255, x % 3 === 0 ? 7 : v ^ 0x55, y % 2 ? 255 : v]
  }
}

function expected(spec: Pick<TestPngSpec, 'width' | 'height'>, px: (x: number, y: number) => readonly number[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(spec.width * spec.height * 4)
  for (let y = 0; y < spec.height; y++) for (let x = 0; x < spec.width; x++) out.set(px(x, y), (y * spec.width + x) * 4)
  return out
}

function code(f: () => unknown): PngErrorCode | 'decoded' {
  try {
    f()
  } catch (e) {
    if (isPngError(e)) return e.code
    throw e
  }
  return 'decoded'
}

describe('decodePng', () => {
  test('reverses all five filters across split IDAT chunks', () => {
    const px = noise(99)
    const png = encodeTestPng({ width: W, height: H, colorType: 6, bitDepth: 8, sample: px, filters: [0, 1, 2, 3, 4, 4, 3, 2, 1], idatSize: 50 })
    expect(decodePng(png, anySize).rgba).toEqual(expected({ width: W, height: H }, px))
  })

  test('truecolour with a tRNS colour key, greyscale with a key, grey + alpha, palette with a short tRNS', () => {
    const rgb = encodeTestPng({ width: W, height: H, colorType: 2, bitDepth: 8, filters: [4, 1], transparency: Uint8Array.of(0, 1, 0, 2, 0, 3), sample: (x, y) => (x + y === 0 ? [1, 2, 3] : [x, y, 9]) })
    const out = decodePng(rgb, anySize).rgba
    expect([...out.subarray(0, 8)]).toEqual([1, 2, 3, 0, 1, 0, 9, 255])
    const grey = decodePng(encodeTestPng({ width: W, height: H, colorType: 0, bitDepth: 8, transparency: Uint8Array.of(0, 40), sample: (x) => [40 + (x % 2)] }), anySize).rgba
    expect([...grey.subarray(0, 8)]).toEqual([40, 40, 40, 0, 41, 41, 41, 255])
    const ga = decodePng(encodeTestPng({ width: W, height: H, colorType: 4, bitDepth: 8, filters: 3, sample: (x, y) => [x * 9, y * 7] }), anySize).rgba
    expect([...ga.subarray(4, 8)]).toEqual([9, 9, 9, 0])
    const palette = [[255, 0, 0], [0, 255, 0], [0, 0, 255]] as const
    const pal = decodePng(encodeTestPng({ width: W, height: H, colorType: 3, bitDepth: 8, palette, transparency: Uint8Array.of(128), sample: (x, y) => [(x + y) % 3] }), anySize).rgba
    for (let i = 0; i < W * H; i++) {
      const k = ((i % W) + Math.floor(i / W)) % 3
      expect([...pal.subarray(i * 4, i * 4 + 4)]).toEqual([...palette[k]!, k === 0 ? 128 : 255])
    }
  })

  test('Adam7 agrees with fast-png (an independent decoder), 8 and 16 bits', () => {
    const rgba = Uint8Array.from({ length: 64 * 64 * 4 }, (_, i) => (i * 7919) % 251)
    const png = fastPngEncode({ width: 64, height: 64, data: rgba, channels: 4, depth: 8 }, { interlace: 'Adam7' })
    expect(decodePng(png, anySize).rgba).toEqual(rgba)
    const ours = encodeTestPng({ width: 33, height: 17, colorType: 6, bitDepth: 16, interlace: true, filters: 'cycle', sample: (x, y) => [x * 1999, y * 3001, (x * y) & 0xffff, 65535] })
    const oracle = fastPngDecode(ours)
    expect(decodePng(ours, anySize).rgba).toEqual(Uint8Array.from(oracle.data as Uint16Array, (v) => v >> 8))
  })

  test('packed low-bit samples: 1-bit grey with tRNS, 4-bit palette, interlaced 2-bit', () => {
    const grey = decodePng(encodeTestPng({ width: 8, height: 1, colorType: 0, bitDepth: 1, transparency: Uint8Array.of(0, 0), sample: (x) => [[1, 0, 1, 1, 0, 0, 0, 0][x]!] }), anySize).rgba
    expect([...grey.subarray(0, 8)]).toEqual([255, 255, 255, 255, 0, 0, 0, 0])
    const pal4 = [[0, 0, 0], [10, 10, 10], [20, 20, 20], [30, 30, 30]] as const
    const indexed = decodePng(encodeTestPng({ width: 5, height: 3, colorType: 3, bitDepth: 4, palette: pal4, sample: (x, y) => [(x + y) % 4] }), anySize).rgba
    expect([...indexed.subarray(4 * 4, 5 * 4)]).toEqual([0, 0, 0, 255])
    const twoBit = decodePng(encodeTestPng({ width: 13, height: 11, colorType: 0, bitDepth: 2, interlace: true, sample: (x, y) => [(x ^ y) & 3] }), anySize).rgba
    expect(twoBit[(10 * 13 + 12) * 4]).toBe(((12 ^ 10) & 3) * 85)
  })

  test('refuses short, corrupt and over-long image data, unknown filters and palette indexes', () => {
    const spec = { width: W, height: H, colorType: 6, bitDepth: 8, sample: noise(1) } as const
    const raw = rawImageData(spec)
    expect(code(() => decodePng(encodeTestPng({ ...spec, zlib: deflate(raw.subarray(0, raw.length - 1)) }), anySize))).toBe('data')
    expect(code(() => decodePng(encodeTestPng({ ...spec, zlib: deflate(new Uint8Array([...raw, 0])) }), anySize))).toBe('data')
    expect(code(() => decodePng(encodeTestPng({ ...spec, zlib: Uint8Array.of(0x78, 0x9c, 0xff, 0xff, 0xff) }), anySize))).toBe('data')
    expect(code(() => decodePng(encodeTestPng({ ...spec, filters: 7 }), anySize))).toBe('data')
    expect(code(() => decodePng(encodeTestPng({ width: W, height: H, colorType: 3, bitDepth: 8, palette: [[1, 2, 3]], sample: () => [5] }), anySize))).toBe('data')
  })

  test('a decompression bomb behind a truthful-looking 64x64 header stops after one small step', () => {
    const inflated = 4 * 1024 * 1024
    const bomb = encodeTestPng({ width: 64, height: 64, colorType: 6, bitDepth: 8, sample: () => [0, 0, 0, 0], zlib: deflate(new Uint8Array(inflated), { level: 9 }) })
    expect(bomb.length).toBeLessThan(20_000)
    expect(() => decodePng(bomb)).toThrow('the image data is larger than the IHDR size allows')
    // Refusing must cost a small fraction of what inflating the whole stream costs (best of 3 each).
    const time = (f: () => unknown) => Math.min(...[0, 1, 2].map(() => { const t = performance.now(); try { f() } catch {} return performance.now() - t }))
    const refused = time(() => decodePng(bomb))
    const full = time(() => inflate(bomb.subarray(41, bomb.length - 12)))
    expect(refused * 10).toBeLessThan(full)
  })
})
