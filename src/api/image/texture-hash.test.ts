import { describe, expect, test } from 'bun:test'
import { canonicalTextureHash, isTextureHash, sha256Hex, trimmedTextureHash } from './index'

const full = '0aa97a60ff386b6075aea693893106358def0cd580e6360599811e08bde38b6f'
const trimmed = 'aa97a60ff386b6075aea693893106358def0cd580e6360599811e08bde38b6f'

describe('texture hash forms (reference mineskin-api.md §2.3)', () => {
  test('canonical form restores the leading zero Mojang drops and lowercases', () => {
    expect(canonicalTextureHash(trimmed)).toBe(full)
    expect(canonicalTextureHash(full.toUpperCase())).toBe(full)
  })

  test('trimmed form drops leading zeros only', () => {
    expect(trimmedTextureHash(full)).toBe(trimmed)
    expect(trimmedTextureHash(trimmed)).toBe(trimmed)
    const noZero = 'f'.repeat(64)
    expect(trimmedTextureHash(noZero)).toBe(noZero)
  })

  test('rejects strings that are not texture hashes', () => {
    for (const bad of ['', 'abc', 'g'.repeat(64), 'a'.repeat(65), 'a'.repeat(62)]) {
      expect(isTextureHash(bad)).toBe(false)
      expect(() => canonicalTextureHash(bad)).toThrow()
    }
    expect(isTextureHash(trimmed)).toBe(true)
    expect(isTextureHash(full)).toBe(true)
  })

  test('sha256Hex matches a known digest', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
