/**
 * The browser's check of a picked file: PNG signature, 64×64 or 64×32, at most
 * 20 000 bytes — from the first 24 bytes and the size, as the form reads them.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkSkinFile, MAX_SKIN_BYTES, SKIN_FILE_HEAD_BYTES } from './skin-file'

const FIXTURES = join(import.meta.dir, '../../api/image/fixtures/hash-vectors')
const check = (bytes: Uint8Array) => checkSkinFile(bytes.slice(0, SKIN_FILE_HEAD_BYTES), bytes.length)
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)))

describe('skin file check', () => {
  test('64×64 and legacy 64×32 skins pass', () => {
    expect(check(fixture('randomImage1.png'))).toBeNull()
    expect(check(fixture('randomImage321.png'))).toBeNull()
  })
  test('other sizes are named with their pixels', () => {
    expect(check(fixture('invalid_small.png'))).toEqual({ code: 'bad_size', width: 10, height: 10 })
  })
  test('more than 20 000 bytes is too large, whatever the pixels', () => {
    const big = fixture('invalid_big.png')
    expect(big.length).toBeGreaterThan(MAX_SKIN_BYTES)
    expect(check(big)).toEqual({ code: 'too_large', size: big.length })
  })
  test('anything that is not a PNG, or too short to tell, is not a PNG', () => {
    expect(check(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)]))).toEqual({ code: 'not_png' })
    expect(check(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toEqual({ code: 'not_png' })
    expect(check(fixture('randomImage1.png').slice(0, 20))).toEqual({ code: 'not_png' })
  })
  test('a PNG whose first chunk is not IHDR is not a PNG (PNG spec §5.6)', () => {
    const bytes = fixture('randomImage1.png').slice()
    bytes.set([0x74, 0x45, 0x58, 0x74], 12)
    expect(check(bytes)).toEqual({ code: 'not_png' })
  })
})
