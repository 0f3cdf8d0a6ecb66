import { describe, expect, test } from 'bun:test'
import { randomName } from './index'

const shape = /^[A-Z][a-z]*( [A-Z][a-z-]*){2}$/

describe('randomName', () => {
  test('the same seed always gives the same name', () => {
    const seed = '3b9b2e0f8c1d4a6b9e7f5a2c1d0e9f8a'
    const first = randomName(seed)
    for (let i = 0; i < 5; i++) expect(randomName(seed)).toBe(first)
  })

  test('names are three capitalised words: adjective, colour, animal', () => {
    for (const seed of ['a', 'skin-1', 'f1bfcbddc68b49bfaac9fb9d8ce5293d']) expect(randomName(seed)).toMatch(shape)
  })

  test('different seeds give different names, anagrams included', () => {
    const names = new Set(Array.from({ length: 200 }, (_, i) => randomName(`seed-${i}`)))
    expect(names.size).toBeGreaterThan(195)
    expect(randomName('abc123')).not.toBe(randomName('321cba'))
  })

  test('without a seed the name is random', () => {
    const names = new Set(Array.from({ length: 20 }, () => randomName()))
    expect(names.size).toBeGreaterThan(15)
    for (const n of names) expect(n).toMatch(shape)
  })
})
