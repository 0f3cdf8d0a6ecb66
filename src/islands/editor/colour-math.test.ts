/** The colour picker's conversions: hex ↔ HSV round trips, and what the hex field accepts. */
import { expect, test } from 'bun:test'
import { hexToHsv, hsvToHex, normaliseHex } from './colour-math'

test('hex → HSV → hex gives the same colour', () => {
  for (const hex of ['#000000', '#ffffff', '#ff0000', '#3c8527', '#d2a88a', '#1867c0', '#7f7f7f']) expect(hsvToHex(hexToHsv(hex)!)).toBe(hex)
  expect(hexToHsv('#ff0000')).toEqual({ h: 0, s: 1, v: 1 })
  expect(hexToHsv('#00ff00')?.h).toBe(120)
  expect(hexToHsv('red')).toBeNull()
})

test('the hex field takes #rrggbb, rrggbb and #rgb in any case', () => {
  expect(normaliseHex('#3C8527')).toBe('#3c8527')
  expect(normaliseHex('3c8527')).toBe('#3c8527')
  expect(normaliseHex(' #abc ')).toBe('#aabbcc')
  expect(normaliseHex('#12345')).toBeNull()
  expect(normaliseHex('#gggggg')).toBeNull()
})
