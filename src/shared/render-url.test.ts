import { describe, expect, test } from 'bun:test'
import { viewQuerySchema } from '../render/render-params'
import { renderQueryUrl, renderUrl } from './render-url'

const HASH = '1b84a8081994cce186eeae4787f95bce663d6711272782ce659d9cc954fec435'

describe('renderUrl', () => {
  test('heads are scale 10 with the overlay on by default: the render route defaults, so no query', () => {
    expect(renderUrl({ textureHash: HASH, view: 'head' })).toBe(`/render/head/${HASH}`)
  })

  test('a URL without a query asks the render route for its defaults, which are what renderUrl leaves out', () => {
    expect(viewQuerySchema.parse({})).toEqual({ scale: 10, overlay: true, slim: false })
    expect(viewQuerySchema.parse({ scale: '10', overlay: 'true' })).toEqual(viewQuerySchema.parse({}))
  })

  test('small heads are scale 2', () => {
    expect(renderUrl({ textureHash: HASH, view: 'head', size: 'small' })).toBe(`/render/head/${HASH}?scale=2&overlay=true`)
  })

  test('bodies are scale 10 and ask for slim arms when the variant is slim', () => {
    expect(renderUrl({ textureHash: HASH, view: 'body', variant: 'slim' })).toBe(`/render/body/${HASH}?scale=10&overlay=true&slim=true`)
    expect(renderUrl({ textureHash: HASH, view: 'body', variant: 'classic' })).toBe(`/render/body/${HASH}`)
    expect(renderUrl({ textureHash: HASH, view: 'body', variant: 'unknown' })).toBe(`/render/body/${HASH}`)
  })

  test('a slim head has the same URL as a classic one (no arms to draw, one cache entry)', () => {
    expect(renderUrl({ textureHash: HASH, view: 'head', variant: 'slim' })).toBe(renderUrl({ textureHash: HASH, view: 'head' }))
  })

  test('overlay off and the face view', () => {
    expect(renderUrl({ textureHash: HASH, view: 'face', overlay: false })).toBe(`/render/face/${HASH}?scale=10&overlay=false`)
  })

  test('hashes are lower-cased and escaped so a stray character cannot change the path', () => {
    expect(renderUrl({ textureHash: 'ABCDEF12', view: 'head' })).toBe('/render/head/abcdef12')
    expect(renderUrl({ textureHash: '../x?y', view: 'head' })).toBe('/render/head/..%2Fx%3Fy')
  })
})

describe('renderQueryUrl', () => {
  test('defaults follow SPEC §7: overlay on, head, scale 10, classic', () => {
    expect(renderQueryUrl({ url: HASH })).toBe(`/render?overlay=true&body=false&scale=10&slim=false&url=${HASH}`)
  })

  test('encodes the texture URL and passes every option', () => {
    const url = `http://textures.minecraft.net/texture/${HASH}`
    expect(renderQueryUrl({ url, body: true, overlay: false, scale: 4, slim: true })).toBe(
      `/render?overlay=false&body=true&scale=4&slim=true&url=${encodeURIComponent(url)}`,
    )
  })
})
