import { describe, expect, test } from 'bun:test'
import { encode } from 'fast-png'
import { deflate } from 'pako'
import { isRenderError } from './errors'
import { decodePngRgba } from './png-decode'
import { buildPng, filterRows } from './testing/png-builder'

const anySize = (): boolean => true
const W = 16
const H = 12

/** Deterministic bytes (xorshift32) with some runs, so every filter sees varied neighbours. */
function samples(n: number, seed: number): Uint8Array {
  let s = seed
  const out = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    out[i] = i % 7 < 3 ? (out[i - 1] ?? 0) : (s >>> 0) & 0xff
  }
  return out
}

function code(f: () => unknown): string {
  try {
    f()
  } catch (e) {
    if (isRenderError(e)) return `${e.status} ${e.code}`
    throw e
  }
  return 'decoded'
}

describe('decodePngRgba', () => {
  test('reverses all five filters (None, Sub, Up, Average, Paeth) across split IDAT chunks', () => {
    const rgba = samples(W * H * 4, 99)
    const png = buildPng({ width: W, height: H, colorType: 6, samples: rgba, filters: [0, 1, 2, 3, 4, 4, 3, 2, 1], idatChunks: 3 })
    expect(decodePngRgba(png, anySize).rgba).toEqual(rgba)
  })

  test('expands truecolour, honouring a tRNS colour key', () => {
    const rgb = samples(W * H * 3, 5)
    rgb.set([1, 2, 3], 0)
    const png = buildPng({ width: W, height: H, colorType: 2, samples: rgb, filters: [4, 1], trns: Uint8Array.of(0, 1, 0, 2, 0, 3) })
    const out = decodePngRgba(png, anySize).rgba
    expect(Array.from(out.subarray(0, 4))).toEqual([1, 2, 3, 0])
    expect(Array.from(out.subarray(4, 8))).toEqual([...rgb.subarray(3, 6), 255])
  })

  test('expands greyscale (with tRNS) and greyscale + alpha', () => {
    const grey = samples(W * H, 11)
    grey[0] = 40
    grey[1] = 41
    const g = decodePngRgba(buildPng({ width: W, height: H, colorType: 0, samples: grey, trns: Uint8Array.of(0, 40) }), anySize).rgba
    expect(Array.from(g.subarray(0, 8))).toEqual([40, 40, 40, 0, 41, 41, 41, 255])
    const ga = samples(W * H * 2, 12)
    const out = decodePngRgba(buildPng({ width: W, height: H, colorType: 4, samples: ga, filters: [3] }), anySize).rgba
    expect(Array.from(out.subarray(4, 8))).toEqual([ga[2] ?? -1, ga[2] ?? -1, ga[2] ?? -1, ga[3] ?? -1])
  })

  test('expands an indexed image through PLTE and a short tRNS', () => {
    const indices = samples(W * H, 3).map((v) => v % 3)
    const plte = Uint8Array.of(255, 0, 0, 0, 255, 0, 0, 0, 255)
    const out = decodePngRgba(buildPng({ width: W, height: H, colorType: 3, samples: indices, plte, trns: Uint8Array.of(128) }), anySize).rgba
    for (let i = 0; i < W * H; i++) {
      const k = indices[i] ?? 0
      expect(Array.from(out.subarray(i * 4, i * 4 + 4))).toEqual([...plte.subarray(k * 3, k * 3 + 3), k === 0 ? 128 : 255])
    }
  })

  test('decodes an Adam7-interlaced PNG (through fast-png)', () => {
    const rgba = samples(64 * 64 * 4, 8)
    const png = encode({ width: 64, height: 64, data: rgba, channels: 4, depth: 8 }, { interlace: 'Adam7' })
    expect(decodePngRgba(png, anySize).rgba).toEqual(rgba)
  })

  test('expands packed low-bit images (through fast-png): 4-bit palette and 1-bit greyscale with tRNS', () => {
    // 4 pixels per row of 2 bytes: indices 0,1,2,3 → 0x01, 0x23
    const indexed = buildPng({ width: 4, height: 2, depth: 4, colorType: 3, samples: Uint8Array.of(0x01, 0x23, 0x32, 0x10), plte: Uint8Array.of(0, 0, 0, 10, 10, 10, 20, 20, 20, 30, 30, 30), trns: Uint8Array.of(0) })
    const pal = decodePngRgba(indexed, anySize).rgba
    expect(Array.from(pal.subarray(0, 16))).toEqual([0, 0, 0, 0, 10, 10, 10, 255, 20, 20, 20, 255, 30, 30, 30, 255])
    expect(Array.from(pal.subarray(16, 20))).toEqual([30, 30, 30, 255])
    // 8 pixels per byte: 1,0,1,1,0,0,0,0; grey 0 is the transparent key
    const grey = decodePngRgba(buildPng({ width: 8, height: 1, depth: 1, colorType: 0, samples: Uint8Array.of(0b10110000), trns: Uint8Array.of(0, 0) }), anySize).rgba
    expect(Array.from(grey.subarray(0, 8))).toEqual([255, 255, 255, 255, 0, 0, 0, 0])
  })

  test('rejects a zip bomb: image data inflating far beyond 64x64 stops at the cap', () => {
    const bomb = deflate(new Uint8Array(1024 * 1024))
    expect(bomb.length).toBeLessThan(4 * 1024)
    const png = buildPng({ width: 64, height: 64, colorType: 6, samples: new Uint8Array(0), zlib: bomb })
    expect(code(() => decodePngRgba(png, anySize))).toBe('400 invalid_image')
  })

  test('rejects short image data, a corrupt stream, an unknown filter, a bad palette index and missing IDAT', () => {
    const rgba = samples(W * H * 4, 1)
    const short = buildPng({ width: W, height: H + 1, colorType: 6, samples: rgba, zlib: deflate(filterRows(rgba, W * 4, H, 4, [0])) })
    expect(code(() => decodePngRgba(short, anySize))).toBe('400 invalid_image')
    const corrupt = buildPng({ width: W, height: H, colorType: 6, samples: rgba, zlib: Uint8Array.of(0x78, 0x9c, 0xff, 0xff, 0xff) })
    expect(code(() => decodePngRgba(corrupt, anySize))).toBe('400 invalid_image')
    const badFilter = buildPng({ width: W, height: H, colorType: 6, samples: rgba, filters: [7] })
    expect(code(() => decodePngRgba(badFilter, anySize))).toBe('400 invalid_image')
    const badIndex = buildPng({ width: W, height: H, colorType: 3, samples: new Uint8Array(W * H).fill(5), plte: Uint8Array.of(1, 2, 3) })
    expect(code(() => decodePngRgba(badIndex, anySize))).toBe('400 invalid_image')
    const png = buildPng({ width: W, height: H, colorType: 6, samples: rgba })
    const noIdat = png.slice(0, 33)
    expect(code(() => decodePngRgba(noIdat, anySize))).toBe('400 invalid_image')
  })
})
