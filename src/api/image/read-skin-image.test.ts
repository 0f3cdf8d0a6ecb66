import { describe, expect, test } from 'bun:test'
import { decode as fastPngDecode } from 'fast-png'
import { deflate, inflate } from 'pako'
import { ApiError } from '../errors'
import { badPngCorpus, makeSkinPng, unusualValidPngs } from './fixtures'
import { readSkinImage, skinFromRgba } from './index'
import { chunkTypes, encodeTestPng } from '../../shared/png/testing/encode-test-png'
import vectors from './fixtures/hash-vectors/vectors.json'

const fixture = async (file: string) => new Uint8Array(await Bun.file(new URL(`./fixtures/hash-vectors/${file}`, import.meta.url)).arrayBuffer())

async function rejection(bytes: Uint8Array): Promise<ApiError> {
  try {
    await readSkinImage(bytes)
  } catch (e) {
    if (e instanceof ApiError) return e
    throw e
  }
  throw new Error('the image was accepted')
}

describe('Mojang texture hash vectors (reference/hash-vectors)', () => {
  for (const v of vectors.vectors) {
    test(`${v.file} hashes to ${v.minecraftHash.slice(0, 12)}… at ${v.width}x${v.height}`, async () => {
      const skin = await readSkinImage(await fixture(v.file))
      expect(skin.width).toBe(v.width as 64)
      expect(skin.height).toBe(v.height as 64 | 32)
      expect(skin.textureHash).toBe(v.minecraftHash)
      expect(skin.textureHash).toHaveLength(64)
    })
  }

  test('the leading-zero vector keeps its zero internally and matches the trimmed form Mojang prints', async () => {
    const v = vectors.vectors.find((x) => 'trimmed' in x)!
    const skin = await readSkinImage(await fixture(v.file))
    expect(skin.textureHash.startsWith('0')).toBe(true)
    expect(skin.textureHash.replace(/^0+/, '')).toBe((v as { trimmed: string }).trimmed)
  })

  for (const file of vectors.invalid) {
    test(`${file} is rejected`, async () => {
      const err = await rejection(await fixture(file))
      expect(err.code).toBe('invalid_image')
      expect(err.status).toBe(400)
    })
  }
})

describe('re-encoded PNG', () => {
  test('has only IHDR, IDAT, IEND, RGBA8 without interlace, filter 0 rows and pako level-4 zlib', async () => {
    const input = unusualValidPngs().find((p) => p.name.includes('ancillary'))!
    const skin = await readSkinImage(input.bytes)
    expect(chunkTypes(input.bytes)).toContain('tEXt')
    expect(chunkTypes(skin.png)).toEqual(['IHDR', 'IDAT', 'IEND'])
    expect([...skin.png.subarray(24, 29)]).toEqual([8, 6, 0, 0, 0])
    const idatLen = new DataView(skin.png.buffer, skin.png.byteOffset).getUint32(33)
    const zlib = skin.png.subarray(41, 41 + idatLen)
    const raw = inflate(zlib)
    expect(raw.length).toBe(64 * 257)
    for (let y = 0; y < 64; y++) expect(raw[y * 257]).toBe(0)
    expect(zlib).toEqual(deflate(raw, { level: 4 }))
    expect(new TextDecoder('latin1').decode(skin.png)).not.toContain('hidden payload')
  })

  test('imageHash is sha256 of the RGBA bytes, textureHash sha256 of the re-encoded PNG', async () => {
    const skin = await readSkinImage(makeSkinPng(3))
    expect(skin.imageHash).toBe(new Bun.CryptoHasher('sha256').update(skin.rgba).digest('hex'))
    expect(skin.textureHash).toBe(new Bun.CryptoHasher('sha256').update(skin.png).digest('hex'))
  })

  test('the same pixels give the same texture hash whatever the input encoding', async () => {
    // A patterned image: random noise at 16 bits per sample would exceed the 20 000-byte limit.
    const px = (x: number, y: number) => [(x * 4) & 255, (y * 4) & 255, (x ^ y) * 4, x < 32 ? 255 : y * 4]
    const rgba = Uint8Array.from({ length: 64 * 64 * 4 }, (_, i) => px((i >> 2) % 64, i >> 8)[i & 3]!)
    const a = await readSkinImage(encodeTestPng({ width: 64, height: 64, colorType: 6, bitDepth: 8, sample: px, filters: 'cycle' }))
    const b = await readSkinImage(encodeTestPng({ width: 64, height: 64, colorType: 6, bitDepth: 16, interlace: true, sample: (x, y) => px(x, y).map((v) => v * 257) }))
    expect(a.textureHash).toBe(b.textureHash)
    expect(a.rgba).toEqual(rgba)
  })

  test('skinFromRgba rejects a pixel buffer of the wrong length', async () => {
    expect(skinFromRgba(new Uint8Array(10), 64, 64)).rejects.toMatchObject({ code: 'invalid_image' })
  })
})

describe('valid but unusual PNGs are normalised to RGBA8', () => {
  for (const png of unusualValidPngs()) {
    test(png.name, async () => {
      const skin = await readSkinImage(png.bytes)
      expect(skin.height).toBe(png.height)
      expect(skin.rgba).toEqual(png.expected)
      expect(chunkTypes(skin.png)).toEqual(['IHDR', 'IDAT', 'IEND'])
    })
  }

  test('the fixture encoder agrees with fast-png for 8-bit RGBA, plain and Adam7 (independent oracle)', () => {
    const names = ['RGBA 8-bit interlaced (Adam7)', 'RGBA 8-bit split into 100-byte IDATs']
    for (const png of unusualValidPngs().filter((p) => names.includes(p.name))) {
      const decoded = fastPngDecode(png.bytes)
      expect(decoded.channels).toBe(4)
      expect(png.expected).toEqual(new Uint8Array(decoded.data))
    }
  })
})

describe('bad files are refused with 400 invalid_image and a readable reason', () => {
  for (const bad of badPngCorpus()) {
    test(bad.name, async () => {
      const err = await rejection(bad.bytes)
      expect(err.code).toBe('invalid_image')
      expect(err.status).toBe(400)
      expect(err.source).toBe('CLIENT')
      expect(err.message).toMatch(bad.reason)
    })
  }

  test('the IHDR size is refused before any later chunk is read or inflated', async () => {
    const huge = badPngCorpus().find((b) => b.name === 'huge IHDR 100000x100000')!.bytes.slice()
    huge[huge.length - 20]! ^= 0xff // corrupt the IDAT: the size error must still come first
    expect((await rejection(huge)).message).toMatch(/100000x100000 pixels/)
  })
})
