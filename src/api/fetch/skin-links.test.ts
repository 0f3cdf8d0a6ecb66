import { describe, expect, test } from 'bun:test'
import { skinIdFromUrl, textureHashFromUrl } from './index'

const self = ['https://skins.example']
const hash = '0aa97a60ff386b6075aea693893106358def0cd580e6360599811e08bde38b6f'

describe('links that name a known skin (DuplicateSource mineskin_url)', () => {
  test.each([
    ['https://minesk.in/0123abcd', '0123abcd'],
    ['https://mineskin.org/skins/0123456789ABCDEF0123456789abcdef', '0123456789abcdef0123456789abcdef'],
    ['https://skins.example/skins/01234567-89ab-cdef-0123-456789abcdef', '01234567-89ab-cdef-0123-456789abcdef'],
    ['https://skins.example/de/skins/0123abcd', '0123abcd'],
    ['https://skins.example/0123abcd', '0123abcd'],
  ])('%s -> %s', (url, id) => {
    expect(skinIdFromUrl(url, self)).toBe(id)
  })

  test.each(['https://skins.example/skins/popular', 'https://other.example/skins/0123abcd', 'https://minesk.in/xyz', 'nonsense'])(
    '%s is not a skin link',
    (url) => {
      expect(skinIdFromUrl(url, self)).toBeNull()
    },
  )
})

describe('links that name a known texture (DuplicateSource texture_url)', () => {
  test('Mojang texture URLs, trimmed or not, give the canonical hash', () => {
    expect(textureHashFromUrl(`http://textures.minecraft.net/texture/${hash.slice(1)}`)).toBe(hash)
    expect(textureHashFromUrl(`https://textures.minecraft.net/texture/${hash}`)).toBe(hash)
  })

  test('our own /textures/{hash} URLs count only for our origins', () => {
    expect(textureHashFromUrl(`https://skins.example/textures/${hash}`, self)).toBe(hash)
    expect(textureHashFromUrl(`https://other.example/textures/${hash}`, self)).toBeNull()
  })

  test('other URLs are not texture links', () => {
    expect(textureHashFromUrl('https://textures.minecraft.net/texture/nothex')).toBeNull()
    expect(textureHashFromUrl('https://example.com/a.png')).toBeNull()
  })
})
