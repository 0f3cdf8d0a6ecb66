import { describe, expect, test } from 'bun:test'
import { rewriteImageUrl } from './index'

const ctx = { selfSkinTextureUrl: (id: string) => `http://127.0.0.1:8787/v2/skins/${id}/texture` }

describe('page rewrites (reference mineskin-api.md §2.1)', () => {
  test.each([
    ['https://imgur.com/AbC123', 'https://i.imgur.com/AbC123.png'],
    ['http://imgur.com/AbC123/', 'https://i.imgur.com/AbC123.png'],
    ['https://namemc.com/skin/0123456789abcdef', 'https://namemc.com/texture/0123456789abcdef.png'],
    ['https://de.namemc.com/skin/0123456789abcdef', 'https://namemc.com/texture/0123456789abcdef.png'],
    ['https://www.minecraftskins.com/skin/12345678/cool-skin/', 'https://www.minecraftskins.com/skin/download/12345678'],
    ['https://minecraft.novaskin.me/skin/98765/some-name', 'https://minecraft.novaskin.me/skin/98765/download'],
    ['https://minesk.in/0123abcd', 'http://127.0.0.1:8787/v2/skins/0123abcd/texture'],
    ['https://mineskin.org/skins/0123456789abcdef0123456789abcdef', 'http://127.0.0.1:8787/v2/skins/0123456789abcdef0123456789abcdef/texture'],
  ])('%s -> %s', (from, to) => {
    expect(rewriteImageUrl(from, ctx)).toBe(to)
  })

  test('without a context minesk.in links stay as they are, other rewrites still apply', () => {
    expect(rewriteImageUrl('https://minesk.in/0123abcd')).toBe('https://minesk.in/0123abcd')
    expect(rewriteImageUrl('https://imgur.com/AbC123')).toBe('https://i.imgur.com/AbC123.png')
  })

  test.each([
    'https://i.imgur.com/AbC123.png',
    'https://imgur.com/gallery/AbC123',
    'https://example.com/namemc.com/skin/abc',
    'https://textures.minecraft.net/texture/abc',
  ])('leaves %s alone', (url) => {
    expect(rewriteImageUrl(url, ctx)).toBe(url)
  })
})
