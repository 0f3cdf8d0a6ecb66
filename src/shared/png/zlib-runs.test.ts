import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { inflate } from 'pako'
import { adler32, zlibRuns } from './zlib-runs'

/** The platform's own zlib decoder (the web-standard DecompressionStream, RFC 1950 "deflate"). */
async function platformInflate(z: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([z as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** Inflated by two independent decoders (pako and the platform's), which must agree with the input. */
async function roundTrips(data: Uint8Array, near: number, far: number): Promise<void> {
  const z = zlibRuns(data, near, far)
  expect(Array.from(inflate(z))).toEqual(Array.from(data))
  expect(Array.from(await platformInflate(z))).toEqual(Array.from(data))
}

describe('adler32 (RFC 1950 §8.2)', () => {
  test('known values', () => {
    expect(adler32(new TextEncoder().encode('Wikipedia'))).toBe(0x11e60398)
    expect(adler32(new Uint8Array(0))).toBe(1)
    // 100 000 × 0xff would overflow 32-bit sums without the modulo every 5552 bytes; compare
    // with the textbook definition (modulo after every byte).
    const big = new Uint8Array(100_000).fill(0xff)
    let a = 1
    let b = 0
    for (const byte of big) {
      a = (a + byte) % 65521
      b = (b + a) % 65521
    }
    expect(adler32(big)).toBe(((b << 16) | a) >>> 0)
  })
})

describe('zlibRuns', () => {
  test('empty, single-byte and all-literal inputs', async () => {
    await roundTrips(new Uint8Array(0), 1, 10)
    await roundTrips(Uint8Array.of(7), 1, 10)
    await roundTrips(Uint8Array.from({ length: 300 }, (_, i) => i & 0xff), 4, 41)
  })

  test('long runs cut into 258-byte matches, and whole repeated rows', async () => {
    await roundTrips(new Uint8Array(100_000).fill(9), 1, 181)
    const row = Uint8Array.from({ length: 181 }, (_, i) => (i * 7) & 0xff)
    const rows = new Uint8Array(181 * 50)
    for (let y = 0; y < 50; y++) rows.set(row, y * 181)
    await roundTrips(rows, 1, 181)
    expect(zlibRuns(rows, 1, 181).length).toBeLessThan(600)
  })

  test('matches far back in the window (distance codes with 13 extra bits)', async () => {
    for (const far of [24_577, 30_000, 32_768]) {
      const block = Uint8Array.from({ length: far }, (_, i) => (i * 2654435761) >>> 24)
      const data = new Uint8Array(far * 2)
      data.set(block)
      data.set(block, far)
      await roundTrips(data, 1, far)
      expect(zlibRuns(data, 1, far).length).toBeLessThan(far * 1.2 + 1000)
    }
  })

  test('distances outside 1…32768 are simply not used', async () => {
    const data = new Uint8Array(70_000).fill(3)
    await roundTrips(data, 0, 40_000)
  })

  test('any bytes at any distances round-trip (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 400 })), { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 3000 }),
        async (runs, near, far) => {
          const data = new Uint8Array(runs.flatMap(([value, length]) => Array<number>(length).fill(value)))
          await roundTrips(data, near, far)
        },
      ),
      { numRuns: 200 },
    )
  })
})
