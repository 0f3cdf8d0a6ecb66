import { describe, expect, test } from 'bun:test'
import { encode } from 'fast-png'
import { decodeSkin } from './decode-skin'
import { isRenderError } from './errors'
import { pixelAt, type RgbaImage } from './image'
import { FACES, PARTS, faceRectOf, pngOf, syntheticSkin, syntheticSkinPng, texelColour, type Face } from './testing/synthetic-skin'

// Copies of reference/hash-vectors images (MineSkin/mineskin-hash-rust, MIT).
const VECTORS = new URL('./testing/fixtures/', import.meta.url)
const vector = (name: string): Promise<Uint8Array> => Bun.file(new URL(name, VECTORS)).bytes()

/** Paints every pixel of (32,0)-(64,32) that is below alpha 128 with `colour`, as an old opaque skin would be. */
function opaqueNotchRegion(skin: RgbaImage, colour: [number, number, number, number]): void {
  for (let y = 0; y < 32; y++) {
    for (let x = 32; x < 64; x++) if ((skin.rgba[(y * 64 + x) * 4 + 3] ?? 0) < 128) skin.rgba.set(colour, (y * 64 + x) * 4)
  }
}

function invalidImage(bytes: Uint8Array): string {
  try {
    decodeSkin(bytes)
  } catch (e) {
    if (isRenderError(e)) return `${e.status} ${e.code}`
    throw e
  }
  return 'decoded'
}

describe('decodeSkin: 64x64', () => {
  test('keeps every texel of every face of a modern skin (overlays untouched, base already opaque)', () => {
    const skin = decodeSkin(syntheticSkinPng())
    for (const part of PARTS) {
      for (const layer of ['base', 'overlay'] as const) {
        for (const face of FACES) {
          const [x, y, w, h] = faceRectOf(part, layer, face)
          for (let ty = 0; ty < h; ty++) {
            for (let tx = 0; tx < w; tx++) expect(pixelAt(skin, x + tx, y + ty)).toEqual(texelColour(part, layer, face, tx, ty))
          }
        }
      }
    }
  })

  test('forces the base layers opaque but keeps their RGB (transparent base renders black, like the game)', () => {
    const source = syntheticSkin()
    const i = (10 * 64 + 10) * 4 // head front
    const j = (52 * 64 + 20) * 4 // left leg front
    source.rgba.set([0, 0, 0, 0], i)
    source.rgba.set([12, 34, 56, 0], j)
    const skin = decodeSkin(pngOf(source))
    expect(pixelAt(skin, 10, 10)).toEqual([0, 0, 0, 255])
    expect(pixelAt(skin, 20, 52)).toEqual([12, 34, 56, 255])
  })

  test('keeps a fully opaque hat: the Notch hack is for legacy skins only', () => {
    const source = syntheticSkin()
    for (let y = 0; y < 16; y++) for (let x = 32; x < 64; x++) source.rgba.set([1, 2, 3, 255], (y * 64 + x) * 4)
    expect(pixelAt(decodeSkin(pngOf(source)), 40, 8)).toEqual([1, 2, 3, 255])
  })
})

describe('decodeSkin: legacy 64x32', () => {
  const skin = decodeSkin(syntheticSkinPng({ legacy: true }))
  // The inner and outer sides swap places when a limb is mirrored (reference §2.1 step 1).
  const mirroredFace: Record<Face, Face> = { top: 'top', bottom: 'bottom', right: 'left', front: 'front', left: 'right', back: 'back' }

  test('becomes 64x64 with the top half unchanged', () => {
    expect(skin.width).toBe(64)
    expect(skin.height).toBe(64)
    expect(pixelAt(skin, 8, 8)).toEqual(texelColour('head', 'base', 'front', 0, 0))
  })

  for (const [left, right] of [['leftLeg', 'rightLeg'], ['leftArm', 'rightArm']] as const) {
    for (const face of FACES) {
      test(`${left} ${face} is the ${right} ${mirroredFace[face]} face mirrored horizontally`, () => {
        const [x, y, w, h] = faceRectOf(left, 'base', face)
        for (let ty = 0; ty < h; ty++) {
          for (let tx = 0; tx < w; tx++) {
            expect(pixelAt(skin, x + tx, y + ty)).toEqual(texelColour(right, 'base', mirroredFace[face], w - 1 - tx, ty))
          }
        }
      })
    }
  }

  test('leaves the new overlay layers empty', () => {
    for (const part of ['body', 'rightArm', 'leftArm', 'rightLeg', 'leftLeg'] as const) {
      const [x, y] = faceRectOf(part, 'overlay', 'front')
      expect(pixelAt(skin, x, y)[3]).toBe(0)
    }
  })

  test('keeps a hat that has transparent pixels', () => {
    expect(pixelAt(skin, 40, 8)).toEqual(texelColour('head', 'overlay', 'front', 0, 0))
  })

  test('clears a hat region with no pixel below alpha 128 (Notch transparency hack), base rows stay opaque', () => {
    const source = syntheticSkin({ legacy: true })
    opaqueNotchRegion(source, [9, 9, 9, 128])
    const cleared = decodeSkin(pngOf(source))
    expect(pixelAt(cleared, 40, 8)[3]).toBe(0)
    expect(pixelAt(cleared, 63, 0)[3]).toBe(0)
    expect(pixelAt(cleared, 44, 20)).toEqual(texelColour('rightArm', 'base', 'front', 0, 0))
  })

  test('keeps the hat when a single pixel of the region is below alpha 128', () => {
    const source = syntheticSkin({ legacy: true })
    opaqueNotchRegion(source, [9, 9, 9, 255])
    source.rgba[(31 * 64 + 63) * 4 + 3] = 127
    expect(pixelAt(decodeSkin(pngOf(source)), 47, 8)).toEqual([9, 9, 9, 255])
  })
})

describe('decodeSkin: input checks', () => {
  test('rejects sizes the game discards', async () => {
    expect(invalidImage(await vector('invalid_big.png'))).toBe('400 invalid_image')
    expect(invalidImage(await vector('invalid_small.png'))).toBe('400 invalid_image')
  })

  test('rejects bytes that are not a PNG, and a truncated PNG', () => {
    expect(invalidImage(new TextEncoder().encode('<html>not a skin</html>'))).toBe('400 invalid_image')
    const whole = syntheticSkinPng()
    expect(invalidImage(whole.subarray(0, 60))).toBe('400 invalid_image')
  })

  test('reads the size from IHDR before inflating: a huge declared size fails without decoding', () => {
    const bomb = syntheticSkinPng()
    const view = new DataView(bomb.buffer, bomb.byteOffset)
    view.setUint32(16, 60000)
    view.setUint32(20, 60000)
    expect(invalidImage(bomb)).toBe('400 invalid_image')
  })

  test('decodes every reference skin, legacy ones to 64x64', async () => {
    for (const file of ['randomImage1.png', 'randomImage2.png', 'randomImage3.png', 'randomImage4.png', 'randomImage321.png', 'randomImage322.png', 'trimmed0.png']) {
      const skin = decodeSkin(await vector(file))
      expect([skin.width, skin.height, skin.rgba.length]).toEqual([64, 64, 64 * 64 * 4])
    }
  })

  test('expands greyscale and 16-bit PNGs to RGBA8', () => {
    const grey = new Uint8Array(64 * 64).fill(77)
    const g = decodeSkin(encode({ width: 64, height: 64, data: grey, channels: 1, depth: 8 }))
    expect(pixelAt(g, 40, 8)).toEqual([77, 77, 77, 255])
    const wide = new Uint16Array(64 * 64 * 4)
    for (let i = 0; i < 64 * 64; i++) wide.set([0x1234, 0xabcd, 0xff00, 0xffff], i * 4)
    const w = decodeSkin(encode({ width: 64, height: 64, data: wide, channels: 4, depth: 16 }))
    expect(pixelAt(w, 40, 8)).toEqual([0x12, 0xab, 0xff, 255])
  })
})
