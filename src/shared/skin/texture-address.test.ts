import { describe, expect, test } from 'bun:test'
import { textureAddress, textureHashOf } from './texture-address'

const HASH = '2340c0e03dd24a11b15a8b33c2a7e9e32abb2051b2481d0ba7defd635ca7a933'

describe('textureHashOf', () => {
  test('takes the hash from the last path segment of a cape url, whatever the texture host', () => {
    expect(textureHashOf(`http://textures.minecraft.net/texture/${HASH}`)).toBe(HASH)
    expect(textureHashOf(`https://skins.example/textures/${HASH}?v=2#x`)).toBe(HASH)
    expect(textureHashOf(`https://skins.example/textures/${HASH}/`)).toBe(HASH)
    expect(textureHashOf(`/textures/${HASH}`)).toBe(HASH)
    // Mojang trims a leading zero: 63 digits are a hash too.
    expect(textureHashOf(`http://x/texture/${HASH.slice(1)}`)).toBe(HASH.slice(1))
  })

  test('a url that does not end in a texture hash gives none, so nothing is fetched for it', () => {
    expect(textureHashOf('http://x/a')).toBeNull()
    expect(textureHashOf(`http://x/${HASH}/cape.png`)).toBeNull()
    expect(textureHashOf(`http://x/texture/${HASH.toUpperCase()}`)).toBeNull()
    expect(textureHashOf(`http://x/texture/..%2F${HASH}`)).toBeNull()
    expect(textureHashOf('http://[::1')).toBeNull()
    expect(textureHashOf('')).toBeNull()
  })
})

test('textureAddress is same-origin', () => {
  expect(textureAddress(HASH)).toBe(`/textures/${HASH}`)
})
