import { expect, test } from 'bun:test'
import { skinPalette } from './palette'
import { blankTemplate } from './convert'
import { packColor, setTexel } from './texture'
import { fixtureTexture } from './testing/fixtures'

test('the blank template has its four colours, most used first', () => {
  // base texels per colour (classic): skin 384 - 64 + 2*224 (head and arms), trousers 2*224, shirt 352, face 64
  expect(skinPalette(blankTemplate('classic'))).toEqual([packColor(0xc6, 0x9a, 0x7b), packColor(0x3b, 0x3f, 0x5c), packColor(0x4a, 0x7f, 0xb5), packColor(0xd2, 0xa8, 0x8a)])
})

test('translucent colours are left out, ties keep reading order, max caps the list', () => {
  const t = fixtureTexture('randomImage1.png')
  for (let x = 0; x < 5; x++) setTexel(t, x, 40, packColor(9, 9, 9))
  for (let x = 0; x < 9; x++) setTexel(t, x, 41, packColor(1, 2, 3, 128))
  const palette = skinPalette(t, 3)
  expect(palette.length).toBe(3)
  expect(palette[0]).toBe(packColor(9, 9, 9))
  expect(palette).not.toContain(packColor(1, 2, 3, 128))
  expect(skinPalette(t).length).toBe(32)
})
