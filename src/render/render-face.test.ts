import { describe, expect, test } from 'bun:test'
import { decodeSkin } from './decode-skin'
import { renderFace } from './render-face'
import { colourSet, texelBlock } from './testing/pixels'
import { pngOf, syntheticSkin, syntheticSkinPng, texelColour, type Rgba } from './testing/synthetic-skin'
import type { RgbaImage } from './image'

const skin = decodeSkin(syntheticSkinPng())

/** Every pixel of the texel's block must be exactly `colour`: nearest-neighbour, no smoothing. */
function expectTexel(image: RgbaImage, scale: number, tx: number, ty: number, colour: Rgba): void {
  for (const p of texelBlock(image, scale, tx, ty)) expect(p).toEqual(colour)
}

describe('renderFace', () => {
  test('is 8·scale square, scale 10 by default', () => {
    const face = renderFace(skin)
    expect([face.width, face.height]).toEqual([80, 80])
  })

  test('draws the hat front over the face front', () => {
    const face = renderFace(skin, { scale: 10 })
    expectTexel(face, 10, 0, 0, texelColour('head', 'overlay', 'front', 0, 0))
    expectTexel(face, 10, 3, 7, texelColour('head', 'overlay', 'front', 3, 7))
    // the hat's right half is transparent: the face shows through
    expectTexel(face, 10, 4, 0, texelColour('head', 'base', 'front', 4, 0))
    expectTexel(face, 10, 7, 7, texelColour('head', 'base', 'front', 7, 7))
  })

  test('without overlay shows the bare face, marker at its top-left', () => {
    const face = renderFace(skin, { scale: 10, overlay: false })
    expectTexel(face, 10, 0, 0, texelColour('head', 'base', 'front', 0, 0))
    expectTexel(face, 10, 1, 0, texelColour('head', 'base', 'front', 1, 0))
  })

  test('blends a half-transparent hat over the face (source-over)', () => {
    const source = syntheticSkin()
    source.rgba.set([255, 0, 0, 128], (8 * 64 + 44) * 4) // hat front texel (4,0), over face texel (4,0)
    const face = renderFace(decodeSkin(pngOf(source)), { scale: 1 })
    const [r, g, b] = texelColour('head', 'base', 'front', 4, 0)
    const a = 128 / 255
    expect(Array.from(face.rgba.subarray(16, 20))).toEqual([
      Math.round(255 * a + r * (1 - a)),
      Math.round(0 * a + g * (1 - a)),
      Math.round(0 * a + b * (1 - a)),
      255,
    ])
  })

  test('clamps the scale to 1…10', () => {
    expect(renderFace(skin, { scale: 0 }).width).toBe(8)
    expect(renderFace(skin, { scale: 37 }).width).toBe(80)
  })

  test('introduces no colour that is not in the skin (no smoothing)', () => {
    const colours = colourSet(renderFace(skin, { scale: 7 }))
    const texels = new Set<string>(['0,0,0,0'])
    for (let ty = 0; ty < 8; ty++) {
      for (let tx = 0; tx < 8; tx++) {
        texels.add(texelColour('head', 'base', 'front', tx, ty).join(','))
        const hat = texelColour('head', 'overlay', 'front', tx, ty)
        if (hat[3]) texels.add(hat.join(','))
      }
    }
    for (const c of colours) expect(texels.has(c)).toBe(true)
  })
})
