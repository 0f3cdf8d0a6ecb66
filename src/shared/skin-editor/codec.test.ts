import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { encodeMinecraftPng } from '../png'
import { decodeSkinPng, EditorImportError, encodeSkinPng } from './codec'
import { expandLegacy } from './convert'
import { getTexel, SIZE } from './texture'
import { fixturePng, fixtureTexture, legacyFixture } from './testing/fixtures'

// The repository's copy of the Mojang texture-hash vectors (the API's image tests read the same file).
const vectors = JSON.parse(readFileSync(`${import.meta.dir}/../../api/image/fixtures/hash-vectors/vectors.json`, 'utf8')) as {
  vectors: { file: string; height: number; minecraftHash: string }[]
}

const codeOf = (bytes: Uint8Array): string => {
  try {
    decodeSkinPng(bytes)
    return 'accepted'
  } catch (e) {
    return e instanceof EditorImportError ? e.code : String(e)
  }
}

describe('codec', () => {
  test('a downloaded PNG hashes to the Minecraft texture hash of the same pixels', () => {
    for (const v of vectors.vectors.filter((v) => v.height === 64 && v.file.startsWith('random'))) {
      const { texture, legacy } = decodeSkinPng(fixturePng(v.file))
      expect(legacy).toBe(false)
      expect(texture.rgba).toEqual(fixtureTexture(v.file).rgba)
      const hash = createHash('sha256').update(encodeSkinPng(texture)).digest('hex').replace(/^0+/, '')
      expect(hash).toBe(v.minecraftHash)
    }
  })

  test('encode → decode gives the exact bytes back, and noise stays under the 20 000-byte cap', () => {
    let seed = 7
    const noise = { rgba: new Uint8ClampedArray(SIZE * SIZE * 4).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff) }
    const png = encodeSkinPng(noise)
    expect(png.length).toBeLessThanOrEqual(20_000)
    expect(decodeSkinPng(png).texture.rgba).toEqual(noise.rgba)
  })

  test('a legacy skin is expanded and flagged', () => {
    const { texture, legacy } = decodeSkinPng(fixturePng('randomImage321.png'))
    expect(legacy).toBe(true)
    expect(texture.rgba).toEqual(expandLegacy(legacyFixture('randomImage321.png')).rgba)
  })

  test('a legacy skin with an all-opaque hat area loses its hat, as in the game', () => {
    const raw = legacyFixture('randomImage322.png').slice()
    for (let y = 0; y < 32; y++) for (let x = 32; x < 64; x++) raw[(y * 64 + x) * 4 + 3] = 255
    const { texture } = decodeSkinPng(encodeMinecraftPng(raw, 64, 32))
    const expanded = expandLegacy(raw)
    for (let y = 0; y < 16; y++) for (let x = 40; x < 56; x++) expect(getTexel(texture, x, y)).toBe(0)
    expect(getTexel(texture, 12, 12)).toBe(getTexel(expanded, 12, 12))
    expect(getTexel(texture, 45, 25)).toBe(getTexel(expanded, 45, 25))
    expect(getTexel(expanded, 44, 8) & 0xff).toBe(255)
  })

  test('refusals carry a stable code', () => {
    expect(codeOf(fixturePng('invalid_small.png'))).toBe('bad_size')
    expect(codeOf(fixturePng('invalid_big.png'))).toBe('bad_size')
    expect(codeOf(new TextEncoder().encode('GIF89a not a png'))).toBe('not_png')
    expect(codeOf(fixturePng('randomImage1.png').subarray(0, 200))).toBe('bad_png')
    const huge = new Uint8Array(300 * 1024)
    huge.set(fixturePng('randomImage1.png'))
    expect(codeOf(huge)).toBe('too_large')
  })
})
